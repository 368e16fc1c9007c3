import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userSettingKey } from '#src/api/alarm';
import '#src/i18n';

const fetchUnreadNotices = vi.fn();
const fetchUserSetting = vi.fn();
vi.mock('#src/api/system', async (original) => ({
  ...(await original<object>()),
  fetchUnreadNotices: (...args: unknown[]) => fetchUnreadNotices(...args),
}));
vi.mock('#src/api/alarm', async (original) => ({
  ...(await original<object>()),
  fetchUserSetting: () => fetchUserSetting(),
}));
// The live channel is up: the bell reloads when told (here: by the test), not on a timer.
vi.mock('#src/app/useLive', () => ({ useLive: () => true }));

// Web Audio as the herald's beep uses it: each tone started is a sound played.
const toneStarted = vi.fn();
class AudioContextStub {
  currentTime = 0;
  destination = {};
  createOscillator() {
    return {
      frequency: { value: 0 },
      connect: (node: unknown) => node,
      start: toneStarted,
      stop: () => undefined,
    };
  }
  createGain() {
    return { gain: { value: 0 }, connect: (node: unknown) => node };
  }
  close() {
    return Promise.resolve();
  }
}
window.AudioContext = AudioContextStub as unknown as typeof AudioContext;

const { NoticeBell, NOTICE_QUERY_KEY } = await import('./NoticeBell');

/** A bell notification of an alarm transition, as the server words it (content: JSON with action and rank). */
const alarm = (id: string, rank: number, action = 'raise') => ({
  id,
  content: JSON.stringify({
    name: `Alarm ${id}`,
    level: 'Critical',
    action,
    rank,
    firstTime: '2026-11-27 10:00:00',
  }),
  createTime: '2026-11-27 10:00:00',
});

/** The bell with the console's first notifications, then one more arriving (the live channel's reload). */
async function arrives(first: ReturnType<typeof alarm>[], next: ReturnType<typeof alarm>) {
  fetchUnreadNotices
    .mockResolvedValueOnce({ records: first, total: first.length })
    .mockResolvedValue({ records: [next, ...first], total: first.length + 1 });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { container } = render(
    <QueryClientProvider client={client}>
      <App>
        <NoticeBell />
      </App>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(client.getQueryData(userSettingKey)).toBeTruthy());
  await waitFor(() => expect(client.getQueryData(NOTICE_QUERY_KEY)).toBeTruthy());
  const bell = container.querySelector('button.pd-header-btn') as HTMLElement;
  expect(bell).not.toHaveAttribute('data-flashing'); // what was there when the console opened does not herald
  await act(() => client.invalidateQueries({ queryKey: NOTICE_QUERY_KEY }));
  await waitFor(() => expect(fetchUnreadNotices).toHaveBeenCalledTimes(2));
  return bell;
}

describe('the bell heralds urgent alarms (alarm_user_setting)', () => {
  beforeEach(() => {
    fetchUnreadNotices.mockReset();
    fetchUserSetting.mockReset();
    toneStarted.mockReset();
  });

  it('flashes and sounds for a new level-1 alarm when the user turned both on', async () => {
    fetchUserSetting.mockResolvedValue({ sound: 1, flash: 1, levels: 2 });
    const bell = await arrives([alarm('1', 3)], alarm('2', 1));
    await waitFor(() => expect(bell).toHaveAttribute('data-flashing', 'true'));
    expect(bell).toHaveClass('pd-bell-flash');
    expect(toneStarted).toHaveBeenCalledTimes(6); // three two-tone beeps
  });

  it('stays quiet with the setting off (the default)', async () => {
    fetchUserSetting.mockResolvedValue({ sound: 0, flash: 0, levels: 2 });
    const bell = await arrives([], alarm('2', 1));
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(bell).not.toHaveAttribute('data-flashing');
    expect(toneStarted).not.toHaveBeenCalled();
  });

  it('stays quiet for a level less urgent than the user’s', async () => {
    fetchUserSetting.mockResolvedValue({ sound: 1, flash: 1, levels: 2 });
    const bell = await arrives([], alarm('2', 3));
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(bell).not.toHaveAttribute('data-flashing');
    expect(toneStarted).not.toHaveBeenCalled();
  });
});
