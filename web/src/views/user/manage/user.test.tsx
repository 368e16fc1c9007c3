import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Rule, RuleObject } from 'antd/es/form';
import { md5 } from 'js-md5';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clientApiWith } from '#src/api/clientAdmin';
import { regionApi } from '#src/api/regionAdmin';
import { postApiFor } from '#src/api/systemAdmin';
import { type User, userApiFor } from '#src/api/userAdmin';
import { CrudPage } from '#src/components/CrudPage';
import { renderWithProviders } from '#src/test/render';
import { fromParent, toParent } from '../../system/role/tree';
import { confirmPasswordRules, newPasswordRules, phoneRules, userOption } from './option';

const http = vi.hoisted(() => ({ request: vi.fn() }));
/** The generated client sends every call through `http.request`. */
const sent = (call: Record<string, unknown>) => expect.objectContaining(call);
vi.mock('#src/api/http', () => ({ http }));

const answer = (data: unknown, msg = '操作成功') => ({ data: { code: 200, success: true, data, msg } });

beforeEach(() => {
  http.request.mockReset();
});

/** The first message a rule list gives for `value` (form values from `fields`). */
async function firstError(rules: Rule[], value: unknown, fields: Record<string, unknown> = {}) {
  for (const rule of rules) {
    const r = (
      typeof rule === 'function' ? rule({ getFieldValue: (k: string) => fields[k] } as never) : rule
    ) as RuleObject;
    if (r.required && !value) return r.message;
    if (r.min && typeof value === 'string' && value.length < r.min) return r.message;
    if (r.validator) {
      try {
        await r.validator(r, value, () => undefined);
      } catch (error) {
        return (error as Error).message;
      }
    }
  }
  return undefined;
}

describe('user form rules (spec §5)', () => {
  it('checks the phone only when given: length, then format', async () => {
    expect(await firstError(phoneRules, '')).toBeUndefined();
    expect(await firstError(phoneRules, '1381234567')).toBe('手机号长度为11位');
    expect(await firstError(phoneRules, '23812345678')).toBe('手机号格式不正确');
    expect(await firstError(phoneRules, '13812345678')).toBeUndefined();
  });

  it('refuses blank, short, spaced and Chinese passwords and a differing confirmation', async () => {
    expect(await firstError(newPasswordRules, '')).toBe('system.user.passwordRequired');
    expect(await firstError(newPasswordRules, 'abc')).toBe('validation.passwordLength');
    expect(await firstError(newPasswordRules, 'abc 1234')).toBe('用户密码不允许输入空格');
    expect(await firstError(newPasswordRules, 'abc密码1234')).toBe('密码不可输入中文');
    expect(await firstError(newPasswordRules, 'Secret#123')).toBeUndefined();
    expect(await firstError(confirmPasswordRules, '')).toBe('validation.confirmRequired');
    expect(await firstError(confirmPasswordRules, 'x', { password: 'y' })).toBe('两次输入密码不一致!');
    expect(await firstError(confirmPasswordRules, 'same1', { password: 'same1' })).toBeUndefined();
  });
});

