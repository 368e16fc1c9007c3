import { Progress } from 'antd';
import { type Batch, batchApi, deviceSelectQuery, productSelectQuery } from '#src/api/product';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { PointField } from '../PointField';

const option: CrudOption<Batch> = {
  name: 'batch',
  permissions: { add: 'batch_add', edit: 'batch_edit', view: 'batch_view', delete: 'batch_delete' },
  dialogWidth: 820,
  columns: [
    { prop: 'batchNo', label: 'product.batch.batchNo', search: true, required: true, rules: [{ max: 64 }] },
    {
      prop: 'productId',
      label: 'product.batch.productId',
      type: 'select',
      search: true,
      required: true,
      dicQuery: productSelectQuery,
      props: { label: 'productName', value: 'id' },
    },
    {
      prop: 'deviceId',
      label: 'product.batch.deviceId',
      type: 'select',
      dicQuery: deviceSelectQuery,
      props: { label: 'name', value: 'id' },
    },
    { prop: 'countPointId', label: 'product.batch.countPointId', hide: true, formComponent: PointField },
    { prop: 'planQuantity', label: 'product.batch.planQuantity', type: 'number', required: true, width: 100 },
    { prop: 'producedQuantity', label: 'product.batch.producedQuantity', display: false, width: 100 },
    {
      prop: 'progress',
      label: 'product.batch.progress',
      display: false,
      width: 160,
      render: (row) =>
        row.progress == null ? '-' : <Progress percent={Math.round(row.progress * 100)} size="small" />,
    },
    { prop: 'batchStatus', label: 'product.batch.batchStatus', display: false, width: 90 },
    { prop: 'startTime', label: 'product.batch.startTime', type: 'datetime', required: true, width: 170 },
    { prop: 'endTime', label: 'product.batch.endTime', type: 'datetime', width: 170 },
    {
      prop: 'remark',
      label: 'product.product.remark',
      type: 'textarea',
      span: 24,
      hide: true,
      rules: [{ max: 500 }],
    },
  ],
};

/** 批次产品 (/product/batch): batches; progress is what the bound counter point counted since the start. */
export default function BatchPage() {
  return <CrudPage option={option} api={batchApi} />;
}
