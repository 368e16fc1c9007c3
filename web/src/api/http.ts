import axios, {
  type AxiosAdapter,
  type AxiosError,
  AxiosHeaders,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { toast } from '#src/app/feedback';
import { useLogs } from '#src/app/stores/logs';
import { useSession } from '#src/app/stores/session';
import { acceptLanguage, CLIENT_AUTHORIZATION, REQUEST_TIMEOUT } from '#src/boot/api';
import { takeEarly } from '#src/boot/prefetch';
import { i18n } from '#src/i18n';
import { HttpError, sessionHooks } from './httpCore';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Body codes the caller handles itself: they reject with an HttpError and no toast. */
    passCodes?: number[];
    /** No error toast for this call (the caller degrades quietly); session codes still apply. */
    silent?: boolean;
    /** Calls that must not trigger a refresh-and-retry on 401 (the token endpoint itself). */
    skipRefresh?: boolean;
    /** Set on the one retry after a refresh. */
    retried?: boolean;
    /** How many times this call was retried after a 503. */
    unavailableRetries?: number;
  }
}

export { CLIENT_AUTHORIZATION, HttpError, REQUEST_TIMEOUT, sessionHooks };

/** A 503 (database, Redis or disk down: docs/decisions.md "Faults") is retried for reads, this many times. */
export const UNAVAILABLE_RETRIES = 3;
const RETRY_AFTER_DEFAULT = 5;
const RETRY_AFTER_MAX = 30;
const IDEMPOTENT = new Set(['get', 'head', 'options']);

export const http = axios.create({
  baseURL: '/api',
  timeout: REQUEST_TIMEOUT,
  withCredentials: true,
  // Spec §8: HTTP 200-500 are responses; the code that matters is the body's.
  validateStatus: (status) => status >= 200 && status <= 500,
});

http.interceptors.request.use(attachHeaders);
http.interceptors.response.use(handleResponse, handleFailure);

/** The transport: a GET the boot entry already sent (boot/prefetch.ts) is answered from that, once, through the
 * same interceptors; every other request goes to the network. */
export function earlyFirst(network: AxiosAdapter): AxiosAdapter {
  return async (config) => {
    const early = config.method === 'get' ? takeEarly(http.getUri(config)) : undefined;
    const response = await early?.catch(() => undefined);
    if (!response) return network(config);
    return {
      data: await response.text(),
      status: response.status,
      statusText: response.statusText,
      headers: AxiosHeaders.from(Object.fromEntries(response.headers.entries())),
      config,
      request: null,
    };
  };
}
http.defaults.adapter = earlyFirst(axios.getAdapter(http.defaults.adapter));

export function attachHeaders(config: InternalAxiosRequestConfig) {
  const { token, tenantId } = useSession.getState();
  config.headers.set('Authorization', CLIENT_AUTHORIZATION);
  config.headers.set('Accept-Language', acceptLanguage(i18n.language));
  if (!config.headers.has('Tenant-Id')) config.headers.set('Tenant-Id', tenantId);
  if (token && !config.headers.has('Blade-Auth')) config.headers.set('Blade-Auth', `bearer ${token}`);
  return config;
}

/**
 * A streamed answer (Server-Sent Events) that axios cannot hand over as it arrives: fetch with the same headers
 * and no timeout. A 401 refreshes the token once and asks again; a 401 that stays ends the session, as for any
 * request. The caller reads the body (`readEvents`).
 */
export async function fetchStream(
  url: string,
  init: RequestInit = {},
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<Response> {
  const send = () => {
    const { token, tenantId } = useSession.getState();
    const headers = new Headers(init.headers);
    headers.set('Authorization', CLIENT_AUTHORIZATION);
    headers.set('Tenant-Id', tenantId);
    headers.set('Accept-Language', acceptLanguage(i18n.language));
    if (token) headers.set('Blade-Auth', `bearer ${token}`);
    return fetchImpl(url, { credentials: 'same-origin', ...init, headers });
  };
  let response = await send();
  if (response.status === 401 && useSession.getState().refreshToken) {
    const refreshed = await sessionHooks.refresh().then(
      () => true,
      () => false, // the refresh failed: the session ends below
    );
    // The second ask's own failure is the caller's: the live channel aborts it when the new token reopens the
    // stream, and that abort once ended the session as if the refresh had failed.
    if (refreshed) response = await send();
  }
  if (response.status === 401) sessionHooks.expire();
  return response;
}

/** Reads a Server-Sent Events body to its end, handing each event's name ('' for none) and data to `onEvent`. */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (name: string, data: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done || signal?.aborted) return;
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      let name = '';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (name || data.length) onEvent(name, data.join('\n'));
    }
  }
}

