import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrudApi } from '#src/api/crud';
import { useSession } from '#src/app/stores/session';
import { renderWithProviders } from '#src/test/render';
import { CrudPage } from './CrudPage';
import { type CrudOption, DEFAULT_PAGE_SIZE, PAGE_SIZES } from './types';
import { useCrudTable } from './useCrudTable';

interface Item {
  id?: string;
  title: string;
  content: string;
}

const option: CrudOption<Item> = {
  name: 'item',
  permissions: { add: 'item_add', edit: 'item_edit', view: 'item_view', delete: 'item_delete' },
  columns: [
    { prop: 'title', label: 'noticeScreen.title', search: true, required: true },
    { prop: 'content', label: 'noticeScreen.content', type: 'textarea', hide: true },
  ],
};

const rows: Item[] = [
  { id: '1', title: '停机检修通知', content: 'a' },
  { id: '2', title: '安全生产月', content: 'b' },
];

function fakeApi(): CrudApi<Item> {
  return {
    list: vi.fn(async () => ({ records: rows, total: 2, size: 10, current: 1, pages: 1 })),
    detail: vi.fn(async (id: string) => rows.find((r) => r.id === id) as Item),
    submit: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
  };
}

function grant(...codes: string[]) {
  useSession.getState().setAccount({ permissions: Object.fromEntries(codes.map((c) => [c, true])) });
}

const ALL = ['item_add', 'item_edit', 'item_view', 'item_delete'];

describe('CrudPage', () => {
  let api: CrudApi<Item>;
  beforeEach(() => {
    api = fakeApi();
    grant(...ALL);
  });

  it('lists the first page with the default size of 10', async () => {
    renderWithProviders(<CrudPage option={option} api={api} />);
    expect(await screen.findByText('停机检修通知')).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledWith({ current: 1, size: 10 });
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
  });

  it('searches with the filled fields from page 1', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage option={option} api={api} />);
    await screen.findByText('停机检修通知');
    await user.type(screen.getByPlaceholderText('请输入通知标题'), '检修');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ title: '检修', current: 1, size: 10 }));
  });

  it('batch delete without a selection asks for one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage option={option} api={api} />);
    await screen.findByText('停机检修通知');
    await user.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('batch delete confirms, removes the selected ids and reports success', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage option={option} api={api} />);
    await screen.findByText('停机检修通知');
    const checkboxes = screen.getAllByRole('checkbox');
    await user.click(checkboxes[1]);
    await user.click(checkboxes[2]);
    await user.click(screen.getByRole('button', { name: /批量删除/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定将选择数据删除?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(['1', '2']));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
  });

  it('adds a record through the dialog, with the required-field message first', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage option={option} api={api} />);
    await screen.findByText('停机检修通知');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入通知标题')).toBeInTheDocument();
    await user.type(within(dialog).getAllByPlaceholderText('请输入通知标题')[0], '新公告');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.submit).toHaveBeenCalledWith({ title: '新公告' }));
  });

  it('edits the server record and sends its id', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage option={option} api={api} />);
    await screen.findByText('停机检修通知');
    await user.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]);
    expect(api.detail).toHaveBeenCalledWith('1');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(api.submit).toHaveBeenCalledWith({ id: '1', title: '停机检修通知', content: 'a' }),
    );
  });

  it('keeps the edit fields disabled until the server record is in, so typing is not overwritten', async () => {
    let answer: (item: Item) => void = () => undefined;
    api.detail = vi.fn(() => new Promise<Item>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderWithProviders(<CrudPage option={option} api={api} />);
    await screen.findByText('停机检修通知');
    await user.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]);
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getAllByPlaceholderText('请输入通知标题')[0];
    expect(title).toBeDisabled();
    act(() => answer({ id: '1', title: '服务器上的标题', content: 'a' }));
    await waitFor(() => expect(title).toBeEnabled());
    expect(title).toHaveValue('服务器上的标题');
  });

  it('shows only the buttons the user holds codes for', async () => {
    grant('item_view');
    renderWithProviders(<CrudPage option={option} api={api} />);
    await screen.findByText('停机检修通知');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /编\s*辑/ })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(2);
  });
});

describe('useCrudTable paging', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  );

  it('offers the page sizes 10/30/50/100/200 and goes back to page 1 on a size change', async () => {
    const api = fakeApi();
    const { result } = renderHook(() => useCrudTable('paging', api), { wrapper });
    const pagination = () =>
      result.current.tableProps.pagination as { pageSizeOptions: number[]; pageSize: number };
    expect(PAGE_SIZES).toEqual([10, 30, 50, 100, 200]);
    expect(pagination().pageSizeOptions).toEqual(PAGE_SIZES);
    expect(pagination().pageSize).toBe(DEFAULT_PAGE_SIZE);
    const change = (current: number, size: number) =>
      act(() =>
        (result.current.tableProps.pagination as { onChange(c: number, s: number): void }).onChange(
          current,
          size,
        ),
      );
    change(2, 10);
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ current: 2, size: 10 }));
    change(2, 30);
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ current: 1, size: 30 }));
  });
});
