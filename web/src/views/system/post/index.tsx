import { Form } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tenantSelectQuery } from '#src/api/org';
import { type Post, postApi } from '#src/api/systemAdmin';
import { useSession } from '#src/app/stores/session';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { TenantSelect, useIsPlatformAdmin } from '#src/components/TenantSelect';

const FULL = { add: 'post_add', edit: 'post_edit', view: 'post_view', delete: 'post_delete' };

/**
 * 岗位管理 (/system/post). The platform administrator picks a tenant above the list (`tenantId` on the
 * list call). The backend's post detail / submit / remove act in the caller's own tenant only, so
 * another tenant's posts are shown read-only (view uses the listed row).
 */
export default function PostPage() {
  const { t } = useTranslation();
  const platform = useIsPlatformAdmin();
  const ownTenant = useSession((s) => s.tenantId);
  const [tenantId, setTenantId] = useState<string>();
  const foreign = Boolean(tenantId && tenantId !== ownTenant);

  const option = useMemo<CrudOption<Post>>(
    () => ({
      name: 'post',
      permissions: foreign ? { view: FULL.view } : FULL,
      dialogWidth: 720,
      // Another tenant's rows cannot be read by id: show the row as listed.
      beforeOpen: foreign ? (_mode, row) => row : undefined,
      columns: [
        {
          prop: 'tenantId',
          label: 'system.post.tenantId',
          dicQuery: tenantSelectQuery,
          props: { label: 'tenantName', value: 'tenantId' },
          hide: !platform,
          display: false,
          width: 140,
        },
        {
          prop: 'category',
          label: 'system.post.category',
          type: 'select',
          dictCode: 'post_category',
          search: true,
          required: true,
          width: 120,
        },
        {
          prop: 'postCode',
          label: 'system.post.postCode',
          search: true,
          required: true,
          rules: [{ max: 12 }],
        },
        {
          prop: 'postName',
          label: 'system.post.postName',
          search: true,
          required: true,
          rules: [{ max: 64 }],
        },
        { prop: 'sort', label: 'system.post.sort', type: 'number', required: true, value: 1, width: 100 },
        { prop: 'remark', label: 'system.post.remark', type: 'textarea', span: 24, hide: true },
      ],
    }),
    [foreign, platform],
  );

  return (
    <CrudPage
      option={option}
      api={postApi}
      query={tenantId ? { tenantId } : undefined}
      searchExtra={
        platform && (
          <Form.Item label={t('shared.tenant')}>
            <TenantSelect value={tenantId} onChange={setTenantId} />
          </Form.Item>
        )
      }
    />
  );
}
