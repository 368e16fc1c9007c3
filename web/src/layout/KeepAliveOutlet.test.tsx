import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTabs } from '#src/app/stores/tabs';
import { KeepAliveOutlet } from './KeepAliveOutlet';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

function Shell() {
  const { pathname } = useLocation();
  return <KeepAliveOutlet activeKey={pathname} />;
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/a', element: <Counter name="a" /> },
          { path: '/b', element: <Counter name="b" /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('KeepAliveOutlet (pages kept alive per tab)', () => {
  beforeEach(() => {
    useTabs.getState().reset();
    useTabs.getState().open({ key: '/a', path: '/a' });
    useTabs.getState().open({ key: '/b', path: '/b' });
  });

  it('keeps a page’s state while another tab is shown', async () => {
    const user = userEvent.setup();
    const router = setup();
    await user.click(screen.getByText('a 0'));
    await act(() => router.navigate('/b'));
    expect(screen.getByText('b 0')).toBeVisible();
    expect(screen.getByText('a 1', { selector: 'button' })).not.toBeVisible();
    await act(() => router.navigate('/a'));
    expect(screen.getByText('a 1')).toBeVisible();
  });

  it('drops the page of a closed tab and remounts every page on clear cache', async () => {
    const user = userEvent.setup();
    const router = setup();
    await user.click(screen.getByText('a 0'));
    await act(() => router.navigate('/b'));
    await user.click(screen.getByText('b 0'));
    act(() => useTabs.getState().close('/a'));
    expect(screen.queryByText('a 1')).toBeNull();

    act(() => useTabs.getState().clearCache());
    expect(screen.getByText('b 0')).toBeVisible();
  });
});
