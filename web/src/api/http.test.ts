import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '#src/app/feedback';
import { useLogs } from '#src/app/stores/logs';
import { useSession } from '#src/app/stores/session';
import { CLIENT_AUTHORIZATION, HttpError, http, sessionHooks } from './http';

vi.mock('#src/app/feedback', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

type Reply = { status?: number; data: unknown } | Error;
let replies: ((config: InternalAxiosRequestConfig) => Reply)[] = [];
let seen: InternalAxiosRequestConfig[] = [];

/** A fake transport: each request takes the next reply; the interceptors run as in production. */
function reply(...next: ((config: InternalAxiosRequestConfig) => Reply)[]) {
  replies = next;
}

beforeEach(() => {
  seen = [];
  http.defaults.adapter = async (config) => {
    seen.push(config);
    const next = replies.shift() ?? ((): Reply => ({ data: { code: 200 } }));
    const answer = next(config);
    if (answer instanceof Error) throw answer;
    return {
      data: answer.data,
      status: answer.status ?? 200,
      statusText: '',
      headers: {},
      config,
    } as AxiosResponse;
  };
  useSession.getState().clear();
  useLogs.getState().clear();
  sessionHooks.refresh = vi.fn(() => Promise.reject(new Error('no refresh')));
  sessionHooks.expire = vi.fn();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  replies = [];
});

const ok =
  (data: unknown = null) =>
  () => ({ data: { code: 200, success: true, data, msg: '操作成功' } });
const fail =
  (code: number, msg = '', status = 200) =>
  () => ({ status, data: { code, success: false, msg } });

describe('request headers (spec §7)', () => {
  it('sends the Basic client header and Tenant-Id, and Blade-Auth when signed in', async () => {
    reply(ok(), ok());
    await http.get('/a');
    expect(seen[0].headers.Authorization).toBe(CLIENT_AUTHORIZATION);
    expect(seen[0].headers['Tenant-Id']).toBe('000000');
    expect(seen[0].headers['Blade-Auth']).toBeUndefined();

    useSession.setState({ token: 'abc', tenantId: '123456' });
    await http.get('/b');
    expect(seen[1].headers['Blade-Auth']).toBe('bearer abc');
    expect(seen[1].headers['Tenant-Id']).toBe('123456');
  });

  it('sends the language of the console as Accept-Language', async () => {
    const { i18n } = await import('#src/i18n');
    reply(ok(), ok());
    await http.get('/a');
    expect(seen[0].headers['Accept-Language']).toBe('zh-CN');
    await i18n.changeLanguage('en');
    try {
      await http.get('/b');
      expect(seen[1].headers['Accept-Language']).toBe('en-US');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });

  it('uses a 10 s timeout', () => {
    expect(http.defaults.timeout).toBe(10_000);
  });

  it('treats HTTP 200-500 as responses', () => {
    const validate = http.defaults.validateStatus as (status: number) => boolean;
    expect([200, 400, 401, 500].every(validate)).toBe(true);
    expect(validate(502)).toBe(false);
  });
});

describe('error catalogue (spec §8)', () => {
  it('resolves body code 200', async () => {
    reply(ok({ id: '1' }));
    const res = await http.get('/a');
    expect(res.data.data).toEqual({ id: '1' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('401: logs out locally with a persistent toast', async () => {
    reply(fail(401, '请求未授权', 401));
    await expect(http.get('/a')).rejects.toBeInstanceOf(HttpError);
    expect(sessionHooks.expire).toHaveBeenCalledOnce();
    expect(toast.error).toHaveBeenCalledWith('请求未授权', true);
  });

  it('401 with a refresh token: refreshes once and retries with the new token', async () => {
    useSession.setState({ token: 'old', refreshToken: 'r' });
    sessionHooks.refresh = vi.fn(async () => {
      useSession.setState({ token: 'new' });
    });
    reply(fail(401, '', 401), ok('again'));
    const res = await http.get('/a');
    expect(res.data.data).toBe('again');
    expect(sessionHooks.refresh).toHaveBeenCalledOnce();
    expect(seen[1].headers['Blade-Auth']).toBe('bearer new');
    expect(sessionHooks.expire).not.toHaveBeenCalled();
  });

  it('a retried call that fails after a good refresh fails alone: the session stays', async () => {
    useSession.setState({ token: 'old', refreshToken: 'r' });
    sessionHooks.refresh = vi.fn(async () => {
      useSession.setState({ token: 'new' });
    });
    reply(fail(401, '', 401), fail(500, '服务器异常', 500));
    await expect(http.get('/a')).rejects.toMatchObject({ code: 500 });
    expect(sessionHooks.expire).not.toHaveBeenCalled();
  });

  it('401 after a failed refresh logs out', async () => {
    useSession.setState({ token: 'old', refreshToken: 'r' });
    reply(fail(401, '令牌过期', 401));
    await expect(http.get('/a')).rejects.toMatchObject({ code: 401 });
    expect(sessionHooks.refresh).toHaveBeenCalledOnce();
    expect(sessionHooks.expire).toHaveBeenCalledOnce();
  });

  it('500: shows the message', async () => {
    reply(fail(500, '服务器异常', 500));
    await expect(http.get('/a')).rejects.toMatchObject({ code: 500, message: '服务器异常' });
    expect(toast.error).toHaveBeenCalledWith('服务器异常');
  });

  it('602: shows the message and logs out', async () => {
    reply(fail(602, '账号已在别处登录'));
    await expect(http.get('/a')).rejects.toMatchObject({ code: 602 });
    expect(toast.error).toHaveBeenCalledWith('账号已在别处登录');
    expect(sessionHooks.expire).toHaveBeenCalledOnce();
  });

  it('603: rejects and shows nothing', async () => {
    reply(fail(603, 'quiet'));
    await expect(http.get('/a')).rejects.toMatchObject({ code: 603 });
    expect(toast.error).not.toHaveBeenCalled();
    expect(sessionHooks.expire).not.toHaveBeenCalled();
  });

  it('700: 验证码已过期', async () => {
    reply(fail(700, 'expired'));
    await expect(http.get('/a')).rejects.toMatchObject({ code: 700 });
    expect(toast.error).toHaveBeenCalledWith('验证码已过期');
  });

  it('other codes show the message, or 未知错误 without one', async () => {
    reply(fail(400, '当前用户已存在'), fail(418));
    await expect(http.get('/a')).rejects.toMatchObject({ code: 400 });
    expect(toast.error).toHaveBeenLastCalledWith('当前用户已存在');
    await expect(http.get('/b')).rejects.toMatchObject({ code: 418 });
    expect(toast.error).toHaveBeenLastCalledWith('未知错误');
  });

  it('token errors show error_description and carry error_code', async () => {
    reply(() => ({ status: 400, data: { error_code: 2001, error_description: '用户名或密码错误' } }));
    await expect(http.post('/blade-auth/oauth/token')).rejects.toMatchObject({ code: 2001 });
    expect(toast.error).toHaveBeenCalledWith('用户名或密码错误');
  });

  it('400 downloads: the message comes from the blob', async () => {
    const blob = new Blob([JSON.stringify({ code: 400, msg: '文件不存在' })], { type: 'application/json' });
    reply(() => ({ status: 400, data: blob }));
    await expect(http.get('/export', { responseType: 'blob' })).rejects.toMatchObject({ code: 400 });
    expect(toast.error).toHaveBeenCalledWith('文件不存在');
  });

  it('network errors reject without a message', async () => {
    reply(() => new AxiosError('Network Error', 'ERR_NETWORK'));
    await expect(http.get('/a')).rejects.toBeInstanceOf(AxiosError);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('passCodes hand the code to the caller without a toast', async () => {
    reply(() => ({ data: { code: 601, msg: '授权即将到期', data: { id: '1' } } }));
    await expect(http.get('/a', { passCodes: [601] })).rejects.toMatchObject({ code: 601 });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('silent calls fail without a toast', async () => {
    reply(fail(403, '请求被拒绝'));
    await expect(http.get('/a', { silent: true })).rejects.toMatchObject({ code: 403 });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('collects failed requests in the error log', async () => {
    reply(fail(500, 'boom', 500), () => new AxiosError('timeout of 10000ms exceeded', 'ECONNABORTED'));
    await expect(http.get('/a')).rejects.toBeDefined();
    await expect(http.get('/b')).rejects.toBeDefined();
    const [network, server] = useLogs.getState().logs;
    expect(server).toMatchObject({ type: 'ajax', message: '500 boom', info: 'GET /a' });
    expect(network).toMatchObject({ type: 'ajax', message: 'timeout of 10000ms exceeded' });
  });
});

describe('503: service temporarily unavailable (issue 16.2)', () => {
  const unavailable = (retryAfter?: string) => (config: InternalAxiosRequestConfig) =>
    new AxiosError('Request failed with status code 503', 'ERR_BAD_RESPONSE', config, null, {
      status: 503,
      statusText: '',
      headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
      config,
      data: { code: 503, success: false, data: null, msg: '服务暂时不可用,请稍后重试' },
    } as AxiosResponse);

  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(toast.warning).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a read shows the retrying notice, waits Retry-After and retries', async () => {
    reply(unavailable('2'), ok({ id: '1' }));
    const pending = http.get('/a');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(seen).toHaveLength(1);
    expect(toast.warning).toHaveBeenCalledWith('服务暂时不可用，正在重试…');
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).data.data).toEqual({ id: '1' });
    expect(seen).toHaveLength(2);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a read gives up after three retries with the unavailable message, never 服务器异常', async () => {
    reply(unavailable(), unavailable(), unavailable(), unavailable());
    const pending = http.get('/a');
    const settled = expect(pending).rejects.toBeInstanceOf(AxiosError);
    await vi.advanceTimersByTimeAsync(3 * 5_000);
    await settled;
    expect(seen).toHaveLength(4);
    expect(toast.warning).toHaveBeenCalledTimes(3);
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('服务暂时不可用，请稍后重试');
  });

  it('a write is not retried: it says the service is unavailable', async () => {
    reply(unavailable('1'));
    await expect(http.post('/a', {})).rejects.toBeInstanceOf(AxiosError);
    expect(seen).toHaveLength(1);
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('服务暂时不可用，请稍后重试');
  });

  it('the notice follows the language', async () => {
    const { i18n } = await import('#src/i18n');
    await i18n.changeLanguage('en');
    try {
      reply(unavailable('1'));
      await expect(http.post('/a', {})).rejects.toBeInstanceOf(AxiosError);
      expect(toast.error).toHaveBeenCalledWith('Service temporarily unavailable; please try again shortly');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });
});
