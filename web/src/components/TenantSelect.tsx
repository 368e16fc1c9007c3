import { useQuery } from '@tanstack/react-query';
import { Form, Select, type SelectProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTenantSelect } from '#src/api/org';
import { systemKeys } from '#src/api/system';
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
  const tenants = useQuery({
    queryKey: systemKeys.of('tenant-select'),
    queryFn: fetchTenantSelect,
    enabled: platform,
  });
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

export interface ActingTenant {
  /** The platform administrator (the only caller the server lets act in another tenant). */
  platform: boolean;
  /** The tenant picked in the picker (may be the caller's own). */
  tenantId?: string;
  /** The picked tenant when it is not the caller's own: pass it as `tenantId` on every call of the screen. */
  acting?: string;
  /** The labelled picker for a search form; null for everyone but the platform administrator. */
  picker: ReactNode;
}

/**
 * The platform administrator's tenant picker and the tenant a screen acts in. The server binds the whole
 * request to `tenantId` (list, detail, submit, remove and the screen's other actions), so a screen passes
 * `acting` to its API and gets another tenant's rows, editable like its own.
 */
export function useActingTenant(onChange?: (tenantId: string | undefined) => void): ActingTenant {
  const { t } = useTranslation();
  const platform = useIsPlatformAdmin();
  const ownTenant = useSession((s) => s.tenantId);
  const [tenantId, setTenantId] = useState<string>();
  const picker = platform ? (
    <Form.Item label={t('shared.tenant')}>
      <TenantSelect
        value={tenantId}
        onChange={(next) => {
          setTenantId(next);
          onChange?.(next);
        }}
      />
    </Form.Item>
  ) : null;
  return { platform, tenantId, acting: tenantId && tenantId !== ownTenant ? tenantId : undefined, picker };
}
