import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { type LiveValue, REALTIME_TOPIC } from '#src/api/live';
import {
  fetchScreen,
  type HookChart,
  type ScreenData,
  type ScreenName,
  type TagRead,
  visualKeys,
} from '#src/api/visual';
import { useLive } from '#src/app/useLive';
import { screenMapId } from './layouts';

/** Polled this often while the live channel is down; with it up, a slow refresh keeps KPIs, OEE and trends. */
export const POLL_MS = 5_000;
export const REFRESH_MS = 30_000;
const ALARM_TOPIC = 'alarm';

/** A tag with the newest value the live channel brought (spec §4: Y a good value, N a bad one). */
function patchTag(tag: TagRead, v: LiveValue): TagRead {
  return {
    ...tag,
    value: v.textValue ?? v.value,
    time: v.time ?? tag.time,
    useData: v.value == null && v.textValue == null ? '1' : v.quality ? 'N' : 'Y',
  };
}

/** The screen data with the live values patched in (only the tags that changed get new objects). */
export function applyToScreen(old: unknown, events: LiveValue[]): unknown {
  const data = old as ScreenData | undefined;
  if (!data) return old;
  const newest = new Map<string, LiveValue>();
  for (const v of events) if ((newest.get(v.pointId)?.ts ?? -1) < v.ts) newest.set(v.pointId, v);
  const patch = (tags: TagRead[]) => {
    let changed = false;
    const next = tags.map((t) => {
      const v = newest.get(t.pointId);
      if (!v) return t;
      changed = true;
      return patchTag(t, v);
    });
    return changed ? next : tags;
  };
  return {
    ...data,
    map: data.map ? { ...data.map, tags: patch(data.map.tags) } : data.map,
    flows: data.flows.map((f) => ({ ...f, steps: f.steps.map((s) => ({ ...s, tags: patch(s.tags) })) })),
  };
}

/** The points a screen shows live: its map's tags and its flows' tags. */
export function livePoints(data: ScreenData | undefined): string[] | undefined {
  if (!data) return undefined;
  const ids = new Set<string>();
  for (const t of data.map?.tags ?? []) ids.add(t.pointId);
  for (const f of data.flows) for (const s of f.steps) for (const t of s.tags) ids.add(t.pointId);
  return [...ids].sort();
}

/**
 * One large screen's data (with the hooks bound to its `charts` called): one request, kept current by the live channel (tag values patched in, alarms
 * reloading it) and refreshed every 30 s for the aggregates; polled every 5 s while the channel is down.
 */
export function useScreen(name: ScreenName, charts: HookChart[] = []) {
  const mapId = screenMapId(window.location.search);
  const queryKey = visualKeys.of('screen', name, mapId ?? '', charts.join(','));
  const query = useQuery({
    queryKey,
    queryFn: () => fetchScreen(name, mapId, charts),
    refetchIntervalInBackground: false,
  });
  const pointKey = livePoints(query.data)?.join(',');
  const keys = useMemo(() => (pointKey === undefined ? undefined : pointKey.split(',')), [pointKey]);
  const valuesLive = useLive<LiveValue>(REALTIME_TOPIC, {
    keys,
    queryKey,
    apply: applyToScreen,
    enabled: keys !== undefined && keys.length > 0,
  });
  // Heard once the data is in, with the values: the stream then opens once, with both topics, and its open
  // reloads the screen once, instead of a first open reloading the answer that was just drawn.
  const alarmsLive = useLive(ALARM_TOPIC, { queryKey, enabled: query.data !== undefined });
  const live = valuesLive || alarmsLive;
  const refetch = query.refetch;
  useInterval(() => void refetch(), live ? REFRESH_MS : POLL_MS);
  return { ...query, live };
}

function useInterval(run: () => void, ms: number) {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') latest.current();
    }, ms);
    return () => clearInterval(timer);
  }, [ms]);
}
