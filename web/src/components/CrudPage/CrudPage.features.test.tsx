import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrudApi } from '#src/api/crud';
import { HttpError } from '#src/api/http';
import { useSession } from '#src/app/stores/session';
import { renderWithProviders } from '#src/test/render';
import { CrudPage } from './CrudPage';
import type { CrudHandle, CrudOption } from './types';
import { successMessage, toFormValues, toWireValues } from './values';

interface Row {
  id?: string;
  name: string;
  code?: string;
  kind?: string;
  tags?: string;
  enabled?: number;
  hasChildren?: boolean;
  children?: Row[];
}

const rows: Row[] = [
  { id: '1', name: '甲', code: 'a', kind: '1', tags: 'x,y', enabled: 1 },
  { id: '2', name: '乙', code: 'b', kind: '2', tags: 'y', enabled: 0 },
];

function fakeApi(
  list: Row[] | { records: Row[]; total: number } = { records: rows, total: 2 },
): CrudApi<Row> {
  return {
    list: vi.fn(async () =>
      Array.isArray(list) ? list : { ...list, size: 10, current: 1, pages: 1 },
    ) as CrudApi<Row>['list'],
    detail: vi.fn(async (id: string) => rows.find((r) => r.id === id) as Row),
    submit: vi.fn(async () => '操作成功'),
    remove: vi.fn(async () => '操作成功'),
  };
}

function grant(...codes: string[]) {
  useSession.getState().setAccount({ permissions: Object.fromEntries(codes.map((c) => [c, true])) });
}

const KINDS = [
  { label: '类一', value: '1' },
  { label: '类二', value: '2' },
];

const base: CrudOption<Row> = {
  name: 'row',
  permissions: { add: 'row_add', edit: 'row_edit', view: 'row_view', delete: 'row_delete' },
  columns: [
    { prop: 'name', label: 'crud.testName', search: true, required: true },
    { prop: 'code', label: 'crud.testCode', editDisabled: true, addDisplay: true, viewDisplay: false },
    { prop: 'kind', label: 'crud.testKind', type: 'select', dicData: KINDS, search: true, value: '2' },
    {
      prop: 'tags',
      label: 'crud.testTags',
      type: 'multi-select',
      dataType: 'string',
      dicData: [
        { label: 'X', value: 'x' },
        { label: 'Y', value: 'y' },
      ],
    },
    { prop: 'enabled', label: 'crud.testEnabled', type: 'switch' },
  ],
};

const ALL = ['row_add', 'row_edit', 'row_view', 'row_delete'];
const ok = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定|OK/ });

describe('CrudPage column model', () => {
  beforeEach(() => grant(...ALL));

  it('renders dictionary labels, comma lists and switch values in the table', async () => {
    renderWithProviders(<CrudPage option={base} api={fakeApi()} />);
    expect(await screen.findByText('类一')).toBeInTheDocument();
    expect(screen.getByText('X, Y')).toBeInTheDocument();
    expect(screen.getByText('是')).toBeInTheDocument();
    expect(screen.getByText('否')).toBeInTheDocument();
  });

  it('fills add defaults from `value` and joins dataType string arrays on submit', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderWithProviders(<CrudPage option={base} api={api} />);
    await screen.findByText('甲');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('crud.testName'), '丙');
    await user.click(ok(dialog));
    await waitFor(() => expect(api.submit).toHaveBeenCalledWith({ name: '丙', kind: '2' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('editDisabled fields are read-only on edit, editable on add; viewDisplay false hides in view', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage option={base} api={fakeApi()} />);
    await screen.findByText('甲');
    await user.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]);
    let dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('crud.testCode')).toHaveValue('a'));
    expect(within(dialog).getByLabelText('crud.testCode')).toBeDisabled();
    expect(within(dialog).getByLabelText('crud.testName')).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: /取\s*消|Cancel/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getAllByRole('button', { name: /查\s*看/ })[0]);
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('crud.testCode')).toBeNull();
    expect(within(dialog).getByLabelText('crud.testName')).toBeDisabled();
  });

  it('beforeOpen supplies the values and beforeSubmit reshapes the body', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    const beforeOpen = vi.fn(async () => ({ name: '来自钩子', code: 'h' }));
    const beforeSubmit = vi.fn((values: Record<string, unknown>, _mode: string) => ({
      ...values,
      extra: 'yes',
    }));
    renderWithProviders(<CrudPage option={{ ...base, beforeOpen, beforeSubmit }} api={api} />);
    await screen.findByText('甲');
    await user.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('crud.testName')).toHaveValue('来自钩子'));
    expect(beforeOpen).toHaveBeenCalledWith('edit', rows[0], api);
    expect(api.detail).not.toHaveBeenCalled();
    await user.click(ok(dialog));
    await waitFor(() => expect(beforeSubmit).toHaveBeenCalled());
    expect(beforeSubmit.mock.calls[0][1]).toBe('edit');
    await waitFor(() =>
      expect(api.submit).toHaveBeenCalledWith(
        expect.objectContaining({ id: '1', name: '来自钩子', extra: 'yes' }),
      ),
    );
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
  });

  it('a failed submit keeps the dialog open and adds no toast of its own', async () => {
    const api = fakeApi();
    api.submit = vi.fn(async () => {
      throw new HttpError(400, '岗位编号已存在');
    });
    const user = userEvent.setup();
    renderWithProviders(<CrudPage option={base} api={api} />);
    await screen.findByText('甲');
    await user.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('crud.testName')).toHaveValue('甲'));
    await user.click(ok(dialog));
    await waitFor(() => expect(api.submit).toHaveBeenCalled());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText('更新成功')).toBeNull();
    expect(screen.queryByText('岗位编号已存在')).toBeNull(); // the HTTP layer toasts, not CrudPage
  });

  it('shows the server suffix after the local success message', async () => {
    const api = fakeApi();
    api.submit = vi.fn(async () => '操作成功, 刷新后生效！');
    const user = userEvent.setup();
    renderWithProviders(<CrudPage option={base} api={api} />);
    await screen.findByText('甲');
    await user.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('crud.testName')).toHaveValue('甲'));
    await user.click(ok(dialog));
    expect(await screen.findByText('更新成功, 刷新后生效！')).toBeInTheDocument();
  });
});

