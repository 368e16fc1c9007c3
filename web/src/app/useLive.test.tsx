import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveChannel } from '#src/api/live';
import { useSession } from '#src/app/stores/session';
import { useLive } from './useLive';

/** A fetch whose stream the test writes to, and ends or breaks. */
function fakeServer() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const urls: string[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request) => {
    urls.push(String(url));
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
      },
    });
    return { status: 200, ok: true, body } as Response;
  });
  return {
    fetchImpl: fetchImpl as unknown as typeof fetch,
    urls,
    send: (event: string, data: unknown) =>
      controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    fail: () => controller?.error(new Error('network down')),
  };
}

function setup(channel: LiveChannel, topic: string) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLive(topic, { queryKey: ['things'], channel }), { wrapper });
  return { hook, invalidate };
}

describe('useLive', () => {
  beforeEach(() => useSession.setState({ token: 'token', tenantId: '000000' }));
  afterEach(() => useSession.setState({ token: '' }));

  it('is not live (the caller polls) until the channel opens with the topic, then reloads on its events', async () => {
    const server = fakeServer();
    const channel = new LiveChannel(server.fetchImpl);
    const { hook, invalidate } = setup(channel, 'bell');
    expect(hook.result.current).toBe(false);
    await waitFor(() => expect(server.urls).toEqual(['/api/blade-desk/live?topic=bell']));
    act(() => server.send('open', { topics: ['bell'], refused: [] }));
    await waitFor(() => expect(hook.result.current).toBe(true));
    invalidate.mockClear();
    act(() => server.send('bell', [{}]));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things'] }));
    channel.close();
  });

  it('falls back to polling while the channel is down, and goes live again when it reconnects', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = fakeServer();
      const channel = new LiveChannel(server.fetchImpl);
      const { hook } = setup(channel, 'bell');
      await waitFor(() => expect(server.urls).toHaveLength(1));
      act(() => server.send('open', { topics: ['bell'], refused: [] }));
      await waitFor(() => expect(hook.result.current).toBe(true));
      act(() => server.fail());
      await waitFor(() => expect(hook.result.current).toBe(false));
      expect(channel.status).toBe('down');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_100);
      });
      await waitFor(() => expect(server.urls).toHaveLength(2));
      act(() => server.send('open', { topics: ['bell'], refused: [] }));
      await waitFor(() => expect(hook.result.current).toBe(true));
      channel.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps polling a topic the server refused', async () => {
    const server = fakeServer();
    const channel = new LiveChannel(server.fetchImpl);
    const { hook } = setup(channel, 'alarm');
    await waitFor(() => expect(server.urls).toHaveLength(1));
    act(() => server.send('open', { topics: [], refused: ['alarm'] }));
    await waitFor(() => expect(channel.status).toBe('open'));
    expect(hook.result.current).toBe(false);
    channel.close();
  });

  it('reloads a query fed by two topics once when the stream opens', async () => {
    const server = fakeServer();
    const channel = new LiveChannel(server.fetchImpl);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(
      () => [
        useLive('realtime', { queryKey: ['screen'], keys: ['p1'], channel }),
        useLive('alarm', { queryKey: ['screen'], channel }),
      ],
      { wrapper },
    );
    await waitFor(() => expect(server.urls).toHaveLength(1));
    act(() => server.send('open', { topics: ['alarm', 'realtime'], refused: [] }));
    await waitFor(() => expect(invalidate).toHaveBeenCalled());
    expect(invalidate).toHaveBeenCalledOnce();
    // A later resync reloads it again.
    await act(async () => server.send('resync', {}));
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    channel.close();
  });

  it('patches an event heard during a reload in again when that reload answers (it was read before the write)', async () => {
    const server = fakeServer();
    const channel = new LiveChannel(server.fetchImpl);
    const client = new QueryClient();
    client.setQueryData(['values'], { p1: 1 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const apply = (old: unknown, events: { p1: number }[]) => ({ ...(old as object), ...events.at(-1) });
    renderHook(() => useLive('realtime', { queryKey: ['values'], keys: ['p1'], apply, channel }), {
      wrapper,
    });
    await waitFor(() => expect(server.urls).toHaveLength(1));
    act(() => server.send('open', { topics: ['realtime'], refused: [] }));
    let answer: (data: unknown) => void = () => {};
    const reload = client.fetchQuery({
      queryKey: ['values'],
      queryFn: () => new Promise((resolve) => (answer = resolve)),
      staleTime: 0,
    });
    act(() => server.send('realtime', [{ p1: 2 }]));
    await waitFor(() => expect(client.getQueryData(['values'])).toEqual({ p1: 2 }));
    await act(async () => {
      answer({ p1: 1 });
      await reload;
    });
    expect(client.getQueryData(['values'])).toEqual({ p1: 2 });
    channel.close();
  });
});
