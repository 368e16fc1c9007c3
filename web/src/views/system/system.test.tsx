import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '#src/app/stores/session';
import { renderWithProviders } from '#src/test/render';
import ParamPage from './param';
import { packPasswordMode, parsePasswordMode } from './param/PasswordModeEditor';
import TenantPackagePage from './tenantpackage';

const api = vi.hoisted(() => {
  const make = (records: object[]) => ({
    list: vi.fn(async () => ({ records, total: records.length, size: 10, current: 1, pages: 1 })),
    detail: vi.fn(async (id: string) => records.find((r) => (r as { id: string }).id === id)),
    submit: vi.fn(async () => '操作成功'),
    remove: vi.fn(async () => '操作成功'),
  });
  return {
    paramApi: make([
      { id: '1', paramName: '锁屏时间', paramKey: 'account.lockTime', paramValue: '0' },
      { id: '2', paramName: '密码模式', paramKey: 'account.PasswordMode', paramValue: 'safety,8,num,letter' },
    ]),
    tenantPackageApi: make([{ id: '9', packageName: '基础包', menuId: '1,2', remark: '' }]),
    postApiFor: () => make([]),
  };
});
vi.mock('#src/api/systemAdmin', () => api);
vi.mock('#src/api/org', () => ({
  fetchGrantTree: vi.fn(async () => ({
    menu: [
      {
        id: '1',
        parentId: '0',
        title: '工作台',
        key: '1',
        value: '1',
        children: [{ id: '2', parentId: '1', title: '通知公告', key: '2', value: '2' }],
      },
      { id: '3', parentId: '0', title: '系统管理', key: '3', value: '3' },
    ],
    dataScope: [],
    apiScope: [],
  })),
}));

const errors = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll('.ant-form-item-explain-error'), (e) => e.textContent);
const ok = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定|OK/ });

describe('password mode packing', () => {
  it('packs type, length and content joined by commas', () => {
    expect(packPasswordMode({ type: 'safety', length: 10, content: ['letter', 'num'] })).toBe(
      'safety,10,num,letter',
    );
    expect(packPasswordMode({ type: 'normal', length: 10, content: [] })).toBe('normal');
    expect(parsePasswordMode('safety,12,num,character')).toEqual({
      type: 'safety',
      length: 12,
      content: ['num', 'character'],
    });
    expect(parsePasswordMode('normal').type).toBe('normal');
  });
});

describe('参数管理', () => {
  beforeEach(() => {
    useSession.getState().setAccount({
      permissions: { param_add: true, param_edit: true, param_view: true, param_delete: true },
    });
    vi.clearAllMocks();
  });

  it('validates the name and a non-negative value for integer keys', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ParamPage />);
    await screen.findByText('锁屏时间');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(ok(dialog));
    expect(await within(dialog).findByText('请输入参数名称')).toBeInTheDocument();
    expect(errors(dialog)).toContain('请选择参数键名');
    await user.type(within(dialog).getByLabelText('参数名称'), 'x'.repeat(21));
    expect(await within(dialog).findByText('参数名称长度在 1 到 20 个字符')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('参数键名'));
    await screen.findAllByText(/^account\.failCount/);
    const options = screen.getAllByText(/^account\.failCount/);
    await user.click(
      options.find((o) => o.classList.contains('ant-select-item-option-content')) as HTMLElement,
    );
    await user.type(within(dialog).getByLabelText('参数键值'), '-1');
    await user.click(ok(dialog));
    expect(await within(dialog).findByText('参数键值请输入非负数字值!')).toBeInTheDocument();
    expect(api.paramApi.submit).not.toHaveBeenCalled();
  });

  it('keeps the key read-only on edit and edits PasswordMode with the safety editor', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ParamPage />);
    await screen.findByText('密码模式');
    await user.click(screen.getAllByRole('button', { name: /编\s*辑/ })[1]);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('参数名称')).toHaveValue('密码模式'));
    expect(within(dialog).getByLabelText('参数键名')).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: '特殊字符' }));
    await user.click(ok(dialog));
    await waitFor(() =>
      expect(api.paramApi.submit).toHaveBeenCalledWith(
        expect.objectContaining({
          id: '2',
          paramKey: 'account.PasswordMode',
          paramValue: 'safety,8,num,letter,character',
        }),
      ),
    );
  });
});

describe('租户产品包', () => {
  beforeEach(() => {
    useSession.getState().setAccount({
      permissions: {
        tenantpackage_add: true,
        tenantpackage_edit: true,
        tenantpackage_delete: true,
        tenantpackage_view: true,
      },
    });
    vi.clearAllMocks();
  });

  it('has no view button', async () => {
    renderWithProviders(<TenantPackagePage />);
    await screen.findByText('基础包');
    expect(screen.queryAllByRole('button', { name: /查\s*看/ })).toHaveLength(0);
    expect(screen.getByText('2 个菜单')).toBeInTheDocument();
  });

  it('requires a name and menus, and sends the checked menus comma-joined', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TenantPackagePage />);
    await screen.findByText('基础包');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(ok(dialog));
    expect(await within(dialog).findByText('请输入产品包名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择菜单')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('产品包名称'), '标准包');

    const box = (title: string) =>
      within(dialog)
        .getByText(title)
        .closest('.ant-tree-treenode')
        ?.querySelector('.ant-tree-checkbox') as HTMLElement;
    await user.click(box('工作台'));
    await user.click(box('系统管理'));
    await user.click(ok(dialog));
    await waitFor(() => expect(api.tenantPackageApi.submit).toHaveBeenCalled());
    const body = (api.tenantPackageApi.submit.mock.calls as unknown[][])[0][0] as {
      packageName: string;
      menuId: string;
    };
    expect(body.packageName).toBe('标准包');
    expect(body.menuId.split(',').sort()).toEqual(['1', '2', '3']);
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });
});
