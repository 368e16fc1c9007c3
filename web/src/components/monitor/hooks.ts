import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type LiveValue, REALTIME_TOPIC } from '#src/api/live';
import { newestByPoint } from '#src/api/liveValues';
import {
  fetchAggregate,
  fetchMonitorDevices,
  fetchPointLimits,
  fetchRealtime,
  type MonitorDevice,
  monitorKeys,
  type RealtimePoint,
  type RealtimeQuery,
} from '#src/api/monitorData';
import { useLive } from '#src/app/useLive';
import { chooseBucket, type RangeKey, REALTIME_INTERVAL_MS, resolveRange, type TimeRange } from './monitor';

/** Point ranges change with an edit of the point, not with the data: read them once in a while. */
const LIMITS_STALE_MS = 5 * 60_000;

/** The devices with their status (the monitor screens' device list). */
export const devicesQuery = queryOptions({
  queryKey: monitorKeys.of('devices'),
  queryFn: fetchMonitorDevices,
  staleTime: 5_000,
});

export const limitsQuery = (query: RealtimeQuery) =>
  queryOptions({
    queryKey: monitorKeys.of('limits', query),
    queryFn: () => fetchPointLimits(query),
    staleTime: LIMITS_STALE_MS,
  });

export const realtimeQuery = (query: RealtimeQuery) =>
  queryOptions({
    queryKey: monitorKeys.of('realtime', query),
    queryFn: () => fetchRealtime(query),
    staleTime: 0,
  });

/** The device a monitor screen opens on: the first one sending data, else the first one. */
export const defaultDevice = (devices: MonitorDevice[]) =>
  devices.find((d) => d.status === 'online') ?? devices[0];

/** Until the user ticks points, a device charts its first numeric point. */
export const isNumeric = (p: RealtimePoint) =>
  typeof p.value === 'number' || (p.dataType != null && !['string', 'bool'].includes(p.dataType));

/** The shown points with the newer of the values that arrived (an event may overtake a reload, or lag it). */
export function applyLiveValues(points: unknown, events: LiveValue[]): unknown {
  if (!Array.isArray(points)) return points;
  const newest = newestByPoint(events);
  return (points as RealtimePoint[]).map((p) => {
    const v = newest.get(p.pointId);
    if (!v || (p.ts != null && p.ts >= v.ts)) return p;
    return { ...p, value: v.textValue ?? v.value, ts: v.ts, quality: v.quality, stale: false };
  });
}

/**
 * Latest values, with each point's normal range and device name beside them: pushed by the live channel for
 * the points on screen, polled every few seconds while the channel is down. TanStack Query stops the interval
 * while the browser tab is hidden (refetchIntervalInBackground false) and while the console tab is (its effects
 * are gone under <Activity>, and so is the subscription).
 */
export function useRealtime(query: RealtimeQuery | null) {
  const limits = useQuery({ ...limitsQuery(query as RealtimeQuery), enabled: query != null });
  const options = realtimeQuery(query as RealtimeQuery);
  const [shown, setShown] = useState<string[]>();
  const live = useLive<LiveValue>(REALTIME_TOPIC, {
    keys: shown,
    queryKey: options.queryKey,
    apply: applyLiveValues,
    enabled: query != null && shown !== undefined,
  });
  const values = useQuery({
    ...options,
    enabled: query != null,
    refetchInterval: live ? false : REALTIME_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
  const pointIds = values.data?.map((p) => p.pointId).join(',');
  useEffect(() => setShown(pointIds === undefined ? undefined : pointIds.split(',')), [pointIds]);
  const data = useMemo(() => {
    if (!values.data) return undefined;
    const byId = new Map((limits.data ?? []).map((l) => [l.pointId, l]));
    return values.data.map((p) => ({ ...p, ...byId.get(p.pointId) }));
  }, [values.data, limits.data]);
  /** `live`: the values are pushed; otherwise they are polled every REALTIME_INTERVAL_MS. */
  return { ...values, data, live };
}

/** The picker's state: a choice and, for `custom`, its two ends. */
export interface RangeChoice {
  key: RangeKey;
  custom?: TimeRange | null;
}

/** Relative ranges slide with the clock: their chart reloads this often. */
const SLIDE_MS = 30_000;

/**
 * min / max / avg / last / count buckets of the points over the chosen range. The range is resolved when the
 * query runs (so "last hour" means the last hour at each reload) and answered with the data.
 */
export const historyQuery = (pointIds: string[], choice: RangeChoice) =>
  queryOptions({
    queryKey: monitorKeys.of('history', pointIds, choice),
    queryFn: async () => {
      const range = resolveRange(choice.key, Date.now(), choice.custom);
      const interval = chooseBucket(range);
      const data = await fetchAggregate({ pointIds, ...range, interval });
      return { range, data };
    },
    staleTime: 0,
  });

export function useHistory(pointIds: string[], choice: RangeChoice) {
  return useQuery({
    ...historyQuery(pointIds, choice),
    enabled: pointIds.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: choice.key === 'custom' ? false : SLIDE_MS,
    refetchIntervalInBackground: false,
  });
}

/** The current time, ticking every `ms` while mounted (ages such as "5 s ago" move between polls). */
export function useNow(ms = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * `value` as first seen for the same `key`: the realtime answer is a new array every poll, but a chart must
 * only be redrawn (and keep its zoom) when what it shows changed.
 */
export function useStableBy<T>(value: T, key: string): T {
  const ref = useRef({ key, value });
  if (ref.current.key !== key) ref.current = { key, value };
  return ref.current.value;
}
