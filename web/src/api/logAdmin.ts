import { type CrudApi, crudApi } from './crud';
import {
  type ApiLogRead,
  type ErrorLogRead,
  getBladeLogApiDetail,
  getBladeLogApiList,
  getBladeLogErrorDetail,
  getBladeLogErrorList,
  getBladeLogUsualDetail,
  getBladeLogUsualList,
  type LogFilter as LogFilterBody,
  type UsualLogRead,
} from './generated/client';

/** The three audit logs of /blade-log (spec §7 Logs). */
export type LogKind = 'usual' | 'api' | 'error';

/** A row of any of the three logs (the screen shows one column model per kind). */
export type LogRow = Partial<UsualLogRead & ApiLogRead & ErrorLogRead> & { id: string };

/** Filters of every log list and export (the same names in the query and the usual log's JSON body). */
export type LogFilter = { [K in keyof LogFilterBody]?: string };

const ENDPOINTS = {
  usual: { list: getBladeLogUsualList, detail: getBladeLogUsualDetail },
  api: { list: getBladeLogApiList, detail: getBladeLogApiDetail },
  error: { list: getBladeLogErrorList, detail: getBladeLogErrorDetail },
};

const written = () => Promise.reject(new Error('logs are written by the server only'));

/** list / detail of one log; the logs are written by the server only (no submit, no remove). */
export const logApi = (kind: LogKind): CrudApi<LogRow> =>
  crudApi<LogRow>({ ...ENDPOINTS[kind], submit: written, remove: written });

/** Export: the usual log filters by JSON body (POST), the API and error logs by query (GET). */
export function logExport(kind: LogKind, filter: LogFilter, stem: string) {
  return kind === 'usual'
    ? { url: `/blade-log/usual/export/${encodeURIComponent(stem)}`, method: 'post' as const, body: filter }
    : {
        url: `/blade-log/${kind}/export/${encodeURIComponent(stem)}`,
        method: 'get' as const,
        params: { ...filter },
      };
}

/** One entry; the platform administrator reads another tenant's with `tenantId`. */
export async function fetchLog(kind: LogKind, id: string, tenantId?: string) {
  const options = tenantId ? { params: { tenantId } } : undefined;
  // Query ids are integers in the schema but travel as strings (64-bit snowflakes).
  const { data } = await ENDPOINTS[kind].detail({ id } as never, options);
  return data as LogRow;
}
