import { crudApi } from './crud';
import {
  getBladeSystemTenantDetail,
  getBladeSystemTenantList,
  type PackageRead,
  postBladeSystemTenantPackageSetting,
  postBladeSystemTenantRemove,
  postBladeSystemTenantSetting,
  postBladeSystemTenantSubmit,
  type TenantRead,
  type TenantWrite,
} from './generated/client';
import { packageSelectQuery } from './org';

/** A tenant (blade_tenant); platform administrator only. */
export type Tenant = TenantRead;

export type PackageOption = PackageRead;

// Spec §7/§9: tenant submit may take 20 s (it creates the tenant's organisation).
export const tenantApi = crudApi(
  {
    list: getBladeSystemTenantList,
    detail: getBladeSystemTenantDetail,
    submit: postBladeSystemTenantSubmit,
    remove: postBladeSystemTenantRemove,
  },
  {
    async submit(row) {
      return (await postBladeSystemTenantSubmit(row as TenantWrite, { timeout: 20_000 })).msg;
    },
  },
);

/** Account quota (empty = unlimited) and expiry (empty clears it) of several tenants. */
export async function tenantSetting(ids: string[], accountNumber?: number | null, expireTime?: string) {
  const params = { ids: ids.join(','), accountNumber: accountNumber ?? '', expireTime: expireTime ?? '' };
  return (await postBladeSystemTenantSetting({ params })).msg;
}

/** Sets (or with no package clears) a tenant's package. */
export async function tenantPackageSetting(tenantId: string, packageId?: string) {
  return (await postBladeSystemTenantPackageSetting({ params: { tenantId, packageId: packageId ?? '' } }))
    .msg;
}

export const fetchPackageOptions = packageSelectQuery.queryFn;
