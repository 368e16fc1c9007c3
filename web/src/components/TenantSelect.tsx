import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchTenantSelect } from '#src/api/org';
import { DEFAULT_TENANT, useSession } from '#src/app/stores/session';

/** The platform administrator: tenant 000000 with the `administrator` role (backend `is_platform_admin`). */
export function useIsPlatformAdmin() {
  return useSession(
    (s) => s.tenantId === DEFAULT_TENANT && (s.auth?.role_name ?? '').split(',').includes('administrator'),
  );
}

export interface TenantSelectProps extends Omit<SelectProps<string>, 'options' | 'onChange'> {
  value?: string;
  /** The chosen tenant id (`tenantId`, e.g. 356782), or undefined when cleared. */
  onChange?: (tenantId: string | undefined) => void;
}

/**
 * Lets the platform administrator pick a tenant (GET /blade-system/tenant/select); renders nothing for
 * anyone else, whose calls are pinned to their own tenant by the server anyway.
 */
export function TenantSelect({ value, onChange, style, ...props }: TenantSelectProps) {
  const { t } = useTranslation();
  const platform = useIsPlatformAdmin();
  const tenants = useQuery({ queryKey: ['tenant-select'], queryFn: fetchTenantSelect, enabled: platform });
  if (!platform) return null;
  return (
    <Select<string>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('shared.tenantPlaceholder')}
      aria-label={t('shared.tenant')}
      loading={tenants.isLoading}
      style={{ minWidth: 200, ...style }}
      value={value}
      onChange={(v) => onChange?.(v || undefined)}
      options={(tenants.data ?? []).map((x) => ({
        value: x.tenantId,
        label: `${x.tenantName} (${x.tenantId})`,
      }))}
      {...props}
    />
  );
}
