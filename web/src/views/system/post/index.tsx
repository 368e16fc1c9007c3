import { useMemo } from 'react';
import { tenantSelectQuery } from '#src/api/org';
import { type Post, postApiFor } from '#src/api/systemAdmin';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { useActingTenant } from '#src/components/TenantSelect';

const FULL = { add: 'post_add', edit: 'post_edit', view: 'post_view', delete: 'post_delete' };

/**
 * 岗位管理 (/system/post). The platform administrator picks a tenant above the list and manages its posts
 * like the own tenant's (`tenantId` on every call).
 */
export default function PostPage() {
  const { platform, acting, picker } = useActingTenant();
  const api = useMemo(() => postApiFor(acting), [acting]);

  const option = useMemo<CrudOption<Post>>(
    () => ({
      name: 'post',
      urlState: true,
      // The user list shows post names.
      invalidates: ['user'],
      permissions: FULL,
      dialogWidth: 720,
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
          sortable: true,
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
        {
          prop: 'sort',
          label: 'system.post.sort',
          type: 'number',
          required: true,
          value: 1,
          width: 100,
          sortable: true,
        },
        { prop: 'remark', label: 'system.post.remark', type: 'textarea', span: 24, hide: true },
      ],
    }),
    [platform],
  );

  return <CrudPage option={option} api={api} searchExtra={picker} />;
}
