import { alarmKeys } from './alarm';
import { download } from './download';
import {
  type CheckResult,
  type ColumnInfo,
  getAlarmMetricsColumns,
  getAlarmMetricsList,
  getAlarmMetricsTables,
  getAlarmSourcecensus,
  getAlarmSourceevent,
  getAlarmSourcegroupSourceData,
  getAlarmSourcegroupTableColumnInfo,
  getAlarmSourcegroupTableInfo,
  getAlarmSourcegroupTree,
  getAlarmSourcetimely,
  getAlarmTimelydetectDetail,
  type MetricFilter,
  type MetricRead,
  type MetricWrite,
  postAlarmMetricsRemove,
  postAlarmMetricsSubmit,
  postAlarmSourcegroupCancelSourceIdTableName,
  postAlarmSourcegroupDeleteId,
  postAlarmSourcegroupPublishSourceIdTableNameTimeColumn,
  postAlarmSourcegroupSave,
  postAlarmSourcegroupServer,
  postAlarmSourcegroupUpdate,
  postAlarmTimelydetectCheck,
  postAlarmTimelydetectSubmit,
  type ResultRead,
  type ServerInfo,
  type SourceCensus,
  type SourceData,
  type AlarmSourceNode as SourceNode,
  type AlarmSourceRead as SourceRead,
  type SourceTimely,
  type AlarmSourceWrite as SourceWrite,
  type TableInfo,
  type TimelyRead,
  type TimelyWrite,
} from './generated/client';
import type { Page } from './types';

export type {
  CheckResult,
  ColumnInfo,
  MetricFilter,
  MetricRead,
  MetricWrite,
  ServerInfo,
  SourceCensus,
  SourceData,
  SourceNode,
  SourceRead,
  SourceTimely,
  SourceWrite,
  TableInfo,
  TimelyRead,
  TimelyWrite,
};

/** The source systems, in the tree's order. */
export const SYSTEMS = ['MES', 'OA', 'QMS', 'SCADA'] as const;
export const DB_TYPES = ['mysql', 'postgresql', 'sqlite'] as const;
export const AGGREGATES = ['LATEST', 'COUNT', 'SUM', 'AVG', 'MAX', 'MIN'] as const;

/** Ids are 64-bit: they travel as strings, also in paths the schema types as numbers. */
const pathId = (id: string) => id as unknown as number;

const tracking = alarmKeys.scope('tracking');
type PageAt = { current: number; size: number };

export const trackingKeys = {
  all: tracking.all,
  tree: tracking.of('tree'),
  tables: (sourceId: string) => tracking.of('tables', sourceId),
  /** The tables a metric may read (under `tables`: refreshing the tables refreshes it). */
  metricTables: (sourceId: string) => tracking.of('tables', sourceId, 'metric'),
  columns: (sourceId: string, table: string) => tracking.of('columns', sourceId, table),
  /** A page of a table's rows (under `columns`). */
  rows: (sourceId: string, table: string, page: PageAt) =>
    tracking.of('columns', sourceId, table, 'rows', page),
  metrics: (sourceId: string) => tracking.of('metrics', sourceId),
  census: (sourceId: string) => tracking.of('census', sourceId),
  timely: (sourceId: string) => tracking.of('timely', sourceId),
  events: (sourceId: string, page: PageAt) => tracking.of('events', sourceId, page),
  detection: tracking.of('detection'),
};

export async function fetchTree(): Promise<SourceNode[]> {
  return (await getAlarmSourcegroupTree()).data ?? [];
}

/** Adds (no id) or updates a source; a blank password keeps the stored one. */
export async function saveSource(body: SourceWrite): Promise<SourceRead> {
  const call = body.id ? postAlarmSourcegroupUpdate : postAlarmSourcegroupSave;
  return (await call(body)).data as SourceRead;
}

export async function removeSource(id: string): Promise<string | undefined> {
  return (await postAlarmSourcegroupDeleteId(pathId(id))).msg;
}

/** The connection test of a (possibly unsaved) form. */
export async function testServer(body: SourceWrite): Promise<ServerInfo> {
  return (await postAlarmSourcegroupServer(body)).data as ServerInfo;
}

export async function fetchTables(sourceId: string): Promise<TableInfo[]> {
  return (await getAlarmSourcegroupTableInfo({ sourceId: pathId(sourceId) })).data ?? [];
}

export async function fetchColumns(sourceId: string, tableName: string): Promise<ColumnInfo[]> {
  return (await getAlarmSourcegroupTableColumnInfo({ sourceId: pathId(sourceId), tableName })).data ?? [];
}

export async function fetchRows(sourceId: string, tableName: string, current: number, size: number) {
  return (await getAlarmSourcegroupSourceData({ sourceId: pathId(sourceId), tableName, current, size }))
    .data as SourceData;
}

export async function publishTable(sourceId: string, tableName: string, timeColumn: string) {
  return (
    await postAlarmSourcegroupPublishSourceIdTableNameTimeColumn(
      pathId(sourceId),
      encodeURIComponent(tableName),
      encodeURIComponent(timeColumn),
    )
  ).msg;
}

export async function cancelTable(sourceId: string, tableName: string) {
  return (await postAlarmSourcegroupCancelSourceIdTableName(pathId(sourceId), encodeURIComponent(tableName)))
    .msg;
}

export function exportSources() {
  return download('/alarm/sourcegroup/export', { filename: '告警追踪数据源.xlsx' });
}

export async function fetchMetrics(sourceId: string): Promise<MetricRead[]> {
  const page = (await getAlarmMetricsList({ sourceId, current: 1, size: 200 } as never)).data as
    | Page<MetricRead>
    | undefined;
  return page?.records ?? [];
}

export async function fetchMetricTables(sourceId: string): Promise<TableInfo[]> {
  return (await getAlarmMetricsTables({ sourceId: pathId(sourceId) })).data ?? [];
}

export async function fetchMetricColumns(sourceId: string, tableName: string): Promise<ColumnInfo[]> {
  return (await getAlarmMetricsColumns({ sourceId: pathId(sourceId), tableName })).data ?? [];
}

export async function saveMetric(body: MetricWrite): Promise<MetricRead> {
  return (await postAlarmMetricsSubmit(body)).data as MetricRead;
}

export async function removeMetrics(ids: string[]) {
  return (await postAlarmMetricsRemove({ params: { ids: ids.join(',') } })).msg;
}

/** Checks the chosen metrics (or every enabled one) now, as the schedule does. */
export async function checkMetrics(ids?: string[]): Promise<CheckResult[]> {
  return (await postAlarmTimelydetectCheck({ params: ids?.length ? { ids: ids.join(',') } : {} })).data ?? [];
}

export async function fetchDetection(): Promise<TimelyRead> {
  return (await getAlarmTimelydetectDetail()).data as TimelyRead;
}

export async function saveDetection(body: TimelyWrite) {
  return (await postAlarmTimelydetectSubmit(body)).msg;
}

export async function fetchCensus(sourceId: string): Promise<SourceCensus> {
  return (await getAlarmSourcecensus({ sourceId: pathId(sourceId) })).data as SourceCensus;
}

export async function fetchTimely(sourceId: string): Promise<SourceTimely> {
  return (await getAlarmSourcetimely({ sourceId: pathId(sourceId) })).data as SourceTimely;
}

export async function fetchEvents(sourceId: string, current: number, size: number) {
  return (await getAlarmSourceevent({ sourceId: pathId(sourceId), current, size } as never))
    .data as Page<ResultRead>;
}
