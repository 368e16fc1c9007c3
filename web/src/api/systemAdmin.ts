import { crudApi } from './crud';

/** System administration CRUD endpoints (spec §7 System); one line per screen. */

export interface Param {
  id?: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark?: string;
}

export interface Post {
  id?: string;
  tenantId?: string;
  category: number | string;
  postCode: string;
  postName: string;
  sort: number;
  remark?: string;
}

export interface TenantPackage {
  id?: string;
  packageName: string;
  /** Menu and button ids, comma-joined. */
  menuId: string;
  remark?: string;
}

export const paramApi = crudApi<Param>('/blade-system/param');
export const postApiFor = (tenantId?: string) => crudApi<Post>('/blade-system/post', {}, tenantId);
export const tenantPackageApi = crudApi<TenantPackage>('/blade-system/tenant-package');
