import { crudApi } from './crud';
import { download } from './download';
import {
  getBladeLogSystemDetail,
  getBladeLogSystemList,
  getBladeReportReportOutputList,
  getBladeReportReportRestDetail,
  getBladeReportReportRestList,
  getDeviceManagementDatapointsList,
  type OutputRead,
  postBladeReportReportOutputRemove,
  postBladeReportReportRestGenerate,
  postBladeReportReportRestRemove,
  postBladeReportReportRestSubmit,
  type ReportRead,
  type SystemLogRead,
} from './generated/client';
import { areaKeys } from './queryKeys';

export type ReportTemplate = ReportRead;
export type ReportOutput = OutputRead;
export type SystemLogRow = SystemLogRead;

/** 报表模板: spec §7 rest/list, rest/submit (isEnable toggled by submit), rest/remove. */
export const templateApi = crudApi<ReportTemplate>({
  list: getBladeReportReportRestList,
  detail: getBladeReportReportRestDetail,
  submit: postBladeReportReportRestSubmit,
  remove: postBladeReportReportRestRemove,
});

const readOnly = () => Promise.reject(new Error('generated reports are made by the server'));

/** 报表列表: the generated reports (list, remove); no detail or submit of their own. */
export const outputApi = crudApi<ReportOutput>(
  {
    list: getBladeReportReportOutputList,
    detail: getBladeReportReportRestDetail as never,
    submit: postBladeReportReportRestSubmit as never,
    remove: postBladeReportReportOutputRemove,
  },
  { detail: readOnly, submit: readOnly },
);

/** Generate a template's report now (the last complete period). */
export async function generateReport(id: string) {
  return (await postBladeReportReportRestGenerate({ id })).data;
}

/** A generated report's Excel or PDF file. */
export function downloadReport(row: ReportOutput, type: 'xlsx' | 'pdf') {
  return download('/blade-report/report/output/download', {
    params: { id: row.id, type },
    filename: `${row.name}.${type}`,
  });
}

/** 系统日志 (/monitor/log/system): the server's own events, read only. */
const written = () => Promise.reject(new Error('the system log is written by the server only'));
export const systemLogApi = crudApi<SystemLogRow>(
  {
    list: getBladeLogSystemList,
    detail: getBladeLogSystemDetail,
    submit: written as never,
    remove: written as never,
  },
  { submit: written, remove: written },
);

export const reportKeys = areaKeys('report');

/** Every data point of the tenant (first 500), for the template's point picker. */
export const reportPointsQuery = () => ({
  queryKey: reportKeys.of('points'),
  queryFn: async () =>
    ((await getDeviceManagementDatapointsList({ size: 500 } as never)).data?.records ?? []) as {
      id: string;
      name: string;
      code: string;
    }[],
});
