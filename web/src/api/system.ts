import type { AxiosRequestConfig } from 'axios';
import type { LogEntry } from '#src/app/stores/logs';
import {
  getBladeResourceLogoList,
  getBladeSystemDeptSelect,
  getBladeSystemDictDictionary,
  getBladeSystemRoleSelect,
  getSystemSystemNoticePage,
  postBladeAuthOauth,
  postSystemSystemNoticeUpdateStatus,
  type SystemNoticeRead,
} from './generated/client';
import { areaKeys } from './queryKeys';

/** Query keys of the system area (tenants, menus, organisation, dictionaries, grants). */
export const systemKeys = areaKeys('system');

export async function fetchDictionary(code: string) {
  return (await getBladeSystemDictDictionary({ code })).data ?? [];
}

// Query ids are integers in the schema but travel as strings: 64-bit snowflakes do not fit a JS number.
export async function fetchRoleSelect(userId: string, config?: AxiosRequestConfig) {
  return (await getBladeSystemRoleSelect({ userId } as never, config)).data ?? [];
}

export async function fetchDeptSelect(userId: string, config?: AxiosRequestConfig) {
  return (await getBladeSystemDeptSelect({ userId } as never, config)).data ?? [];
}

export async function fetchLogos(tenantId: string, config?: AxiosRequestConfig) {
  return (await getBladeResourceLogoList({ tenantId }, config)).data ?? [];
}

/** A header notification: `content` is JSON text with level, name, firstTime and statuses. */
export type SystemNotice = SystemNoticeRead;

/** The current user's unread notifications (docs/decisions.md). */
export async function fetchUnreadNotices(current: number, size: number) {
  return (await getSystemSystemNoticePage({ current, size })).data;
}

export async function markNoticesRead(ids: string[]) {
  await postSystemSystemNoticeUpdateStatus({ params: { ids: ids.join(',') } });
}

export async function uploadLogs(logs: LogEntry[]) {
  await postBladeAuthOauth(logs);
}

/**
 * How many records a list endpoint holds: pages answer `total`, tree/list endpoints an array whose
 * nodes are counted. One row is asked for, so the call stays cheap.
 */
export async function countRecords(
  list: (
    params: never,
    options: AxiosRequestConfig,
  ) => Promise<{ data: { total: number } | unknown[] | null }>,
) {
  const { data } = await list({ current: 1, size: 1 } as never, { silent: true });
  if (!data) return 0;
  return Array.isArray(data) ? countNodes(data) : data.total;
}

function countNodes(nodes: unknown[]): number {
  return nodes.reduce<number>((sum, node) => {
    const children = (node as { children?: unknown[] }).children;
    return sum + 1 + (Array.isArray(children) ? countNodes(children) : 0);
  }, 0);
}