describe('user column model', () => {
  const actions = {
    grant: vi.fn(),
    platform: vi.fn(),
    importUsers: vi.fn(),
    exportUsers: vi.fn(async () => undefined),
    ask: vi.fn(async () => undefined),
  };

  it('shows the tenant only to the platform administrator and gates actions by code', () => {
    const tenant = userOption({ platform: false, defaultTenant: '356782', actions });
    const column = tenant.columns.find((c) => c.prop === 'tenantId');
    expect(column?.hide).toBe(true);
    expect(column?.display).toBe(false);
    const platform = userOption({ platform: true, defaultTenant: '000000', actions });
    expect(platform.columns.find((c) => c.prop === 'tenantId')?.display).toBe(true);
    expect(platform.toolbar?.map((a) => a.code)).toEqual([
      'user_role',
      'user_reset',
      'user_lock',
      'user_unlock',
      'user_import',
      'user_export',
    ]);
    expect(platform.rowActions?.map((a) => a.code)).toEqual(['user_platform']);
    // the password fields exist in the add dialog only
    const password = platform.columns.find((c) => c.prop === 'password');
    expect([password?.editDisplay, password?.viewDisplay]).toEqual([false, false]);
  });

  it('drops the confirmation, and the tenant of a non-platform submit', async () => {
    const tenant = userOption({ platform: false, defaultTenant: '356782', actions });
    expect(
      await tenant.beforeSubmit?.({ account: 'a', password2: 'x', tenantId: '1' }, 'add', undefined),
    ).toEqual({
      account: 'a',
      tenantId: undefined,
    });
  });

  it('reset asks first with the spec-like prompt and sends the acting tenant', async () => {
    const option = userOption({ platform: true, acting: '356782', defaultTenant: '356782', actions });
    const reset = option.toolbar?.find((a) => a.key === 'reset');
    const refresh = vi.fn(async () => undefined);
    await reset?.onClick([{ id: '7', account: 'x' } as User], { refresh, open: vi.fn(), selected: [] });
    expect(actions.ask).toHaveBeenCalledWith('system.user.resetConfirm', expect.any(Function), refresh);
    http.request.mockResolvedValueOnce(answer(true));
    const run = (actions.ask.mock.calls[0] as unknown[])[1] as () => Promise<string>;
    await run();
    expect(http.request).toHaveBeenCalledWith(
      sent({
        url: '/blade-user/reset-password',
        method: 'POST',
        params: { userIds: '7', tenantId: '356782' },
      }),
    );
  });
});

describe('user api', () => {
  it('sends the md5 of a new password, never a password on update, never the confirmation', async () => {
    http.request.mockResolvedValue(answer({}));
    const api = userApiFor('356782');
    await api.submit({ account: 'a', password: 'Secret#123', password2: 'Secret#123' });
    expect(http.request).toHaveBeenLastCalledWith(
      sent({ url: '/blade-user/submit', data: { account: 'a', password: md5('Secret#123') } }),
    );
    await api.submit({ id: '5', account: 'a', password: 'x' });
    expect(http.request).toHaveBeenLastCalledWith(
      sent({ url: '/blade-user/submit', data: { id: '5', account: 'a' } }),
    );
    await api.remove(['1', '2']);
    expect(http.request).toHaveBeenLastCalledWith(
      sent({ url: '/blade-user/remove', method: 'POST', params: { ids: '1,2', tenantId: '356782' } }),
    );
  });

  it('lists the page endpoint', async () => {
    http.request.mockResolvedValue(answer({ records: [], total: 0 }));
    await userApiFor().list({ current: 1, size: 10, deptId: '9' });
    expect(http.request).toHaveBeenCalledWith(
      sent({ url: '/blade-user/page', method: 'GET', params: { current: 1, size: 10, deptId: '9' } }),
    );
  });
});

describe('crud api in an acting tenant', () => {
  it('sends tenantId on list, detail, submit and remove', async () => {
    http.request.mockResolvedValue(answer({}));
    const api = postApiFor('356782');
    await api.list({ current: 1 });
    expect(http.request).toHaveBeenLastCalledWith(
      sent({ url: '/blade-system/post/list', params: { tenantId: '356782', current: 1 } }),
    );
    await api.detail('7');
    expect(http.request).toHaveBeenLastCalledWith(
      sent({ url: '/blade-system/post/detail', params: { id: '7', tenantId: '356782' } }),
    );
    await api.submit({ id: '7' });
    expect(http.request).toHaveBeenLastCalledWith(
      sent({ url: '/blade-system/post/submit', data: { id: '7' }, params: { tenantId: '356782' } }),
    );
    await api.remove(['7', '8']);
    expect(http.request).toHaveBeenLastCalledWith(
      sent({ url: '/blade-system/post/remove', params: { ids: '7,8', tenantId: '356782' } }),
    );
  });
});

