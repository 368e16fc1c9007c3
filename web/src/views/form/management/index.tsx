import { CloudUploadOutlined, EyeOutlined, HistoryOutlined, LayoutOutlined } from '@ant-design/icons';
import { Drawer, Modal } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  designApi,
  type FormDesign,
  type FormVersion,
  fetchCatalogueTree,
  formKeys,
  publishDesign,
  versionApi,
} from '#src/api/formAdmin';
import { toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { type CrudOption, CrudPage, READ_ONLY } from '#src/components/CrudPage';
import { parseOption } from '#src/designer/io';
import { i18n } from '#src/i18n';

const L = (key: string) => `form.management.${key}`;
const catalogueTreeQuery = { queryKey: formKeys.of('catalogue', 'tree'), queryFn: fetchCatalogueTree };
const FormRenderer = lazyChunk(() =>
  import('#src/designer/runtime/FormRenderer').then((m) => ({ default: m.FormRenderer })),
);

/**
 * 表单管理 (/form/management): every form design with its catalogue folder, state (draft / published) and
 * latest version; opens one in the designer, publishes its draft.
 */
export default function FormManagementPage() {
  const navigate = useNavigate();
  const [versionsOf, setVersionsOf] = useState<FormDesign | null>(null);
  const option = useMemo<CrudOption<FormDesign>>(
    () => ({
      name: 'form-management',
      urlState: true,
      permissions: {
        add: 'management_add',
        edit: 'management_edit',
        view: 'management_view',
        delete: 'management_delete',
      },
      columns: [
        { prop: 'name', label: L('name'), search: true, required: true, rules: [{ max: 128 }] },
        {
          prop: 'catalogueId',
          label: L('catalogueId'),
          type: 'tree-select',
          dicQuery: catalogueTreeQuery,
          props: { label: 'name', value: 'id' },
          search: true,
          render: (row) => row.catalogueName ?? '',
        },
        {
          prop: 'status',
          label: L('status'),
          type: 'select',
          dicData: [
            { label: L('draft'), value: 0 },
            { label: L('published'), value: 1 },
          ],
          search: true,
          display: false,
          width: 110,
        },
        { prop: 'version', label: L('version'), display: false, width: 90 },
        { prop: 'updateTime', label: L('updateTime'), display: false, width: 170 },
        { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true },
      ],
      rowActions: [
        {
          key: 'design',
          code: 'design_edit',
          label: L('design'),
          icon: <LayoutOutlined />,
          onClick: (row) => navigate(`/form/design?id=${row.id}`),
        },
        {
          key: 'versions',
          code: 'management_view',
          label: L('versions'),
          icon: <HistoryOutlined />,
          show: (row) => row.version > 0,
          onClick: (row) => setVersionsOf(row),
        },
        {
          key: 'publish',
          code: 'management_edit',
          label: L('publish'),
          icon: <CloudUploadOutlined />,
          show: (row) => row.status === 0,
          onClick: async (row, ctx) => {
            const version = await publishDesign(row.id);
            toast.success(`${i18n.t('form.design.published')} v${version.version}`);
            await ctx.refresh();
          },
        },
      ],
    }),
    [navigate],
  );
  return (
    <>
      <CrudPage option={option} api={designApi} />
      <Drawer
        open={versionsOf !== null}
        onClose={() => setVersionsOf(null)}
        width={720}
        title={versionsOf?.name}
        destroyOnHidden
      >
        {versionsOf && <Versions designId={versionsOf.id} />}
      </Drawer>
    </>
  );
}

/** A design's published versions (immutable), newest first; each opens read-only in the runtime renderer. */
function Versions({ designId }: { designId: string }) {
  const [shown, setShown] = useState<FormVersion | null>(null);
  const option = useMemo<CrudOption<FormVersion>>(
    () => ({
      name: 'form-versions',
      permissions: { view: 'management_view' },
      ...READ_ONLY,
      columns: [
        { prop: 'version', label: L('version'), width: 90 },
        { prop: 'remark', label: L('remark') },
        { prop: 'createTime', label: L('publishTime'), width: 180 },
      ],
      rowActions: [
        {
          key: 'show',
          code: 'management_view',
          label: L('show'),
          icon: <EyeOutlined />,
          onClick: (row) => setShown(row),
        },
      ],
    }),
    [],
  );
  return (
    <>
      <CrudPage option={option} api={versionApi} query={{ designId }} />
      <Modal
        open={shown !== null}
        onCancel={() => setShown(null)}
        footer={null}
        width={900}
        title={shown ? `v${shown.version}` : ''}
      >
        <Suspense fallback={null}>
          {shown && <FormRenderer option={{ ...parseOption(shown.content), detail: true }} />}
        </Suspense>
      </Modal>
    </>
  );
}
