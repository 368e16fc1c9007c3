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

/** Departments: list answers the tenant's whole forest (filters deptName, fullName; `tenantId`). */
export const deptApi: CrudApi<Dept> = crudApi({
  list: getBladeSystemDeptList,
  detail: getBladeSystemDeptDetail,
  submit: postBladeSystemDeptSubmit,
  remove: postBladeSystemDeptRemove,
});