/** The spec §8 error catalogue, in one place. */
export async function handleResponse(response: AxiosResponse): Promise<AxiosResponse> {
  const { config } = response;
  const body = response.data;
  const code = bodyCode(response);
  if (code === 200) return response;

  const message = await bodyMessage(response);
  if (config.passCodes?.includes(code)) throw new HttpError(code, message, response);

  // A silent call degrades on purpose (e.g. a dashboard counter without the grant): not an error.
  if (!config.silent) logFailure(config, code, message);
  switch (code) {
    case 401:
      if (!config.skipRefresh && !config.retried && useSession.getState().refreshToken) {
        const refreshed = await sessionHooks.refresh().then(
          () => true,
          () => false, // a 401 after a failed refresh ends the session below
        );
        // The second ask answers for itself: its own failure (a 500, a time-out) is not the session's end.
        if (refreshed) return http.request({ ...config, retried: true, headers: withoutToken(config) });
      }
      sessionHooks.expire();
      toast.error(message, true);
      break;
    case 602:
      toast.error(message);
      sessionHooks.expire();
      break;
    case 603:
      break;
    case 700:
      toast.error(i18n.t('http.captchaExpired'));
      break;
    default:
      if (!config.silent) toast.error(message);
  }
  throw new HttpError(code, message, response);

  function bodyCode(res: AxiosResponse): number {
    if (body instanceof Blob) return res.status;
    return Number(body?.error_code || body?.code || res.status);
  }
}

/**
 * Network errors and time-outs: rejected without a message (spec §8), but kept in the error log. A 503 says
 * "try again", not "bug": reads are retried after Retry-After under a "retrying" notice; other calls say the
 * service is unavailable instead of 服务器异常.
 */
export async function handleFailure(error: AxiosError) {
  const { config, response } = error;
  useLogs.getState().add({
    type: 'ajax',
    message: error.message,
    stack: error.stack ?? '',
    info: `${config?.method?.toUpperCase() ?? ''} ${config?.url ?? ''}`,
  });
  if (response?.status !== 503 || !config) throw error;
  const retries = config.unavailableRetries ?? 0;
  const retry = IDEMPOTENT.has(config.method ?? 'get') && retries < UNAVAILABLE_RETRIES;
  if (!config.silent) {
    if (retry) toast.warning(i18n.t('http.unavailableRetrying'));
    else toast.error(i18n.t('http.unavailable'));
  }
  if (!retry) throw error;
  await new Promise((resolve) => setTimeout(resolve, retryAfter(response) * 1000));
  return http.request({ ...config, unavailableRetries: retries + 1 });
}

/** Seconds from the Retry-After header (seconds form; the date form counts as absent), bounded. */
function retryAfter(response: AxiosResponse): number {
  const seconds = Number.parseInt(String(response.headers?.['retry-after'] ?? ''), 10);
  return Number.isNaN(seconds) ? RETRY_AFTER_DEFAULT : Math.min(Math.max(seconds, 0), RETRY_AFTER_MAX);
}

async function bodyMessage(response: AxiosResponse): Promise<string> {
  const body = response.data;
  // Spec §8: a failed download carries its JSON error inside the blob.
  if (body instanceof Blob) {
    try {
      const parsed = JSON.parse(await body.text());
      return parsed.msg || parsed.error_description || i18n.t('http.unknown');
    } catch {
      return i18n.t('http.unknown');
    }
  }
  return body?.msg || body?.error_description || i18n.t('http.unknown');
}

function logFailure(config: InternalAxiosRequestConfig, code: number, message: string) {
  useLogs.getState().add({
    type: 'ajax',
    message: `${code} ${message}`,
    stack: '',
    info: `${config.method?.toUpperCase() ?? ''} ${config.url ?? ''}`,
  });
}

/** The retry must carry the new token, which attachHeaders adds when the header is absent. */
function withoutToken(config: InternalAxiosRequestConfig) {
  const headers = config.headers.toJSON();
  delete headers['Blade-Auth'];
  return headers;
}
