import { crudApi } from './crud';
import { http } from './http';
import type { R } from './types';

/** A tenant (blade_tenant); platform administrator only. */
export interface Tenant {
  id?: string;
  /** Immutable once created; empty on add lets the server pick a free 6-digit id. */
  tenantId?: string;
  tenantName: string;
  domain?: string;
  backgroundUrl?: string;
  linkman?: string;
  contactNumber?: string;
  address?: string;
  /** -1 = unlimited. */
  accountNumber?: number;
  expireTime?: string;
  packageId?: string;
}

export interface PackageOption {
  id: string;
  packageName: string;
}

// Spec §7/§9: tenant submit may take 20 s (it creates the tenant's organisation).
export const tenantApi = crudApi<Tenant>('/blade-system/tenant', {
  async submit(row) {
    const { data } = await http.post<R<unknown>>('/blade-system/tenant/submit', row, { timeout: 20_000 });
    return data.msg;
  },
});

/** Account quota (empty = unlimited) and expiry (empty clears it) of several tenants. */
export async function tenantSetting(ids: string[], accountNumber?: number | null, expireTime?: string) {
  const { data } = await http.post<R<boolean>>('/blade-system/tenant/setting', null, {
    params: {
      ids: ids.join(','),
      accountNumber: accountNumber ?? '',
      expireTime: expireTime ?? '',
    },
  });
  return data.msg;
}

/** Sets (or with no package clears) a tenant's package. */
export async function tenantPackageSetting(tenantId: string, packageId?: string) {
  const { data } = await http.post<R<boolean>>('/blade-system/tenant/package-setting', null, {
    params: { tenantId, packageId: packageId ?? '' },
  });
  return data.msg;
}

export async function fetchPackageOptions() {
  const { data } = await http.get<R<PackageOption[]>>('/blade-system/tenant-package/select');
  return data.data ?? [];
}
