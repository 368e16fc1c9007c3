import { hashKey, matchQuery, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type LiveChannel, liveChannel } from '#src/api/live';

export interface UseLiveOptions<T> {
  /** Only these keys of the topic (the points on screen); none: every key the server lets through. */
  keys?: readonly string[];
  /** The queries the topic keeps current: invalidated on each event, or patched by `apply`. */
  queryKey: QueryKey;
  /** Patch the cached data with the events' payloads instead of reloading it. */
  apply?: (old: unknown, events: T[]) => unknown;
  enabled?: boolean;
  /** For tests: another channel than the console's. */
  channel?: LiveChannel;
}

/** The queries reloaded in the current task, per client. */
const reloading = new WeakMap<QueryClient, Set<string>>();

/**
 * Reload `queryKey` once per task: a (re)opened stream tells every subscription at once, and a screen fed by two
 * topics (values and alarms) would otherwise ask twice, the second request cancelling the first's answer.
 */
function reloadOnce(client: QueryClient, queryKey: QueryKey) {
  let keys = reloading.get(client);
  if (!keys) {
    keys = new Set();
    reloading.set(client, keys);
  }
  const hash = hashKey(queryKey);
  if (keys.has(hash)) return;
  keys.add(hash);
  queueMicrotask(() => keys.delete(hash));
  void client.invalidateQueries({ queryKey });
}

/**
 * Keep the TanStack Query cache of `queryKey` current from the live channel's `topic`. Answers whether the topic
 * is live now: while it is not (the channel down, or the topic not granted) the caller keeps polling, e.g.
 * `refetchInterval: live ? false : POLL_MS`.
 */
export function useLive<T = unknown>(topic: string, options: UseLiveOptions<T>): boolean {
  const { keys, queryKey, apply, enabled = true, channel = liveChannel } = options;
  const queryClient = useQueryClient();
  const latest = useRef({ queryKey, apply });
  latest.current = { queryKey, apply };
  const keyList = keys?.join(',');
  // Events patched in while the query reloads: the reload's answer may have been read before their write, and it
  // replaces the cache when it lands, so they are patched in again onto it (the patch keeps the newer of two values).
  const late = useRef<T[]>([]);

  useEffect(() => {
    if (!enabled) return;
    return queryClient.getQueryCache().subscribe((change) => {
      const { queryKey: key, apply: patch } = latest.current;
      if (
        change.type !== 'updated' ||
        late.current.length === 0 ||
        !matchQuery({ queryKey: key }, change.query)
      )
        return;
      const { action } = change;
      const answered = (action.type === 'success' && !action.manual) || action.type === 'error';
      if (!answered) return;
      const events = late.current;
      late.current = [];
      // A failed reload left the patched answer in place.
      if (action.type === 'success' && patch)
        queryClient.setQueryData(change.query.queryKey, (old: unknown) => patch(old, events));
    });
  }, [queryClient, enabled]);

  useEffect(() => {
    if (!enabled || keyList === '') return;
    return channel.subscribe(
      topic,
      {
        event: (events) => {
          const { queryKey: key, apply: patch } = latest.current;
          if (!patch) {
            void queryClient.invalidateQueries({ queryKey: key });
            return;
          }
          queryClient.setQueriesData({ queryKey: key }, (old: unknown) => patch(old, events as T[]));
          if (queryClient.isFetching({ queryKey: key }) > 0) late.current.push(...(events as T[]));
        },
        reload: () => reloadOnce(queryClient, latest.current.queryKey),
      },
      keyList === undefined ? undefined : keyList.split(','),
    );
  }, [channel, topic, keyList, enabled, queryClient]);

  return useSyncExternalStore(
    (notify) => channel.onStatus(notify),
    () => enabled && channel.live(topic),
  );
}
