/**
 * The pure logic of the monitor-data screens (/device/monitordata, /device/overview, /point-chart,
 * /monitoring): which time range a picker choice means, which bucket size a chart asks for, and when a
 * realtime value counts as stale or out of range. No React, no requests: the unit tests cover it all.
 */

/** The time-range picker's choices: the last hour, day or week, or a custom from..to. */
export type RangeKey = '1h' | '24h' | '7d' | 'custom';

export const RANGE_KEYS: RangeKey[] = ['1h', '24h', '7d', 'custom'];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const SPANS: Record<Exclude<RangeKey, 'custom'>, number> = { '1h': HOUR, '24h': DAY, '7d': 7 * DAY };

/** A closed time range in epoch milliseconds. */
export interface TimeRange {
  from: number;
  to: number;
}

/**
 * The range a picker choice stands for at `now`. A custom range is taken as given (ends swapped if they
 * arrive reversed); a custom choice without both ends falls back to the last hour.
 */
export function resolveRange(key: RangeKey, now: number, custom?: Partial<TimeRange> | null): TimeRange {
  if (key === 'custom' && custom?.from != null && custom?.to != null) {
    const [from, to] = custom.from <= custom.to ? [custom.from, custom.to] : [custom.to, custom.from];
    return { from, to };
  }
  const span = key === 'custom' ? HOUR : SPANS[key];
  return { from: now - span, to: now };
}

/** Round bucket sizes a chart may ask for, in ms: a tick of the axis lands on a whole unit. */
export const BUCKETS_MS = [
  1, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400,
].map((s) => s * SECOND);

/** About this many points per line: more than a 1440-px chart can show apart, few enough to draw at once. */
export const TARGET_BUCKETS = 500;

/**
 * The bucket width (ms) for a chart over `range`: the smallest round size that keeps the number of
 * buckets at or under `target` (1 h → 10 s, 24 h → 5 min, 7 d → 30 min). The server chooses raw data or
 * its 1-minute / 1-hour rollups by the span (and rounds the width up to whole rollup buckets); the client
 * only asks for the width.
 */
export function chooseBucket(range: TimeRange, target = TARGET_BUCKETS): number {
  const wanted = Math.max(0, range.to - range.from) / Math.max(1, target);
  return BUCKETS_MS.find((size) => size >= wanted) ?? BUCKETS_MS[BUCKETS_MS.length - 1];
}

/** How the axis labels a bucket's time: seconds only when buckets are under a minute, dates past a day. */
export function axisFormat(range: TimeRange): string {
  const span = range.to - range.from;
  if (span <= 2 * HOUR) return 'HH:mm:ss';
  if (span <= DAY + HOUR) return 'HH:mm';
  return 'MM-DD HH:mm';
}

/** Realtime polling: every few seconds (industrial.md §4.6: 2–5 s). */
export const REALTIME_INTERVAL_MS = 3000;

/** A value older than this with no collect period known counts as stale (3 × a 20 s default period). */
export const DEFAULT_STALE_AFTER_MS = 60 * SECOND;

/** One point's latest value, as the realtime read answers it (in the console's own names). */
export interface Latest {
  /** Epoch ms of the value, or null when the point has never reported. */
  ts: number | null;
  /** The server's flag (now − ts > 3 × the collect period); undefined when the server did not say. */
  stale?: boolean;
}

/**
 * Whether a latest value should be shown as stale at `now`. The server's flag wins (it knows each point's
 * collect period); without one the value is stale when it is older than `staleAfterMs`. A point that never
 * reported is stale.
 */
export function isStale(latest: Latest, now: number, staleAfterMs = DEFAULT_STALE_AFTER_MS): boolean {
  if (latest.ts == null) return true;
  if (latest.stale != null) return latest.stale;
  return now - latest.ts > staleAfterMs;
}

/** Limits of a point's normal range; either end may be missing. */
export interface Limits {
  lower?: number | null;
  upper?: number | null;
}

/** 'low' / 'high' when a numeric value lies outside its limits, else null (text and flags are never out). */
export function outOfRange(value: unknown, limits: Limits): 'low' | 'high' | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (limits.lower != null && value < limits.lower) return 'low';
  if (limits.upper != null && value > limits.upper) return 'high';
  return null;
}

/** The age of a value in words' parts: the largest whole unit (s, min, h, d) and its count. */
export function ageParts(ts: number, now: number): { count: number; unit: 's' | 'min' | 'h' | 'd' } {
  const s = Math.max(0, Math.floor((now - ts) / SECOND));
  if (s < 60) return { count: s, unit: 's' };
  if (s < 3600) return { count: Math.floor(s / 60), unit: 'min' };
  if (s < 86400) return { count: Math.floor(s / 3600), unit: 'h' };
  return { count: Math.floor(s / 86400), unit: 'd' };
}

/** A value for display: numbers to at most `digits` decimals without trailing zeros, flags as 1/0 text. */
export function formatValue(value: unknown, digits = 3): string {
  if (value == null || value === '') return '—';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value);
    return Number(value.toFixed(digits)).toString();
  }
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/** One aggregate bucket of one point. */
export interface Bucket {
  ts: number;
  min: number | null;
  max: number | null;
  avg: number | null;
  last: number | null;
  count: number;
}

/** The range's own min / max / avg / last / count from its buckets (avg weighted by each bucket's count). */
export function summarize(buckets: Bucket[]): Omit<Bucket, 'ts'> {
  let min: number | null = null;
  let max: number | null = null;
  let sum = 0;
  let count = 0;
  let last: number | null = null;
  for (const b of buckets) {
    if (b.count <= 0) continue;
    if (b.min != null) min = min == null ? b.min : Math.min(min, b.min);
    if (b.max != null) max = max == null ? b.max : Math.max(max, b.max);
    if (b.avg != null) {
      sum += b.avg * b.count;
      count += b.count;
    }
    if (b.last != null) last = b.last;
  }
  const total = buckets.reduce((n, b) => n + Math.max(0, b.count), 0);
  return { min, max, avg: count ? sum / count : null, last, count: total };
}

/**
 * Chart points of a bucket list: [ts, value] pairs, with a [ts, null] wherever buckets are missing (the
 * server leaves empty buckets out), so the line breaks over a gap in the data instead of bridging it.
 */
export function withGaps(
  buckets: Bucket[],
  interval: number,
  pick: (b: Bucket) => number | null,
): [number, number | null][] {
  const out: [number, number | null][] = [];
  let previous: number | undefined;
  for (const b of buckets) {
    if (previous !== undefined && interval > 0 && b.ts - previous > interval * 1.5) {
      out.push([previous + interval, null]);
    }
    out.push([b.ts, pick(b)]);
    previous = b.ts;
  }
  return out;
}

/**
 * The value axis of a one-point chart: the data's extent, widened to a limit of the normal range when that
 * limit lies within one data span of it (a limit near the data stays in view; a far end of a measuring
 * range such as 0–200 °C would flatten the line, so it is left out).
 */
export function axisWithLimits(
  extent: { min: number; max: number },
  limits: number[],
): { min: number; max: number } {
  const { min, max } = extent;
  if (!Number.isFinite(min) || !Number.isFinite(max)) return extent;
  const span = max - min || Math.abs(max) || 1;
  let lo = min;
  let hi = max;
  for (const limit of limits) {
    if (limit < lo && min - limit <= span) lo = limit;
    if (limit > hi && limit - max <= span) hi = limit;
  }
  return { min: lo, max: hi };
}
