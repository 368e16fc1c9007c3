import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionHooks } from '#src/api/httpCore';
import type { UserInfo } from '#src/api/types';
import { DEFAULT_CONFIG, useSession } from '#src/app/stores/session';
import { mountScreen } from './standalone';

const USER = { id: '1' } as unknown as UserInfo;

function visit(path: string) {
  window.history.replaceState(null, '', path);
}

afterEach(() => {
  vi.useRealTimers();
  useSession.setState({ token: '', user: null, locked: false, menus: [], config: DEFAULT_CONFIG });
  document.body.innerHTML = '';
  visit('/');
});

describe('a large screen opened by its address', () => {
  it('mounts the screen alone, with the blank title of spec §2', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    useSession.setState({ token: 't', user: USER, tenantId: '000000' });
    visit('/cockpit');
    document.title = 'PlantDesk';
    expect(await mountScreen(async () => ({ default: () => <p>the cockpit</p> }))).toBe(true);
    await waitFor(() => expect(document.getElementById('root')?.textContent).toBe('the cockpit'));
    expect(document.title).toBe('');
  });

  it('leaves a visit the route guard sends elsewhere to the console, loading nothing', async () => {
    useSession.setState({ token: 't', user: USER, locked: true });
    visit('/cockpit');
    const load = vi.fn();
    expect(await mountScreen(load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it("keeps a monitor's menu name as its title", async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const menus = [
      { id: '9', name: '批次进度大屏', path: '/index/batchMonitor', code: 'batchMonitor', children: [] },
    ];
    useSession.setState({ token: 't', user: USER, tenantId: '000000', menus } as never);
    visit('/index/batchMonitor');
    expect(await mountScreen(async () => ({ default: () => <p>batches</p> }))).toBe(true);
    expect(document.title).toBe('批次进度大屏');
  });

  it("refreshes its token on the console's schedule: a wall screen outlives its first token", async () => {
    document.body.innerHTML = '<div id="root"></div>';
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
    // Signed in 40 minutes ago with the default timeout (3600 s) and a refresh time of 3000 s: due (spec §9).
    const config = { ...DEFAULT_CONFIG, tokenRefreshTime: 3000 };
    useSession.setState({
      token: 't',
      user: USER,
      tenantId: '000000',
      tokenTime: Date.now() - 40 * 60_000,
      config,
    });
    visit('/cockpit');
    expect(await mountScreen(async () => ({ default: () => <p>the cockpit</p> }))).toBe(true);
    await vi.waitFor(() => expect(document.getElementById('root')?.textContent).toBe('the cockpit'));
    const refresh = vi.spyOn(sessionHooks, 'refresh').mockResolvedValue(); // bound by the mount
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(refresh).toHaveBeenCalled(); // by every screen mounted in this file (their roots live on)
  });
});
