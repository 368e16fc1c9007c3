import { md5 } from 'js-md5';
import type { TokenResponse } from '#src/api/types';
import { DEFAULT_TENANT, storedLanguage } from './storage';

/**
 * The login form's four calls, with fetch: the console's HTTP layer (axios, its interceptors, the generated
 * client) is what the boot entry must not load. Same headers and the same reading of the body's code (spec §8).
 */

/** The console's OAuth2 client (docs/decisions.md): a browser client secret protects nothing. */
export const CLIENT_AUTHORIZATION = `Basic ${btoa('plantdesk:plantdesk_secret')}`;

export const REQUEST_TIMEOUT = 10_000;

/** The Accept-Language of every request: the server words its messages in the console's language (docs/decisions.md
 * "The user's language"). */
export function acceptLanguage(language: string): string {
  return language.startsWith('en') ? 'en-US' : 'zh-CN';
}

/** A refused call: the body's code and message ('' when there is none); code 0 is a network failure or time-out. */
export class BootError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'BootError';
  }
}

interface Body {
  code?: number;
  error_code?: number;
  msg?: string;
  error_description?: string;
}

async function call<T>(path: string, init: RequestInit = {}, tenantId = DEFAULT_TENANT): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', CLIENT_AUTHORIZATION);
  headers.set('Tenant-Id', tenantId);
  headers.set('Accept-Language', acceptLanguage(storedLanguage()));
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      credentials: 'same-origin',
      ...init,
      headers,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT),
    });
  } catch {
    throw new BootError(0, '');
  }
  // HTTP 200-500 are answers whose body code decides; above, only 503 means something to the user.
  if (response.status > 500) throw new BootError(response.status === 503 ? 503 : 0, '');
  const body: (Body & T) | null = await response.json().catch(() => null);
  const code = Number(body?.error_code || body?.code || response.status);
  if (code !== 200) throw new BootError(code, body?.msg || body?.error_description || '');
  return body as T;
}

export interface PasswordLogin {
  tenantId: string;
  username: string;
  /** Plain text; only its md5 hex leaves the browser (spec §3). */
  password: string;
  captcha?: { key: string; code: string };
}

export function requestToken({ tenantId, username, password, captcha }: PasswordLogin) {
  const body = new URLSearchParams({
    grant_type: captcha ? 'captcha' : 'password',
    username,
    password: md5(password),
    tenantId,
    scope: 'all',
    type: 'account',
  });
  const headers: Record<string, string> = captcha
    ? { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code }
    : {};
  return call<TokenResponse>('/blade-auth/oauth/token', { method: 'POST', body, headers }, tenantId);
}

export function fetchCaptcha() {
  return call<{ key: string; image: string }>('/blade-auth/oauth/captcha');
}

export async function fetchCaptchaMode() {
  const { data } = await call<{ data?: { captchaMode?: boolean } }>('/blade-system/param/sys/config');
  return Boolean(data?.captchaMode);
}

/** The tenant that owns this site's domain, if any: the form then hides the tenant field. */
export async function fetchDomainTenant(domain: string) {
  const { data } = await call<{ data?: { tenantId?: string } }>(
    `/blade-system/tenant/info?${new URLSearchParams({ domain })}`,
  );
  return data?.tenantId ?? '';
}
