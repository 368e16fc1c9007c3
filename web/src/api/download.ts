import type { AxiosResponse } from 'axios';
import { toast } from '#src/app/feedback';
import { i18n } from '#src/i18n';
import { http } from './http';
import type { Query } from './types';

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function dispositionName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1];
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface DownloadOptions {
  params?: Query;
  /** POST sends `body` as JSON (log exports filter by body). */
  method?: 'get' | 'post';
  body?: unknown;
  /** Used when the server sends no Content-Disposition. */
  filename: string;
}

/**
 * Downloads a file. Spec §8: an error answer of a download is a blob holding the JSON error; the HTTP
 * layer reads and toasts it for HTTP 4xx/5xx. A JSON blob with HTTP 200 (a body code error) is read and
 * toasted here, so it is never saved as a file. Resolves true when a file was saved.
 */
export async function download(url: string, options: DownloadOptions): Promise<boolean> {
  let response: AxiosResponse<Blob>;
  try {
    response =
      options.method === 'post'
        ? await http.post<Blob>(url, options.body ?? {}, { params: options.params, responseType: 'blob' })
        : await http.get<Blob>(url, { params: options.params, responseType: 'blob' });
  } catch {
    return false; // shown by the HTTP layer
  }
  const blob = response.data;
  if (blob.type.includes('application/json')) {
    try {
      const body = JSON.parse(await blob.text());
      if (body.code && body.code !== 200) {
        toast.error(body.msg || i18n.t('http.unknown'));
        return false;
      }
    } catch {
      // not JSON after all: save it
    }
  }
  saveBlob(blob, dispositionName(response.headers['content-disposition']) ?? options.filename);
  return true;
}
