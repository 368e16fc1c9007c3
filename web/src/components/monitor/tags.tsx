import { Badge, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { RealtimePoint } from '#src/api/monitorData';
import { ageParts, isStale, outOfRange } from './monitor';

const L = (key: string) => `device.monitordata.${key}`;

const STATUS_COLOR: Record<string, 'success' | 'default' | 'error'> = {
  online: 'success',
  offline: 'default',
  fault: 'error',
};

/** online / offline / fault as a coloured dot and its word. */
export function DeviceStatusBadge({ status }: { status?: string | null }) {
  const { t } = useTranslation();
  const known = status && status in STATUS_COLOR ? status : 'unknown';
  return (
    <Badge status={STATUS_COLOR[known] ?? 'default'} text={t(L(`status.${known}`))} data-status={known} />
  );
}

/** What a realtime row's state is: never reported, stale, out of range (high/low), bad quality or normal. */
export type PointState = 'never' | 'stale' | 'high' | 'low' | 'badQuality' | 'good';

export function pointState(point: RealtimePoint, now: number): PointState {
  if (point.ts == null) return 'never';
  if (isStale(point, now)) return 'stale';
  const out = outOfRange(point.value, { lower: point.rangeMin, upper: point.rangeMax });
  if (out) return out;
  if (point.quality != null && point.quality !== 0) return 'badQuality';
  return 'good';
}

const STATE_COLOR: Record<PointState, string> = {
  never: 'default',
  stale: 'warning',
  high: 'error',
  low: 'error',
  badQuality: 'orange',
  good: 'success',
};

export function PointStateTag({ state }: { state: PointState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOR[state]} data-state={state} style={{ marginInlineEnd: 0 }}>
      {t(L(state))}
    </Tag>
  );
}

/** "5 s ago", with the full time in a tooltip. */
export function Age({ ts, now }: { ts: number | null; now: number }) {
  const { t } = useTranslation();
  if (ts == null) return <span>—</span>;
  const { count, unit } = ageParts(ts, now);
  return (
    <Tooltip title={dayjs(ts).format('YYYY-MM-DD HH:mm:ss')}>
      <span>{unit === 's' && count < 2 ? t(L('ago.now')) : t(L(`ago.${unit}`), { count })}</span>
    </Tooltip>
  );
}

/** A point's normal range as "lo ~ hi" (either end may be open). */
export function limitsText(point: Pick<RealtimePoint, 'rangeMin' | 'rangeMax'>): string {
  const { rangeMin: lo, rangeMax: hi } = point;
  if (lo == null && hi == null) return '—';
  return `${lo ?? '−∞'} ~ ${hi ?? '+∞'}`;
}
