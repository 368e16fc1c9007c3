import type { AxiosProgressEvent } from 'axios';
import { crudApi } from './crud';
import { download } from './download';
import {
  type AttachRead,
  type BladeFile,
  getBladeResourceAttachDetail,
  getBladeResourceAttachList,
  getBladeResourceOssDetail,
  getBladeResourceOssList,
  getBladeResourceSmsDetail,
  getBladeResourceSmsList,
  type LogoRead,
  type LogoWrite,
  type OssRead,
  postBladeResourceAttachPutFile,
  postBladeResourceAttachRemove,
  postBladeResourceAttachSubmit,
  postBladeResourceLogoModify,
  postBladeResourceOssEnable,
  postBladeResourceOssEndpointPutFileAttach,
  postBladeResourceOssRemove,
  postBladeResourceOssSubmit,
  postBladeResourceSmsEnable,
  postBladeResourceSmsEndpointSendMessage,
  postBladeResourceSmsRemove,
  postBladeResourceSmsSubmit,
  type SmsRead,
} from './generated/client';

/** /blade-resource (spec §7 Resources): attachments, OSS and SMS configs, logos. */

export type Attach = AttachRead;

/** What BladeX's put-file endpoints answer. */
export type { BladeFile };

/** OSS config (status 2 = the tenant's enabled one); keys come back masked. */
export type Oss = OssRead;

export type Sms = SmsRead;

export type Logo = LogoRead;

/** Enabled config status (docs/decisions.md "OSS/SMS configs"). */
export const ENABLED = 2;

export const attachApi = crudApi({
  list: getBladeResourceAttachList,
  detail: getBladeResourceAttachDetail,
  submit: postBladeResourceAttachSubmit,
  remove: postBladeResourceAttachRemove,
});

export const ossApi = crudApi({
  list: getBladeResourceOssList,
  detail: getBladeResourceOssDetail,
  submit: postBladeResourceOssSubmit,
  remove: postBladeResourceOssRemove,
});

export const smsApi = crudApi({
  list: getBladeResourceSmsList,
  detail: getBladeResourceSmsDetail,
  submit: postBladeResourceSmsSubmit,
  remove: postBladeResourceSmsRemove,
});

/** The attachment screen's upload (multipart `file`), with progress. */
export async function putAttach(file: Blob, onProgress?: (percent: number) => void) {
  const { data } = await postBladeResourceAttachPutFile(
    { file },
    {
      timeout: 0,
      onUploadProgress: (e: AxiosProgressEvent) =>
        onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
    },
  );
  return data;
}

/** BladeX's attachment upload for any signed-in user (docs/decisions.md "Uploads"); answers the file. */
export async function uploadImage(file: Blob) {
  return (await postBladeResourceOssEndpointPutFileAttach({ file })).data;
}

/** Saves an attachment under its original name. */
export async function downloadAttach(row: Attach) {
  await download('/blade-resource/attach/download', { params: { id: row.id }, filename: row.originalName });
}

const ENABLE = { oss: postBladeResourceOssEnable, sms: postBladeResourceSmsEnable };

/** `enable?id=`: this config becomes the tenant's only enabled one. Resolves with the server's msg. */
export async function enableConfig(kind: 'oss' | 'sms', id: string) {
  return (await ENABLE[kind]({ params: { id } })).msg;
}

/** A test message through the config `code` (its provider; category 5 only logs it). */
export async function sendSms(code: string, phones: string, params: string) {
  const data = new URLSearchParams({ code, phones, params });
  return (await postBladeResourceSmsEndpointSendMessage({ data })).msg;
}

export async function modifyLogo(logo: LogoWrite) {
  return (await postBladeResourceLogoModify(logo)).msg;
}

/** Human-readable size: 512 B, 1.5 KB, 2.3 MB, 1.1 GB. */
export function formatSize(bytes: number | undefined | null): string {
  const n = Number(bytes ?? 0);
  if (!Number.isFinite(n) || n < 1024) return `${Math.max(0, Math.round(n || 0))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
}

/** Image extensions the browser shows inline (preview); others are downloaded. */
const IMAGES = new Set(['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'ico']);
export const isImage = (extension: string | null | undefined) => IMAGES.has((extension ?? '').toLowerCase());
