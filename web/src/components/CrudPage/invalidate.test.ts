import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateCrud } from './useCrudTable';

function seeded() {
  const client = new QueryClient();
  const keys = [
    ['crud', 'user', undefined, { current: 1, size: 10 }, {}, {}, {}],
    ['crud', 'user', undefined, { current: 2, size: 10 }, {}, {}, {}],
    ['crud', 'role', undefined, { current: 1, size: 10 }, {}, {}, {}],
    ['crud', 'post', undefined, { current: 1, size: 10 }, {}, {}, {}],
    ['crud-detail', 'user', undefined, '5'],
    ['crud-detail', 'user', undefined, '6'],
    ['crud-detail', 'post', undefined, '5'],
  ];
  for (const key of keys) client.setQueryData(key, { key });
  // The first user page and the post list are on screen (an observer each); the rest are cached only.
  for (const key of [keys[0], keys[3]]) {
    new QueryObserver(client, {
      queryKey: key,
      queryFn: async () => ({ key }),
      staleTime: Infinity,
    }).subscribe(() => undefined);
  }
  return { client, keys };
}

const state = (client: QueryClient, key: unknown[]) => {
  const query = client.getQueryCache().find({ queryKey: key, exact: true });
  if (!query) return 'dropped';
  if (query.state.dataUpdateCount > 1) return 'refetched';
  return query.state.isInvalidated ? 'invalidated' : 'fresh';
};

describe('invalidateCrud', () => {
  it('refetches the list on screen, drops its other pages, and marks only the changed record', async () => {
    const { client, keys } = seeded();
    await invalidateCrud(client, 'user', ['5']);
    expect(keys.map((key) => state(client, key))).toEqual([
      'refetched', // the user page on screen
      'dropped', // another user page: gone, never shown stale
      'fresh', // another screen's list: untouched
      'fresh',
      'invalidated', // the changed user: fetched again when a dialog next opens it
      'fresh', // another user
      'fresh', // a post of the same id
    ]);
  });

  it('also refreshes the lists a screen names as showing its data', async () => {
    const { client, keys } = seeded();
    await invalidateCrud(client, 'role', [], ['user']);
    expect(keys.slice(0, 4).map((key) => state(client, key))).toEqual([
      'refetched',
      'dropped',
      'dropped', // the role list itself (not on screen)
      'fresh',
    ]);
  });
});
