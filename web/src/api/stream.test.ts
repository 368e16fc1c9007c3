import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchStream, readEvents, sessionHooks } from '#src/api/http';
import { useSession } from '#src/app/stores/session';

const body = (...pieces: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
      controller.close();
    },
  });

describe('readEvents', () => {
  it('yields each event across arbitrary piece boundaries, comments carrying nothing', async () => {
    const seen: [string, string][] = [];
    const stream = 'data: {"a":1}\n\nevent: bell\ndata: {"b":"x\\ny"}\n\n: comment\n\ndata: [DONE]\n\n';
    await readEvents(body(stream.slice(0, 7), stream.slice(7, 20), stream.slice(20)), (name, data) =>
      seen.push([name, data]),
    );
    expect(seen).toEqual([
      ['', '{"a":1}'],
      ['bell', '{"b":"x\\ny"}'],
      ['', '[DONE]'],
    ]);
  });

  it('keeps an unfinished event until its blank line arrives', async () => {
    const seen: string[] = [];
    await readEvents(body('data: {"half"', ':true}\n\ndata: {"cut'), (_name, data) => seen.push(data));
    expect(seen).toEqual(['{"half":true}']);
  });
});

describe('fetchStream', () => {
  const original = { ...sessionHooks };
  afterEach(() => Object.assign(sessionHooks, original));

  it('sends the console headers, and on a 401 refreshes once and asks again with the new token', async () => {
    useSession.setState({ token: 'old', refreshToken: 'r', tenantId: '356782' });
    sessionHooks.refresh = vi.fn(async () => {
      useSession.setState({ token: 'new' });
    });
    sessionHooks.expire = vi.fn();
    const sent: Headers[] = [];
    const fake = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers));
      return new Response(null, { status: sent.length === 1 ? 401 : 200 });
    });
    const response = await fetchStream('/api/x', { headers: { Accept: 'text/event-stream' } }, fake);
    expect(response.status).toBe(200);
    expect(sent.map((h) => h.get('Blade-Auth'))).toEqual(['bearer old', 'bearer new']);
    expect(sent[1].get('Tenant-Id')).toBe('356782');
    expect(sent[1].get('Accept')).toBe('text/event-stream');
    expect(sessionHooks.expire).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh fails', async () => {
    useSession.setState({ token: 'old', refreshToken: 'r' });
    sessionHooks.refresh = vi.fn((): Promise<void> => Promise.reject(new Error('expired')));
    sessionHooks.expire = vi.fn();
    const response = await fetchStream('/api/x', {}, async () => new Response(null, { status: 401 }));
    expect(response.status).toBe(401);
    expect(sessionHooks.expire).toHaveBeenCalledOnce();
  });

  it('leaves a second ask that was aborted to the caller: the session stays', async () => {
    useSession.setState({ token: 'old', refreshToken: 'r' });
    const abort = new AbortController();
    sessionHooks.refresh = vi.fn(async () => {
      useSession.setState({ token: 'new' });
      abort.abort(); // as the live channel does when the new token reopens its stream
    });
    sessionHooks.expire = vi.fn();
    const fake = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return new Response(null, { status: 401 });
    });
    await expect(fetchStream('/api/x', { signal: abort.signal }, fake)).rejects.toThrow('aborted');
    expect(sessionHooks.expire).not.toHaveBeenCalled();
  });
});
