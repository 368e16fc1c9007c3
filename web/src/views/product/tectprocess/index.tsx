import { processApi, productSelectQuery, type TechProcess } from '#src/api/product';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { StepsField } from './StepsField';

const option: CrudOption<TechProcess> = {
  name: 'tectprocess',
  permissions: {
    add: 'tectprocess_add',
    edit: 'tectprocess_edit',
    view: 'tectprocess_view',
    delete: 'tectprocess_delete',
  },
  dialogWidth: 900,
  columns: [
    {
      prop: 'processName',
      label: 'product.tectprocess.processName',
      search: true,
      required: true,
      rules: [{ max: 128 }],
    },
    { prop: 'processCode', label: 'product.tectprocess.processCode', rules: [{ max: 64 }] },
    {
      prop: 'productId',
      label: 'product.tectprocess.productId',
      type: 'select',
      search: true,
      required: true,
      dicQuery: productSelectQuery,
      props: { label: 'productName', value: 'id' },
    },
    {
      prop: 'protList',
      label: 'product.tectprocess.steps',
      span: 24,
      value: [],
      formComponent: StepsField,
      render: (row) => row.protList.map((step) => step.name).join(' → '),
    },
    { prop: 'remark', label: 'product.product.remark', type: 'textarea', span: 24, rules: [{ max: 500 }] },
  ],
};

/** 工艺流程 (/product/tectprocess): a product's craft flows, each an ordered list of steps. */
export default function TectprocessPage() {
  return <CrudPage option={option} api={processApi} />;
}
