import { CloudUploadOutlined, LayoutOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { designApi, type FormDesign, fetchCatalogueTree, publishDesign } from '#src/api/formAdmin';
import { toast } from '#src/app/feedback';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';

const L = (key: string) => `form.management.${key}`;
const catalogueTreeQuery = { queryKey: ['form', 'catalogue', 'tree'], queryFn: fetchCatalogueTree };

/**
 * 表单管理 (/form/management): every form design with its catalogue folder, state (draft / published) and
 * latest version; opens one in the designer, publishes its draft.
 */
export default function FormManagementPage() {
  const navigate = useNavigate();
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
  return <CrudPage option={option} api={designApi} />;
}
