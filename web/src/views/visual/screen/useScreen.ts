import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { type LiveValue, REALTIME_TOPIC } from '#src/api/live';
import { fetchScreen, type HookChart, type ScreenName, visualKeys } from '#src/api/visual';
import { useLive } from '#src/app/useLive';
import { screenMapId } from './layouts';
import { applyToScreen, livePoints } from './liveData';

/** Polled this often while the live channel is down; with it up, a refresh each minute keeps KPIs, OEE and trends
 * (minute buckets: a faster one shows nothing new). Each refresh that changes the answer leaves Blink's heap a few
 * pages larger (bench/README.md, issue 25's memory budget). */
export const POLL_MS = 5_000;
export const REFRESH_MS = 60_000;
const ALARM_TOPIC = 'alarm';

/**
 * One large screen's data (with the hooks bound to its `charts` called): one request, kept current by the live channel (tag values patched in, alarms
 * reloading it) and refreshed every minute for the aggregates; polled every 5 s while the channel is down.
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
