import type { LiveValue } from './live';

/** Of the realtime topic's events, the newest per point (by `ts`): a batch may carry a point twice. Pure (types
 * only), so the bench's floor of the screen's map (bench/screen-floor) patches its values as the screens do. */
export function newestByPoint(events: LiveValue[]): Map<string, LiveValue> {
  const newest = new Map<string, LiveValue>();
  for (const v of events) if ((newest.get(v.pointId)?.ts ?? -1) < v.ts) newest.set(v.pointId, v);
  return newest;
}
