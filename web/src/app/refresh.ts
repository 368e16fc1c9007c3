/**
 * The token refresh schedule of spec §9. `remaining` is the access token's remaining life in seconds,
 * counted from when it was stored and the configured token timeout (docs/decisions.md, Console).
 */
export interface RefreshSchedule {
  /** How often to look at the token, in seconds. */
  everySeconds: number;
  /** Refresh once the remaining life is at most this many seconds. */
  whenRemaining: number;
}

export const DEFAULT_TOKEN_TIMEOUT = 3600;

/** The spec's table, rows from the largest refresh time down. */
const TABLE: { atLeast: number; everySeconds: number; margin: (time: number) => number }[] = [
  { atLeast: 3600, everySeconds: 50, margin: (t) => t - 3300 },
  { atLeast: 1800, everySeconds: 30, margin: (t) => t - 1620 },
  { atLeast: 600, everySeconds: 20, margin: (t) => t - 540 },
  { atLeast: 300, everySeconds: 15, margin: (t) => t - 240 },
  { atLeast: 60, everySeconds: 10, margin: (t) => t - 30 },
  { atLeast: 20, everySeconds: 5, margin: (t) => t },
];

/** null when refreshing is off: refresh time 0 (or unset) or larger than the token timeout. */
export function refreshSchedule(
  refreshTime: number,
  timeout = DEFAULT_TOKEN_TIMEOUT,
): RefreshSchedule | null {
  const limit = timeout || DEFAULT_TOKEN_TIMEOUT;
  if (!refreshTime || refreshTime <= 0 || refreshTime > limit) return null;
  const row = TABLE.find((r) => refreshTime >= r.atLeast);
  if (!row) return { everySeconds: 1, whenRemaining: refreshTime };
  return { everySeconds: row.everySeconds, whenRemaining: row.margin(refreshTime) };
}

/** Seconds the token has left, given when it was stored (ms) and the timeout (s). */
export function remainingSeconds(tokenTime: number, timeout: number, now: number): number {
  return (timeout || DEFAULT_TOKEN_TIMEOUT) - (now - tokenTime) / 1000;
}

export function isRefreshDue(schedule: RefreshSchedule, remaining: number): boolean {
  return remaining <= schedule.whenRemaining;
}
