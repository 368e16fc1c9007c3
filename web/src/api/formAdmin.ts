import { crudApi } from './crud';
import {
  type FormApiOption,
  type FormCatalogueNode,
  type FormCatalogueRead,
  type FormDesignDetailRead,
  type FormDesignRead,
  type FormDesignWrite,
  type FormDictItem,
  type FormHookParamRead,
  type FormHookRead,
  type FormLogRead,
  type FormLogValueRead,
  getFormFormcatalogueDetail,
  getFormFormcatalogueList,
  getFormFormcatalogueTree,
  getFormFormdesignDetail,
  getFormFormdesigndetailDetail,
  getFormFormdesigndetailList,
  getFormFormdesignList,
  getFormFormdesignPublished,
  getFormFormhookDetail,
  getFormFormhookList,
  getFormFormhookListApis,
  getFormFormhookparamsDetail,
  getFormFormhookparamsList,
  getFormFormlogDetail,
  getFormFormlogList,
  getFormFormlogvalueList,
  type PublishedForm,
  postFormFormcatalogueRemove,
  postFormFormcatalogueSubmit,
  postFormFormdesigndetailRemove,
  postFormFormdesigndetailSubmit,
  postFormFormdesignRemove,
  postFormFormdesignSubmit,
  postFormFormhookparamsRemove,
  postFormFormhookparamsSubmit,
  postFormFormhookRemove,
  postFormFormhookSubmit,
  postFormFormlogRemove,
  postFormFormlogSubmit,
  postFormUpload,
} from './generated/client';
import { http } from './http';
import { areaKeys } from './queryKeys';

export const formKeys = areaKeys('form');

/** The forms area (/api/form): catalogue, designs and versions, hooks, logs. */
export type FormCatalogue = FormCatalogueRead;
export type FormDesign = FormDesignRead;
export type FormVersion = FormDesignDetailRead;
export type FormHook = FormHookRead;
export type FormHookParam = FormHookParamRead;
export type FormLog = FormLogRead;
export type FormLogValue = FormLogValueRead;
export type { FormApiOption, FormCatalogueNode, FormDictItem, PublishedForm };

export const catalogueApi = crudApi<FormCatalogue>({
  list: getFormFormcatalogueList,
  detail: getFormFormcatalogueDetail,
  submit: postFormFormcatalogueSubmit,
  remove: (options) => postFormFormcatalogueRemove(options),
});

export const designApi = crudApi<FormDesign>({
  list: getFormFormdesignList,
  detail: getFormFormdesignDetail,
  submit: postFormFormdesignSubmit,
  remove: (options) => postFormFormdesignRemove(options),
});

export const versionApi = crudApi<FormVersion>({
  list: getFormFormdesigndetailList,
  detail: getFormFormdesigndetailDetail,
  submit: postFormFormdesigndetailSubmit,
  remove: (options) => postFormFormdesigndetailRemove(options),
});

export const hookApi = crudApi<FormHook>({
  list: getFormFormhookList,
  detail: getFormFormhookDetail,
  submit: postFormFormhookSubmit,
  remove: (options) => postFormFormhookRemove(options),
});

export const hookParamApi = crudApi<FormHookParam>({
  list: getFormFormhookparamsList,
  detail: getFormFormhookparamsDetail,
  submit: postFormFormhookparamsSubmit,
  remove: (options) => postFormFormhookparamsRemove(options),
});

export const logApi = crudApi<FormLog>({
  list: getFormFormlogList,
  detail: getFormFormlogDetail,
  submit: async () => ({ data: null, msg: '' }),
  remove: (options) => postFormFormlogRemove(options),
});

export const LOG_EXPORT_URL = '/form/formlog/export';

export async function fetchCatalogueTree(): Promise<FormCatalogueNode[]> {
  return (await getFormFormcatalogueTree()).data ?? [];
}

export async function fetchDesign(id: string): Promise<FormDesign> {
  return (await getFormFormdesignDetail({ id } as never)).data as FormDesign;
}

export async function fetchDesigns(): Promise<FormDesign[]> {
  return (await getFormFormdesignList({ current: 1, size: 200 } as never)).data?.records ?? [];
}

export async function saveDesign(body: FormDesignWrite): Promise<FormDesign> {
  return (await postFormFormdesignSubmit(body)).data as FormDesign;
}

export async function publishDesign(designId: string): Promise<FormVersion> {
  return (await postFormFormdesigndetailSubmit({ designId } as never)).data as FormVersion;
}

export async function fetchPublished(catalogueId?: string): Promise<PublishedForm[]> {
  return (await getFormFormdesignPublished(catalogueId ? ({ catalogueId } as never) : undefined)).data ?? [];
}

export async function fetchApis(): Promise<FormApiOption[]> {
  return (await getFormFormhookListApis()).data ?? [];
}

/** A remote dictionary's items from a column's `dicUrl` (`/api/form/formhook/getData/{hookId}` or any API path). */
export async function fetchDictionary(
  url: string,
  method = 'get',
  query: Record<string, string> = {},
): Promise<Record<string, unknown>[]> {
  const path = url.replace(/^\/api(?=\/)/, '');
  const post = method.toLowerCase() === 'post';
  const { data } = await http.request({
    url: path,
    method,
    params: post ? undefined : query,
    data: post ? query : undefined,
  });
  const items = (data as { data?: unknown }).data;
  return Array.isArray(items) ? (items as Record<string, unknown>[]) : [];
}

export async function submitLog(detailId: string, values: Record<string, unknown>): Promise<FormLog> {
  return (await postFormFormlogSubmit({ detailId, values } as never)).data as FormLog;
}

export async function fetchLogValues(logId: string): Promise<FormLogValue[]> {
  return (await getFormFormlogvalueList({ logId, current: 1, size: 500 } as never)).data?.records ?? [];
}

/** A form's file: stored by the server's upload checks; answers its link. */
export async function uploadFile(file: File): Promise<{ link: string; name: string }> {
  const data = (await postFormUpload({ file })).data;
  return { link: data?.link ?? '', name: data?.originalName ?? file.name };
}
