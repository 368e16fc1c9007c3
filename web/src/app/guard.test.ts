import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardInput, licenseWarning, tabFor } from './guard';

const signedIn: GuardInput = {
  path: '/desk/notice',
  query: new URLSearchParams(),
  meta: {},
  token: 'token',
  hasUser: true,
  locked: false,
  tenantId: '000000',
  tenantMenuCodes: [],
};

const decide = (over: Partial<GuardInput>) => decideRoute({ ...signedIn, ...over });

describe('decideRoute (spec §2 route guard)', () => {
  it('lets pages flagged as not requiring auth open without login', () => {
    expect(decide({ token: '', path: '/404', meta: { isAuth: false } })).toEqual({ kind: 'allow' });
  });

  it('sends everyone else without a login to /login', () => {
    expect(decide({ token: '' })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('redirects a logged-in user away from /login to /', () => {
    expect(decide({ path: '/login', meta: { isAuth: false } })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends every route to /lock while the screen is locked', () => {
    expect(decide({ locked: true })).toEqual({ kind: 'redirect', to: '/lock' });
    expect(decide({ locked: true, path: '/login' })).toEqual({ kind: 'redirect', to: '/lock' });
    expect(decide({ locked: true, path: '/lock' })).toEqual({ kind: 'allow' });
  });

  it('clears the session and goes to /login when the stored login data is empty', () => {
    expect(decide({ hasUser: false })).toEqual({ kind: 'redirect', to: '/login', clearSession: true });
  });

  it('lets /part through when the user info is empty', () => {
    expect(decide({ hasUser: false, path: '/part' })).toEqual({ kind: 'allow' });
  });

  it('sends a menu code outside the tenant package to /403 for tenants other than 000000', () => {
    const tenant = { tenantId: '123456', menuCode: 'notice' };
    expect(decide({ ...tenant, tenantMenuCodes: ['user'] })).toEqual({ kind: 'redirect', to: '/403' });
    expect(decide({ ...tenant, tenantMenuCodes: ['notice'] })).toEqual({ kind: 'allow' });
    expect(decide({ menuCode: 'notice', tenantMenuCodes: [] })).toEqual({ kind: 'allow' });
  });

  it('opens a route with query target in a new window, without the target parameter', () => {
    const query = new URLSearchParams({ target: '_blank', id: '7' });
    expect(decide({ query })).toEqual({ kind: 'window', url: '/desk/notice?id=7' });
  });
});

describe('tabFor', () => {
  const none = new URLSearchParams();

  it('gives menu pages no fixed label: the menus name them in the current language', () => {
    expect(tabFor('/desk/notice', none, {})).toEqual({ key: '/desk/notice', path: '/desk/notice' });
  });

  it('builds tab entries from query name and i18n', () => {
    const query = new URLSearchParams({ src: 'http://x/a.html', name: '报表' });
    expect(tabFor('/myiframe/report', query, {})).toMatchObject({
      key: '/myiframe/report?src=http%3A%2F%2Fx%2Fa.html&name=%E6%8A%A5%E8%A1%A8',
      label: '报表',
    });
    expect(tabFor('/x', new URLSearchParams({ i18n: 'tabs.info' }), {})).toMatchObject({
      labelKey: 'tabs.info',
    });
  });

  it('falls back to the route label key', () => {
    expect(tabFor('/wel/index', none, { labelKey: 'tabs.home' })).toEqual({
      key: '/wel/index',
      path: '/wel/index',
      labelKey: 'tabs.home',
    });
  });

  it('creates no tab when meta isTab is false', () => {
    expect(tabFor('/lock', none, { isTab: false })).toBeNull();
  });
});

describe('licenseWarning', () => {
  it('warns on /wel/index only, and only for code 601', () => {
    const license = { code: 601, msg: '授权将于 7 天后到期' };
    expect(licenseWarning('/wel/index', license)).toBe('授权将于 7 天后到期');
    expect(licenseWarning('/desk/notice', license)).toBeNull();
    expect(licenseWarning('/wel/index', { code: 200, msg: '' })).toBeNull();
    expect(licenseWarning('/wel/index', null)).toBeNull();
  });
});