describe('CrudPage buttons and actions', () => {
  it('viewBtn: false hides the view button even with the code', async () => {
    grant(...ALL);
    renderWithProviders(<CrudPage option={{ ...base, viewBtn: false }} api={fakeApi()} />);
    await screen.findByText('甲');
    expect(screen.queryAllByRole('button', { name: /查\s*看/ })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /编\s*辑/ })).toHaveLength(2);
  });

  it('toolbar and row actions follow their permission codes; batch actions need a selection', async () => {
    grant('row_reset', 'row_lock');
    const reset = vi.fn();
    const lock = vi.fn();
    const hidden = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <CrudPage
        option={{
          ...base,
          toolbar: [
            { key: 'reset', code: 'row_reset', label: 'crud.testReset', batch: true, onClick: reset },
            { key: 'secret', code: 'row_secret', label: 'crud.testSecret', onClick: hidden },
          ],
          rowActions: [
            {
              key: 'lock',
              code: 'row_lock',
              label: 'crud.testLock',
              onClick: lock,
              show: (r) => r.enabled === 1,
            },
          ],
        }}
        api={fakeApi()}
      />,
    );
    await screen.findByText('甲');
    expect(screen.queryByRole('button', { name: 'crud.testSecret' })).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'crud.testReset' }));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    expect(reset).not.toHaveBeenCalled();
    await user.click(screen.getAllByRole('checkbox')[1]);
    await user.click(screen.getByRole('button', { name: 'crud.testReset' }));
    expect(reset).toHaveBeenCalledWith([rows[0]], expect.objectContaining({ selected: [rows[0]] }));
    const lockButtons = screen.getAllByRole('button', { name: 'crud.testLock' });
    expect(lockButtons).toHaveLength(1); // only the enabled row
    await user.click(lockButtons[0]);
    expect(lock).toHaveBeenCalledWith(rows[0], expect.anything());
  });

  it('one-row delete asks 确定将选择数据删除? and reports 删除成功', async () => {
    grant(...ALL);
    const api = fakeApi();
    const user = userEvent.setup();
    renderWithProviders(<CrudPage option={base} api={api} />);
    await screen.findByText('甲');
    await user.click(screen.getAllByRole('button', { name: /^删\s*除$/ })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定将选择数据删除?')).toBeInTheDocument();
    await user.click(ok(dialog));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(['1']));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
  });
});

describe('CrudPage query, handle and trees', () => {
  beforeEach(() => grant(...ALL));

  it('merges `query` into every list call and exposes refresh()', async () => {
    const api = fakeApi();
    const ref = createRef<CrudHandle>();
    function Harness() {
      const [deptId, setDeptId] = useState('7');
      return (
        <>
          <button type="button" onClick={() => setDeptId('8')}>
            dept 8
          </button>
          <CrudPage option={base} api={api} query={{ deptId }} ref={ref} />
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await screen.findByText('甲');
    expect(api.list).toHaveBeenLastCalledWith({ deptId: '7', current: 1, size: 10 });
    await user.click(screen.getByRole('button', { name: 'dept 8' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ deptId: '8', current: 1, size: 10 }));
    const calls = vi.mocked(api.list).mock.calls.length;
    await act(() => ref.current?.refresh());
    expect(vi.mocked(api.list).mock.calls.length).toBe(calls + 1);
  });

  it('shows an array answer as an unpaged tree and loads lazy children on expand', async () => {
    const tree: Row[] = [
      { id: '1', name: '根', children: [{ id: '11', name: '子一' }] },
      { id: '2', name: '懒', hasChildren: true },
    ];
    const lazy = vi.fn(async () => [{ id: '21', name: '懒子' }]);
    const user = userEvent.setup();
    const { container } = renderWithProviders(
      <CrudPage option={{ ...base, tree: true, lazy }} api={fakeApi(tree)} />,
    );
    await screen.findByText('根');
    expect(container.querySelector('.ant-pagination')).toBeNull();
    const expanders = container.querySelectorAll('.ant-table-row-expand-icon-collapsed');
    expect(expanders).toHaveLength(2);
    await user.click(expanders[1]);
    expect(await screen.findByText('懒子')).toBeInTheDocument();
    expect(lazy).toHaveBeenCalledWith(expect.objectContaining({ id: '2' }));
  });
});

describe('CrudPage values', () => {
  it('converts between wire and form values', () => {
    const columns = base.columns;
    expect(toFormValues(columns, { tags: 'x,y', kind: 2 })).toEqual({ tags: ['x', 'y'], kind: '2' });
    expect(toWireValues(columns, { tags: ['x', 'y'] })).toEqual({ tags: 'x,y' });
  });

  it('keeps server messages of its own and the suffix of the generic one', () => {
    expect(successMessage('新增成功')).toBe('新增成功');
    expect(successMessage('新增成功', '操作成功')).toBe('新增成功');
    expect(successMessage('更新成功', '操作成功, 退出重新登录生效！')).toBe('更新成功, 退出重新登录生效！');
    expect(successMessage('删除成功', '已删除 3 条')).toBe('已删除 3 条');
  });
});
