import { type CrudApi, crudApi } from './crud';
import {
  type DeptRead,
  getBladeSystemDeptDetail,
  getBladeSystemDeptList,
  postBladeSystemDeptRemove,
  postBladeSystemDeptSubmit,
} from './generated/client';

/** A department as dept/list (a forest) and dept/detail answer it. */
export type Dept = DeptRead;

/** Departments: list answers the tenant's whole forest (filters deptName, fullName), in the acting tenant. */
export const deptApiFor = (tenantId?: string): CrudApi<Dept> =>
  crudApi<Dept>(
    {
      list: getBladeSystemDeptList,
      detail: getBladeSystemDeptDetail,
      submit: postBladeSystemDeptSubmit,
      remove: postBladeSystemDeptRemove,
    },
    {},
    tenantId,
  );
