import { type CrudApi, crudApi } from './crud';

/** A department as dept/list (a forest) and dept/detail answer it. */
export interface Dept {
  id?: string;
  tenantId?: string;
  parentId?: string;
  parentName?: string;
  ancestors?: string;
  deptCategory: number | string;
  deptName: string;
  fullName?: string;
  sort: number;
  remark?: string;
  hasChildren?: boolean;
  children?: Dept[];
}

/** Departments: list answers the tenant's whole forest (filters deptName, fullName), in the acting tenant. */
export const deptApiFor = (tenantId?: string): CrudApi<Dept> =>
  crudApi<Dept>('/blade-system/dept', {}, tenantId);
