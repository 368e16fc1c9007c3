import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '#src/api/types';
import { useSession } from '#src/app/stores/session';
import { mountScreen } from './standalone';

const USER = { id: '1' } as unknown as UserInfo;

function visit(path: string) {
  window.history.replaceState(null, '', path);
}

afterEach(() => {
  useSession.setState({ token: '', user: null, locked: false, menus: [] });
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
});
