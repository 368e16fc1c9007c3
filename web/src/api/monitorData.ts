/**
 * Monitor data (spec §7 Devices: datapoints-monitor realtime / aggregate / page / export) and what its screens
 * need around it (the device list with status, one data point's detail), in the console's own names.
 */
import type { Bucket } from '#src/views/device/monitordata/monitor';

export type DeviceStatus = 'online' | 'offline' | 'fault';

/** A device as the monitor screens list it. */
export interface MonitorDevice {
  id: string;
  code: string;
  name: string;
  status?: DeviceStatus | string | null;
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

/** The realtime read: every point of a device, or the listed points. */
export type RealtimeQuery = { deviceId: string } | { pointIds: string[] };

export interface AggregateQuery {
  pointIds: string[];
  from: number;
  to: number;
  /** Bucket width, ms. */
  interval: number;
}

// ---- calls (wired to the generated client once the backend's routes land) ----
import { http } from './http';
import type { R } from './types';

export async function fetchMonitorDevices(): Promise<MonitorDevice[]> {
  const { data } = await http.get<R<MonitorDevice[]>>('/device-management/device/list');
  return data.data ?? [];
}

export async function fetchRealtime(query: RealtimeQuery): Promise<RealtimePoint[]> {
  const params = 'deviceId' in query ? query : { pointIds: query.pointIds.join(',') };
  const { data } = await http.get<R<RealtimePoint[]>>('/device-management/datapoints-monitor/realtime', {
    params,
  });
  return data.data ?? [];
}

export async function fetchAggregate(query: AggregateQuery): Promise<AggregateData> {
  const { data } = await http.get<R<AggregateData>>('/device-management/datapoints-monitor/aggregate', {
    params: { ...query, pointIds: query.pointIds.join(',') },
  });
  return data.data;
}

/** The export of a range (a file endpoint: `download()` needs the raw response, so the URL lives here). */
export function monitorExport(query: Omit<AggregateQuery, 'interval'>) {
  return {
    url: '/device-management/datapoints-monitor/export',
    params: { pointIds: query.pointIds.join(','), from: query.from, to: query.to },
  };
}
