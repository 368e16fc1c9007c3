import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyFirst } from '#src/api/http';
import { CLIENT_AUTHORIZATION } from './api';
import { EARLY_MS, prefetch, START_PATHS, takeEarly } from './prefetch';

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const network = vi.fn(async (config: InternalAxiosRequestConfig) => ({
  data: '{"code":200,"data":"from the network"}',
  status: 200,
  statusText: 'OK',
  headers: {},
  config,
}));
const get = (url: string) => ({ method: 'get', url, headers: {} }) as InternalAxiosRequestConfig;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  network.mockClear();
});

describe('the start GETs the boot entry sends', () => {
  it('go out at once with the stored session, and the console takes each answer once', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer({ code: 200, data: 'early' }));
    vi.stubGlobal('fetch', fetch);
    prefetch('t0k', '356782');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(START_PATHS.map((path) => `/api${path}`));
    expect(fetch.mock.calls[0][1]).toMatchObject({
      headers: {
        Authorization: CLIENT_AUTHORIZATION,
        'Tenant-Id': '356782',
        'Blade-Auth': 'bearer t0k',
        'Accept-Language': 'zh-CN',
      },
    });
    const transport = earlyFirst(network);
    const first = await transport(get('/blade-user/info'));
    expect(first.data).toBe('{"code":200,"data":"early"}');
    expect(network).not.toHaveBeenCalled();
    const again = await transport(get('/blade-user/info'));
    expect(again.data).toContain('from the network');
  });

  it('a failed early GET or one not taken in time goes to the network', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    prefetch('t0k', '000000', ['/blade-user/info']);
    expect((await earlyFirst(network)(get('/blade-user/info'))).data).toContain('from the network');

    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ code: 200 })),
    );
    prefetch('t0k', '000000', ['/blade-system/menu/buttons']);
    vi.advanceTimersByTime(EARLY_MS + 1);
    expect(takeEarly('/api/blade-system/menu/buttons')).toBeUndefined();
  });
});
