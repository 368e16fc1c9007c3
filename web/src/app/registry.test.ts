import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk, routeTables, viewRegistry } from './registry';

describe('view registry', () => {
  it('takes the screens of each area from its own route table', () => {
    expect(Object.keys(routeTables.knowledge)).toEqual(['/index/knowledge']);
    expect(routeTables.device['/index/importExportManagement']).toBe(
      viewRegistry['/index/importExportManagement'],
    );
  });

  it('has no menu path that two areas claim', () => {
    const claimed = Object.values(routeTables).flatMap((table) => Object.keys(table));
    expect(claimed.length).toBe(new Set(claimed).size);
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