describe('region api', () => {
  it('loads the root level without a search and the paged list with one; rows are keyed by code', async () => {
    http.request.mockResolvedValueOnce(
      answer([{ code: '11', name: '北京', parentCode: '00', hasChildren: true }]),
    );
    expect(await regionApi.list({ current: 1, size: 10 })).toEqual([
      { code: '11', id: '11', name: '北京', parentCode: '00', hasChildren: true },
    ]);
    expect(http.request).toHaveBeenLastCalledWith(
      sent({ url: '/blade-system/region/lazy-list', params: { parentCode: '00' } }),
    );
    http.request.mockResolvedValueOnce(answer({ records: [{ code: '1101', name: '东城' }], total: 1 }));
    const page = await regionApi.list({ current: 1, size: 10, name: '东' });
    expect(http.request).toHaveBeenLastCalledWith(
      sent({
        url: '/blade-system/region/list',
        params: { current: 1, size: 10, code: undefined, name: '东' },
      }),
    );
    expect(page).toMatchObject({ records: [{ id: '1101', hasChildren: false }] });
  });

  it('removes one code per call and submits without id', async () => {
    http.request.mockResolvedValue(answer(true));
    await regionApi.remove(['a', 'b']);
    expect(http.request.mock.calls.map((c) => c[0].params)).toEqual([{ id: 'a' }, { id: 'b' }]);
    await regionApi.submit({ id: 'c', code: 'c', name: 'n', parentCode: '00', sort: 1, parentName: 'x' });
    expect(http.request).toHaveBeenLastCalledWith(
      sent({ url: '/blade-system/region/submit', data: { code: 'c', name: 'n', parentCode: '00', sort: 1 } }),
    );
  });
});

describe('client api', () => {
  it('hands the created secret over once and keeps a masked secret on update', async () => {
    const created = vi.fn();
    const api = clientApiWith(created);
    http.request.mockResolvedValueOnce(answer({ id: '1', clientId: 'x', clientSecret: 'plain' }));
    await api.submit({ clientId: 'x', scope: 'all', authorizedGrantTypes: 'password' } as never);
    expect(created).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'plain' }));
    http.request.mockResolvedValueOnce(answer({ id: '1', clientSecret: '******' }));
    await api.submit({ id: '1', clientId: 'x', clientSecret: '******' } as never);
    expect(http.request).toHaveBeenLastCalledWith(
      sent({ url: '/blade-system/client/submit', data: { id: '1', clientId: 'x' } }),
    );
    expect(created).toHaveBeenCalledTimes(1);
  });
});

describe('tree parents', () => {
  it('maps the root parent 0 to an empty field and back', () => {
    expect(fromParent({ parentId: '0', x: 1 })).toEqual({ parentId: undefined, x: 1 });
    expect(fromParent({ parentId: '5' })).toEqual({ parentId: '5' });
    expect(toParent({ parentId: undefined })).toEqual({ parentId: '0' });
    expect(toParent({ parentId: '5' })).toEqual({ parentId: '5' });
  });
});

describe('user dialog', () => {
  it('shows the required messages of the add form', async () => {
    const api = {
      list: vi.fn(async () => ({ records: [], total: 0, size: 10, current: 1, pages: 0 })),
      detail: vi.fn(),
      submit: vi.fn(),
      remove: vi.fn(),
    };
    const { useSession } = await import('#src/app/stores/session');
    useSession.setState({ permissions: { user_add: true } } as never);
    http.request.mockResolvedValue(answer([]));
    const option = userOption({
      platform: false,
      defaultTenant: '000000',
      actions: {
        grant: vi.fn(),
        platform: vi.fn(),
        importUsers: vi.fn(),
        exportUsers: vi.fn(),
        ask: vi.fn(),
      },
    });
    renderWithProviders(<CrudPage option={option} api={api} />);
    await userEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(dialog.textContent).toContain('请输入登录账号'));
    expect(dialog.textContent).toContain('请输入密码');
    expect(dialog.textContent).toContain('请再次输入密码');
    expect(dialog.textContent).toContain('请选择所属角色');
    expect(api.submit).not.toHaveBeenCalled();
  });
});
