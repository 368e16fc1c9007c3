import { crudApi } from './crud';
import {
  type Analysis,
  deleteWarningAlarmManagerIndex,
  type EventMetrics,
  type GetWarningAlarmManagerAnalyseParams,
  getWarningAlarmManagerAlarmMetricsPage,
  getWarningAlarmManagerAnalyse,
  getWarningAlarmManagerAnalysePage,
  getWarningAlarmManagerIndexPage,
  type IndicatorRead,
  postWarningAlarmManagerIndex,
  postWarningAlarmManagerPublishMode,
  putWarningAlarmManagerIndex,
  type RecordRead,
} from './generated/client';
import { areaKeys } from './queryKeys';

export const warningKeys = areaKeys('warning');

export type { Analysis, EventMetrics, IndicatorRead, RecordRead };

/** 预警指标's measures and the publish modes (periods), as the server names them. */
export const MEASURES = ['COUNT', 'OPEN', 'UNCONFIRMED', 'CONFIRM_MINUTES', 'CLEAR_MINUTES'] as const;
export const MODES = ['day', 'week', 'month'] as const;
export type Mode = (typeof MODES)[number];

/** A measured value: a count as is, a mean to one decimal, none as a dash. */
export const formatMeasure = (value: number | null | undefined) =>
  value == null ? '-' : Number.isInteger(value) ? String(value) : value.toFixed(1);

const unsupported = async (): Promise<never> => {
  throw new Error('not supported');
};

/** Indicators: POST index adds, PUT index updates, DELETE index?id= removes (comma-separated ids). */
export const indicatorApi = crudApi<IndicatorRead>(
  {
    list: getWarningAlarmManagerIndexPage,
    detail: unsupported,
    submit: postWarningAlarmManagerIndex,
    remove: unsupported,
  } as never,
  {
    async detail(id) {
      const page = (await getWarningAlarmManagerIndexPage({ id } as never)).data;
      return page?.records.find((r) => r.id === id) as IndicatorRead;
    },
    async submit(row) {
      const call = row.id ? putWarningAlarmManagerIndex : postWarningAlarmManagerIndex;
      return (await call(row as never)).msg;
    },
    async remove(ids) {
      return (await deleteWarningAlarmManagerIndex({ id: ids.join(',') })).msg;
    },
  },
);

/** Per-event alarm metrics (alarmMetrics/page) as a read-only list. */
export const metricsApi = crudApi<EventMetrics>({
  list: getWarningAlarmManagerAlarmMetricsPage,
  detail: unsupported,
  submit: unsupported,
  remove: unsupported,
} as never);

/** Published warning records (analyse/page) as a read-only list. */
export const recordApi = crudApi<RecordRead>({
  list: getWarningAlarmManagerAnalysePage,
  detail: unsupported,
  submit: unsupported,
  remove: unsupported,
} as never);

/** Publish every enabled indicator of `mode` for the period holding `date` (yyyy-MM-dd; none: the last one). */
export async function publishRecords(mode: Mode, date?: string) {
  const answer = await postWarningAlarmManagerPublishMode(mode, date ? { date } : {});
  return { msg: answer.msg, records: answer.data ?? [] };
}

export async function fetchAnalysis(params: GetWarningAlarmManagerAnalyseParams) {
  return (await getWarningAlarmManagerAnalyse(params)).data;
}
