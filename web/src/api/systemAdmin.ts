import { crudApi } from './crud';
import {
  getBladeSystemParamDetail,
  getBladeSystemParamList,
  getBladeSystemPostDetail,
  getBladeSystemPostList,
  getBladeSystemTenantPackageDetail,
  getBladeSystemTenantPackageList,
  type PackageRead,
  type ParamRead,
  type PostRead,
  postBladeSystemParamRemove,
  postBladeSystemParamSubmit,
  postBladeSystemPostRemove,
  postBladeSystemPostSubmit,
  postBladeSystemTenantPackageRemove,
  postBladeSystemTenantPackageSubmit,
} from './generated/client';

/** System administration CRUD endpoints (spec §7 System); one entry per screen. */

export type Param = ParamRead;
export type Post = PostRead;
/** `menuId`: menu and button ids, comma-joined. */
export type TenantPackage = PackageRead;

export const paramApi = crudApi({
  list: getBladeSystemParamList,
  detail: getBladeSystemParamDetail,
  submit: postBladeSystemParamSubmit,
  remove: postBladeSystemParamRemove,
});

/** Posts, in the acting tenant. */
export const postApiFor = (tenantId?: string) =>
  crudApi<Post>(
    {
      list: getBladeSystemPostList,
      detail: getBladeSystemPostDetail,
      submit: postBladeSystemPostSubmit,
      remove: postBladeSystemPostRemove,
    },
    {},
    tenantId,
  );

export const tenantPackageApi = crudApi({
  list: getBladeSystemTenantPackageList,
  detail: getBladeSystemTenantPackageDetail,
  submit: postBladeSystemTenantPackageSubmit,
  remove: postBladeSystemTenantPackageRemove,
});
