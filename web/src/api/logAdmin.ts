import { type CrudApi, crudApi } from './crud';
import { http } from './http';
import type { R } from './types';

/** The three audit logs of /blade-log (spec §7 Logs). */
export type LogKind = 'usual' | 'api' | 'error';

export interface LogRow {
  id: string;
  tenantId?: string;
  serviceId?: string;
  serverHost?: string;
  serverIp?: string;
  env?: string;
  method?: string;
  requestUri?: string;
  userAgent?: string;
  remoteIp?: string;
  methodClass?: string;
  methodName?: string;
  params?: string;
  time?: string;
  createBy?: string;
  createTime?: string;
  // usual
  logLevel?: string;
  logId?: string;
  logData?: string;
  // api
  type?: string;
  title?: string;
  // error
  exceptionName?: string;
  message?: string;
  fileName?: string;
  lineNumber?: number;
  stackTrace?: string;
}

/** Filters of every log list and export (the same names in the query and the usual log's JSON body). */
export interface LogFilter {
  serviceId?: string;
  serverHost?: string;
  logStartTime?: string;
  logEndTime?: string;
  tenantId?: string;
}

/** list / detail of one log; the logs are written by the server only (no submit, no remove). */
export const logApi = (kind: LogKind): CrudApi<LogRow> => crudApi<LogRow>(`/blade-log/${kind}`);

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
  const { data } = await http.get<R<LogRow>>(`/blade-log/${kind}/detail`, {
    params: { id, ...(tenantId ? { tenantId } : {}) },
  });
  return data.data;
}
