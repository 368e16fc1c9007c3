import { type Product, productApi } from '#src/api/product';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';

const option: CrudOption<Product> = {
  name: 'product_product',
  permissions: {
    add: 'product_product_add',
    edit: 'product_product_edit',
    view: 'product_product_view',
    delete: 'product_product_delete',
  },
  columns: [
    {
      prop: 'productName',
      label: 'product.product.productName',
      search: true,
      required: true,
      rules: [{ max: 128 }],
    },
    {
      prop: 'productCode',
      label: 'product.product.productCode',
      search: true,
      required: true,
      rules: [{ max: 64 }],
    },
    { prop: 'specification', label: 'product.product.specification', rules: [{ max: 128 }] },
    { prop: 'unit', label: 'product.product.unit', rules: [{ max: 32 }], width: 80 },
    { prop: 'idealCycleTime', label: 'product.product.idealCycleTime', type: 'number', width: 140 },
    { prop: 'sort', label: 'product.product.sort', type: 'number', value: 0, width: 80 },
    { prop: 'remark', label: 'product.product.remark', type: 'textarea', span: 24, rules: [{ max: 500 }] },
  ],
};

/** 产品管理 (/product/product): products and their ideal cycle time (what OEE performance is measured against). */
export default function ProductPage() {
  return <CrudPage option={option} api={productApi} />;
}
