import { CheckCircleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { ENABLED, enableConfig } from '#src/api/resourceAdmin';
import { toast } from '#src/app/feedback';
import type { CrudColumn, CrudRowAction } from '#src/components/CrudPage';
import { successMessage } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';

type Config = { id?: string; status?: number };

/** The status column: the tenant's one enabled config is marked. */
export function statusColumn<T extends Config>(): CrudColumn<T> {
  return {
    prop: 'status' as keyof T & string,
    label: 'resource.oss.status',
    display: false,
    width: 100,
    render: (row) =>
      Number(row.status) === ENABLED ? (
        <Tag color="green" icon={<CheckCircleOutlined />} data-enabled="">
          {i18n.t('resource.oss.enabled')}
        </Tag>
      ) : (
        <Tag>{i18n.t('resource.oss.disabled')}</Tag>
      ),
  };
}

/** 启用: this config becomes the enabled one and every other of the tenant is disabled (server side). */
export function enableAction<T extends Config>(kind: 'oss' | 'sms'): CrudRowAction<T> {
  return {
    key: 'enable',
    code: `${kind}_enable`,
    label: 'resource.oss.enable',
    show: (row) => Number(row.status) !== ENABLED,
    onClick: async (row, ctx) => {
      try {
        const msg = await enableConfig(kind, String(row.id));
        toast.success(successMessage(i18n.t('resource.oss.enableSuccess'), msg));
        await ctx.refresh();
      } catch {
        // shown by the HTTP layer
      }
    },
  };
}

/** Secrets come back as `******` (none of their characters); sending them back unchanged keeps the stored ones. */
export function secretColumn<T>(prop: keyof T & string, label: string, required: boolean): CrudColumn<T> {
  return {
    prop,
    label,
    hide: true,
    tip: 'resource.oss.secretTip',
    required,
  };
}
