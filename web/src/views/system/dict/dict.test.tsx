import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '#src/app/stores/session';
import { renderWithProviders } from '#src/test/render';
import DictPage from '.';
import { dictColumns } from './DictScreen';

const api = vi.hoisted(() => {
  const rows = [
    { id: '1', parentId: '0', code: 'open', dictKey: '-1', dictValue: '开放', sort: 1, isSealed: 0 },
    { id: '2', parentId: '0', code: 'locked', dictKey: '-1', dictValue: '封存的', sort: 2, isSealed: 1 },
  ];
  const make = () => ({
    list: vi.fn(async () => ({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 })),
    detail: vi.fn(async (id: string) => rows.find((r) => r.id === id)),
    submit: vi.fn(async () => '操作成功'),
    remove: vi.fn(async () => '操作成功'),
  });
  return { parent: make(), child: make() };
});
vi.mock('#src/api/dictAdmin', () => ({
  dictFileUrls: (kind: string) => ({
    export: `/blade-system/${kind}/export`,
    import: `/blade-system/${kind}/import`,
  }),
  dictParentApi: () => api.parent,
  dictChildApi: () => api.child,
  fetchDictChildren: vi.fn(async () => []),
}));

describe('dictionary column model', () => {
  it('limits the code to 20 characters only in the system dictionary; items need a key', () => {
    const system = dictColumns(true, false);
    const biz = dictColumns(false, true);
    const rule = (cols: typeof system, prop: string) =>
      JSON.stringify(cols.find((c) => c.prop === prop)?.rules);
    expect(rule(system, 'code')).toContain('"max":20');
    expect(rule(biz, 'code')).toContain('"max":255');
    expect(system.some((c) => c.prop === 'dictKey')).toBe(false);
    expect(biz.find((c) => c.prop === 'dictKey')?.required).toBe(true);
    expect(biz.find((c) => c.prop === 'code')?.addDisabled).toBe(true);
    for (const prop of ['code', 'dictValue', 'sort', 'isSealed'])
      expect(system.find((c) => c.prop === prop)?.required).toBe(true);
  });
});

describe('系统字典', () => {
  beforeEach(() => {
    useSession.getState().setAccount({
      permissions: { dict_add: true, dict_edit: true, dict_view: true, dict_delete: true, dict_export: true },
    });
    vi.clearAllMocks();
  });

  it('hides edit and delete on sealed rows and checks the form', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DictPage />);
    const open = (await screen.findByText('开放')).closest('tr') as HTMLElement;
    const sealed = screen.getByText('封存的').closest('tr') as HTMLElement;
    expect(within(open).getByRole('button', { name: /编\s*辑/ })).toBeInTheDocument();
    expect(within(sealed).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(sealed).queryByRole('button', { name: /^删\s*除$/ })).toBeNull();
    expect(within(sealed).getByText('已封存')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入字典编号')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入字典名称')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('字典编号'), 'x'.repeat(21));
    expect(await within(dialog).findByText('字典编号长度在 1 到 20 个字符')).toBeInTheDocument();
    await waitFor(() => expect(api.parent.submit).not.toHaveBeenCalled());
  });
});
