import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrudApi } from '#src/api/crud';
import { useSession } from '#src/app/stores/session';
import { renderWithProviders } from '#src/test/render';
import { CrudPage } from './CrudPage';
import type { CrudOption } from './types';

interface Row {
  id: string;
  name: string;
  createTime: string;
}

const rows: Row[] = [{ id: '1', name: '甲', createTime: '2026-01-02 03:04:05' }];

function fakeApi(): CrudApi<Row> {
  return {
    list: vi.fn(async () => ({
      records: rows,
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    })) as CrudApi<Row>['list'],
    detail: vi.fn(async () => rows[0]),
    submit: vi.fn(async () => '操作成功'),
    remove: vi.fn(async () => '操作成功'),
  };
}

const option: CrudOption<Row> = {
  name: 'urlrow',
  urlState: true,
  permissions: {},
  columns: [
    { prop: 'name', label: 'crud.testName', search: true, sortable: true },
    { prop: 'createTime', label: 'crud.testCode', search: true, searchRange: true, sortable: true },
  ],
};

function renderAt(url: string, api: CrudApi<Row>) {
  const router = createMemoryRouter([{ path: '/rows', element: <CrudPage option={option} api={api} /> }], {
    initialEntries: [url],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const lastCall = (api: CrudApi<Row>) => (api.list as ReturnType<typeof vi.fn>).mock.calls.at(-1)?.[0];

// The range field's picker is a lazy chunk: on a cold run (a clean clone) its first import takes longer than a
// findBy waits, so it is loaded before any test's clock starts.
beforeAll(async () => {
  await import('antd/es/date-picker');
}, 60_000);

beforeEach(() => {
  useSession.getState().setAccount({ permissions: {} });
});

describe('CrudPage table state in the URL', () => {
  it('opens a link on its page, filters and sort, and fills the search form from it', async () => {
    const api = fakeApi();
    renderAt(
      '/rows?current=2&size=30&descs=create_time&q.name=甲&q.createTime_datege=2026-01-01+00%3A00%3A00',
      api,
    );
    await waitFor(
      () =>
        expect(lastCall(api)).toEqual({
          name: '甲',
          createTime_datege: '2026-01-01 00:00:00',
          descs: 'create_time',
          current: 2,
          size: 30,
        }),
      { timeout: 15_000 },
    );
    expect(await screen.findByDisplayValue('甲', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(
      await screen.findByDisplayValue('2026-01-01 00:00:00', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const header = screen
      .getAllByRole('columnheader')
      .find((th) => th.textContent?.includes('crud.testCode'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  it('a header click sorts on the server and lands in the URL; back restores the previous state', async () => {
    const api = fakeApi();
    const router = renderAt('/rows?q.name=甲', api);
    await waitFor(() => expect(lastCall(api)).toEqual({ name: '甲', current: 1, size: 10 }));
    const nameHeader = screen
      .getAllByRole('columnheader')
      .find((th) => th.textContent?.includes('crud.testName'));
    if (!nameHeader) throw new Error('no name header');
    await userEvent.click(nameHeader);
    await waitFor(() => expect(lastCall(api)).toEqual({ name: '甲', ascs: 'name', current: 1, size: 10 }));
    expect(router.state.location.search).toBe('?ascs=name&q.name=%E7%94%B2');
    await userEvent.click(nameHeader);
    await waitFor(() => expect(router.state.location.search).toBe('?descs=name&q.name=%E7%94%B2'));
    await waitFor(() => expect(lastCall(api)).toMatchObject({ descs: 'name' }));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?ascs=name&q.name=%E7%94%B2'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  });

  it('a page kept in a hidden tab changes its own state without taking the console to its path', async () => {
    const api = fakeApi();
    // One element for every path: the page stays mounted while another tab's location is shown, as a kept tab.
    const router = createMemoryRouter([{ path: '*', element: <CrudPage option={option} api={api} /> }], {
      initialEntries: ['/rows'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    await waitFor(() => expect(lastCall(api)).toEqual({ current: 1, size: 10 }));
    await act(() => router.navigate('/home'));
    const nameHeader = screen
      .getAllByRole('columnheader')
      .find((th) => th.textContent?.includes('crud.testName'));
    if (!nameHeader) throw new Error('no name header');
    await userEvent.click(nameHeader);
    await waitFor(() => expect(lastCall(api)).toMatchObject({ ascs: 'name' }));
    expect(router.state.location.pathname).toBe('/home');
  });
});
