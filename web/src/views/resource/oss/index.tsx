import { type Oss, ossApi } from '#src/api/resourceAdmin';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { enableAction, secretColumn, statusColumn } from './config';

const option: CrudOption<Oss> = {
  name: 'oss',
  permissions: { add: 'oss_add', edit: 'oss_edit', view: 'oss_view', delete: 'oss_delete' },
  dialogWidth: 760,
  columns: [
    {
      prop: 'category',
      label: 'resource.oss.category',
      type: 'select',
      dictCode: 'oss',
      search: true,
      required: true,
      width: 110,
    },
    { prop: 'ossCode', label: 'resource.oss.ossCode', search: true, required: true, rules: [{ max: 32 }] },
    {
      prop: 'endpoint',
      label: 'resource.oss.endpoint',
      required: true,
      overHidden: true,
      width: 220,
      rules: [{ max: 255 }],
    },
    { prop: 'transformEndpoint', label: 'resource.oss.transformEndpoint', hide: true, rules: [{ max: 255 }] },
    {
      prop: 'bucketName',
      label: 'resource.oss.bucketName',
      search: true,
      required: true,
      rules: [{ max: 255 }],
    },
    secretColumn<Oss>('accessKey', 'resource.oss.accessKey', true),
    secretColumn<Oss>('secretKey', 'resource.oss.secretKey', true),
    { prop: 'appId', label: 'resource.oss.appId', hide: true },
    { prop: 'region', label: 'resource.oss.region', hide: true },
    statusColumn<Oss>(),
    { prop: 'remark', label: 'resource.oss.remark', type: 'textarea', span: 24, rules: [{ max: 255 }] },
  ],
  rowActions: [enableAction<Oss>('oss')],
};

/** 对象存储 (/resource/oss): configs with masked keys; one enabled config per tenant holds new uploads. */
export default function OssPage() {
  return <CrudPage option={option} api={ossApi} />;
}
