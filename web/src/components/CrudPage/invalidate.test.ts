import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { crudKeys } from '#src/api/queryKeys';
import { invalidateCrud } from './useCrudTable';

function seeded() {
  const client = new QueryClient();
  const keys = [
    crudKeys.page('user', undefined, { current: 1, size: 10 }, {}, {}, {}),
    crudKeys.page('user', undefined, { current: 2, size: 10 }, {}, {}, {}),
    crudKeys.page('role', undefined, { current: 1, size: 10 }, {}, {}, {}),
    crudKeys.page('post', undefined, { current: 1, size: 10 }, {}, {}, {}),
    crudKeys.detail('user', '5', undefined),
    crudKeys.detail('user', '6', undefined),
    crudKeys.detail('post', '5', undefined),
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

const state = (client: QueryClient, key: readonly unknown[]) => {
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
