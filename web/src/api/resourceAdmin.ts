import type { AxiosProgressEvent } from 'axios';
import { crudApi } from './crud';
import { http } from './http';
import type { R } from './types';

/** /blade-resource (spec §7 Resources): attachments, OSS and SMS configs, logos. */

export interface Attach {
  id: string;
  tenantId?: string;
  link: string;
  domainUrl?: string;
  name: string;
  originalName: string;
  extension?: string;
  attachSize: number;
  contentType?: string;
  ossCode?: string;
  createTime?: string;
}

/** What BladeX's put-file endpoints answer. */
export interface BladeFile {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId?: string;
}

/** OSS config (status 2 = the tenant's enabled one); keys come back masked. */
export interface Oss {
  id?: string;
  tenantId?: string;
  category: number;
  ossCode: string;
  endpoint: string;
  transformEndpoint?: string;
  accessKey: string;
  secretKey: string;
  bucketName: string;
  appId?: string;
  region?: string;
  remark?: string;
  status?: number;
}

export interface Sms {
  id?: string;
  tenantId?: string;
  category: number;
  smsCode: string;
  templateId: string;
  accessKey?: string;
  secretKey?: string;
  regionId?: string;
  appId?: string;
  signName?: string;
  remark?: string;
  status?: number;
}

export interface Logo {
  tenantId?: string;
  type: 'BACKEND' | 'LABEL';
  mode: 'LIGHT' | 'DARK';
  url: string;
  document?: string;
}

/** Enabled config status (docs/decisions.md "OSS/SMS configs"). */
export const ENABLED = 2;

export const attachApi = crudApi<Attach>('/blade-resource/attach');
export const ossApi = crudApi<Oss>('/blade-resource/oss');
export const smsApi = crudApi<Sms>('/blade-resource/sms');

/** The attachment screen's upload (multipart `file`), with progress. */
export async function putAttach(file: Blob, onProgress?: (percent: number) => void) {
  const body = new FormData();
  body.append('file', file);
  const { data } = await http.post<R<BladeFile>>('/blade-resource/attach/put-file', body, {
    timeout: 0,
    onUploadProgress: (e: AxiosProgressEvent) =>
      onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
  return data.data;
}

/** `enable?id=`: this config becomes the tenant's only enabled one. Resolves with the server's msg. */
export async function enableConfig(kind: 'oss' | 'sms', id: string) {
  const { data } = await http.post<R<unknown>>(`/blade-resource/${kind}/enable`, null, { params: { id } });
  return data.msg;
}

/** A test message through the config `code` (its provider; category 5 only logs it). */
export async function sendSms(code: string, phones: string, params: string) {
  const body = new URLSearchParams({ code, phones, params });
  const { data } = await http.post<R<unknown>>('/blade-resource/sms/endpoint/send-message', body);
  return data.msg;
}

export async function modifyLogo(logo: Logo) {
  const { data } = await http.post<R<Logo>>('/blade-resource/logo/modify', logo);
  return data.msg;
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
export const isImage = (extension: string | undefined) => IMAGES.has((extension ?? '').toLowerCase());
