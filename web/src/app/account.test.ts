import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '#src/api/auth';
import type { MenuNode, TokenResponse } from '#src/api/types';
import { federatedLogout, passwordPrompt } from './account';
import { setNavigate } from './navigation';
import { refreshSession } from './refreshSession';
import { useSession } from './stores/session';
import { HOME_PATH, useTabs } from './stores/tabs';

vi.mock('#src/api/auth', () => ({ refreshToken: vi.fn(), logout: vi.fn() }));

/** Fixtures name only what a case needs: the missing fields of the wire type are left out. */
const token = (over: Omit<Partial<TokenResponse>, 'config'> & { config?: object } = {}): TokenResponse =>
  ({
    access_token: 'a',
    refresh_token: 'r',
    tenant_id: '000000',
    user_id: '1',
    dept_id: 'd1',
    role_id: 'r1',
    role_name: 'operator',
    ...over,
  }) as TokenResponse;

describe('passwordPrompt (spec §4)', () => {
  it('asks nothing of roles whose name contains admin', () => {
    expect(
      passwordPrompt(token({ role_name: 'administrator', config: { reset: { needRest: true } } }), 'x'),
    ).toBeNull();
  });

  it('forces a change after a reset, with the server message or the default', () => {
    expect(
      passwordPrompt(token({ config: { reset: { needRest: true, msg: '请修改初始密码' } } }), 'x'),
    ).toEqual({
      reason: 'reset',
      message: '请修改初始密码',
    });
    expect(passwordPrompt(token({ config: { reset: { needRest: true } } }), 'x')?.message).toBe(
      '密码已重置为初始密码，请设置新密码',
    );
  });

  it('forces a change when the password breaks the safety rule', () => {
    const config = { passwordMode: { type: 'safety', length: 8, content: 'num,letter' } };
    expect(passwordPrompt(token({ config }), 'short1')?.reason).toBe('rule');
    expect(passwordPrompt(token({ config }), 'longer123')).toBeNull();
  });

  it('forces a change when the password period expired', () => {
    expect(passwordPrompt(token({ config: { passwordPeriod: { expire: true } } }), 'x')).toEqual({
      reason: 'period',
      message: '当前密码已超过使用期限，请重新设置密码',
    });
  });

  it('lets everyone else through', () => {
    expect(passwordPrompt(token({ config: { passwordMode: 'normal' } }), 'abc')).toBeNull();
  });
});

describe('refreshSession', () => {
  beforeEach(() => {
    useSession.getState().signIn(token());
    vi.mocked(authApi.refreshToken).mockReset();
  });

  it('is single-flight: concurrent callers share one request', async () => {
    let resolve: (t: TokenResponse) => void = () => undefined;
    vi.mocked(authApi.refreshToken).mockReturnValue(new Promise((r) => (resolve = r)));
    const first = refreshSession();
    const second = refreshSession();
    resolve(token({ access_token: 'fresh' }));
    await Promise.all([first, second]);
    expect(authApi.refreshToken).toHaveBeenCalledOnce();
    expect(useSession.getState().token).toBe('fresh');
  });

  it('sends Dept-Id and Role-Id only in switch mode', async () => {
    vi.mocked(authApi.refreshToken).mockResolvedValue(token());
    await refreshSession();
    expect(authApi.refreshToken).toHaveBeenLastCalledWith('r', '000000', {});
    useSession.getState().setConfig({ switchMode: true });
    await refreshSession();
    expect(authApi.refreshToken).toHaveBeenLastCalledWith('r', '000000', { deptId: 'd1', roleId: 'r1' });
    useSession.getState().setConfig({ switchMode: false });
  });
});

describe('federatedLogout', () => {
  const navigate = vi.fn();
  beforeAll(() => setNavigate(navigate));
  afterEach(() => navigate.mockClear());

  it('clears tokens, menus, tags, lock, session storage and cookies', () => {
    useSession.getState().signIn(token());
    useSession
      .getState()
      .setAccount({ menus: [{ id: '1', parentId: '0', code: 'x', name: 'x', path: '/x' } as MenuNode] });
    useSession.getState().lock('/x');
    useTabs.getState().open({ key: '/x', path: '/x', label: 'x' });
    sessionStorage.setItem('k', 'v');
    // biome-ignore lint/suspicious/noDocumentCookie: the test plants a cookie the way a legacy console would.
    document.cookie = 'saber-access-token=abc; path=/';

    federatedLogout();

    const session = useSession.getState();
    expect([session.token, session.refreshToken, session.menus, session.locked]).toEqual(['', '', [], false]);
    expect(useTabs.getState().tabs.map((t) => t.key)).toEqual([HOME_PATH]);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).not.toContain('saber-access-token=abc');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});
