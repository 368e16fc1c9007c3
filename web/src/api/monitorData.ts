/**
 * Monitor data (spec §7 Devices: datapoints-monitor realtime / aggregate / page / export) and what its screens
 * need around it (the device list with status, one data point's detail), in the console's own names.
 */
import type { Bucket } from '#src/components/monitor/monitor';
import { deviceKeys } from './deviceAdmin';
import {
  type AlarmRead,
  type DataPointRead,
  getDeviceManagementDatapointsAlarmList,
  getDeviceManagementDatapointsDetail,
  getDeviceManagementDatapointsList,
  getDeviceManagementDatapointsMonitorAggregate,
  getDeviceManagementDatapointsMonitorRealtime,
  getDeviceManagementDeviceList,
  type RealtimeValue,
} from './generated/client';

export type DeviceStatus = 'online' | 'offline' | 'fault';

/** A device as the monitor screens list it, with its status derived from data freshness. */
export interface MonitorDevice {
  id: string;
  code: string;
  name: string;
  status?: DeviceStatus | string | null;
  /** Epoch ms of its newest value. */
  lastTs?: number | null;
}

/** One point's latest value (realtime read), with what the screens show beside it. */
export interface RealtimePoint {
  pointId: string;
  deviceId?: string;
  deviceName?: string | null;
  code: string;
  name: string;
  unit?: string | null;
  dataType?: string | null;
  value: number | string | boolean | null;
  /** Epoch ms, or null when the point never reported. */
  ts: number | null;
  /** 0 = good. */
  quality?: number | null;
  stale?: boolean;
  rangeMin?: number | null;
  rangeMax?: number | null;
}

export interface SeriesData {
  pointId: string;
  buckets: Bucket[];
}

export interface AggregateData {
  /** raw, 1m or 1h: which table the server read. */
  source: string;
  /** Bucket width in ms, as the server used it. */
  interval: number;
  start: number;
  end: number;
  series: SeriesData[];
}

/** The realtime read: every point of the devices, or the listed points. */
export type RealtimeQuery = { deviceIds: string[] } | { pointIds: string[] };

export interface AggregateQuery {
  pointIds: string[];
  from: number;
  to: number;
  /** Bucket width, ms. */
  interval: number;
}

const MAX_ROWS = 1000;

/** The devices (first 1,000 by sort and code), each with its status from data freshness. */
export async function fetchMonitorDevices(): Promise<MonitorDevice[]> {
  const { data } = await getDeviceManagementDeviceList({ current: 1, size: MAX_ROWS });
  return (data?.records ?? []).map((d) => ({
    id: d.id,
    code: d.code,
    name: d.name,
    status: d.runStatus,
    lastTs: d.lastDataTs,
  }));
}

const realtimePoint = (v: RealtimeValue): RealtimePoint => ({
  pointId: v.pointId,
  deviceId: v.deviceId,
  code: v.pointCode,
  name: v.pointName,
  unit: v.unit,
  dataType: v.dataType,
  value: v.textValue ?? v.value,
  ts: v.ts,
  quality: v.quality,
  stale: v.stale,
});

export async function fetchRealtime(query: RealtimeQuery): Promise<RealtimePoint[]> {
  const params =
    'deviceIds' in query ? { deviceId: query.deviceIds.join(',') } : { pointIds: query.pointIds.join(',') };
  const { data } = await getDeviceManagementDatapointsMonitorRealtime(params);
  return (data ?? []).map(realtimePoint);
}

/** What the realtime read does not carry: each point's normal range and its device's name. */
export type PointLimits = Pick<RealtimePoint, 'pointId' | 'rangeMin' | 'rangeMax' | 'deviceName'>;

/**
 * A point's normal range: its alarm settings' low / high limits (low-low / high-high when only those are
 * set), else the point's own measuring range.
 */
export function normalRange(
  point: Pick<DataPointRead, 'rangeMin' | 'rangeMax'>,
  alarm?: Pick<AlarmRead, 'low' | 'lowLow' | 'high' | 'highHigh'>,
): Pick<RealtimePoint, 'rangeMin' | 'rangeMax'> {
  return {
    rangeMin: alarm?.low ?? alarm?.lowLow ?? point.rangeMin,
    rangeMax: alarm?.high ?? alarm?.highHigh ?? point.rangeMax,
  };
}

/**
 * The data points' normal ranges for a realtime query (one device's points, one point's detail, or every
 * point for several devices). Silent: without the data-point grant the screens still show values, just no
 * range.
 */
export async function fetchPointLimits(query: RealtimeQuery): Promise<PointLimits[]> {
  const silent = { silent: true };
  const scope =
    'pointIds' in query
      ? query.pointIds.length === 1
        ? { pointId: query.pointIds[0] }
        : {}
      : query.deviceIds.length === 1
        ? { deviceId: query.deviceIds[0] }
        : {};
  const points =
    'pointIds' in query
      ? Promise.all(
          query.pointIds.map((id) => getDeviceManagementDatapointsDetail({ id } as never, silent)),
        ).then((answers) => answers.flatMap(({ data }) => (data ? [data] : [])))
      : getDeviceManagementDatapointsList({ current: 1, size: MAX_ROWS, ...scope } as never, silent).then(
          ({ data }) => data?.records ?? [],
        );
  const alarms = getDeviceManagementDatapointsAlarmList(
    { current: 1, size: MAX_ROWS, ...scope } as never,
    silent,
  )
    .then(({ data }) => data?.records ?? [])
    .catch(() => []);
  const [rows, settings] = await Promise.all([points, alarms]);
  const byPoint = new Map(settings.map((a) => [a.pointId, a]));
  return rows.map((p) => ({ pointId: p.id, deviceName: p.deviceName, ...normalRange(p, byPoint.get(p.id)) }));
}

export async function fetchAggregate(query: AggregateQuery): Promise<AggregateData> {
  const { data } = await getDeviceManagementDatapointsMonitorAggregate({
    pointIds: query.pointIds.join(','),
    startTime: String(query.from),
    endTime: String(query.to),
    interval: query.interval,
  });
  return {
    source: data?.source ?? 'raw',
    interval: data?.interval ?? query.interval,
    start: data?.startTime ?? query.from,
    end: data?.endTime ?? query.to,
    series: (data?.series ?? []).map((s) => ({ pointId: s.pointId, buckets: s.buckets })),
  };
}

/** The export of a range (a file endpoint: `download()` needs the raw response, so the URL lives here). */
export function monitorExport(query: Omit<AggregateQuery, 'interval'>) {
  return {
    url: '/device-management/datapoints-monitor/export',
    params: { pointIds: query.pointIds.join(','), startTime: query.from, endTime: query.to },
  };
}

/** The live monitor's queries: apart from the ledger's (a ledger write does not refetch live values). */
export const monitorKeys = deviceKeys.scope('monitor');
