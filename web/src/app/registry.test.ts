import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk, viewPath, viewRegistry } from './registry';

describe('view registry', () => {
  it('maps src/views/a/b/index.tsx to the menu path /a/b', () => {
    expect(viewPath('../views/desk/notice/index.tsx')).toBe('/desk/notice');
  });

  it('holds the shell views, and nothing for menus without a view', () => {
    expect(Object.keys(viewRegistry)).toEqual(
      expect.arrayContaining(['/wel/index', '/info/index', '/desk/notice']),
    );
    expect(viewRegistry['/no/such/view']).toBeUndefined();
  });
});

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());

  it('fails a chunk that has not loaded after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => undefined));
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS);
    await expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('wraps a failed import', async () => {
    await expect(loadChunk(() => Promise.reject(new Error('404')))).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
