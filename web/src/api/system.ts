import type { AxiosRequestConfig } from 'axios';
import type { LogEntry } from '#src/app/stores/logs';
import { http } from './http';
import type { DictItem, Logo, Page, R } from './types';

export async function fetchDictionary(code: string) {
  const { data } = await http.get<R<DictItem[]>>('/blade-system/dict/dictionary', { params: { code } });
  return data.data ?? [];
}

export async function fetchRoleSelect(userId: string, config?: AxiosRequestConfig) {
  const { data } = await http.get<R<{ id: string; roleName: string }[]>>('/blade-system/role/select', {
    ...config,
    params: { userId },
  });
  return data.data ?? [];
}

export async function fetchDeptSelect(userId: string, config?: AxiosRequestConfig) {
  const { data } = await http.get<R<{ id: string; deptName: string }[]>>('/blade-system/dept/select', {
    ...config,
    params: { userId },
  });
  return data.data ?? [];
}

export async function fetchLogos(tenantId: string, config?: AxiosRequestConfig) {
  const { data } = await http.get<R<Logo[]>>('/blade-resource/logo/list', {
    ...config,
    params: { tenantId },
  });
  return data.data ?? [];
}

/** A header notification: `content` is JSON text with level, name, firstTime and statuses. */
export interface SystemNotice {
  id: string;
  content: string;
  alarmId?: string;
  batch?: string;
  createTime?: string;
}

/** The current user's unread notifications (docs/decisions.md). */
export async function fetchUnreadNotices(current: number, size: number) {
  const { data } = await http.get<R<Page<SystemNotice>>>('/system/systemNotice/page', {
    params: { current, size },
  });
  return data.data;
}

export async function markNoticesRead(ids: string[]) {
  await http.post<R<unknown>>('/system/systemNotice/updateStatus', null, { params: { ids: ids.join(',') } });
}

export async function uploadLogs(logs: LogEntry[]) {
  await http.post<R<unknown>>('/blade-auth/oauth/', logs);
}

/**
 * How many records a list endpoint holds: pages answer `total`, tree/list endpoints an array whose
 * nodes are counted. One row is asked for, so the call stays cheap.
 */
export async function countRecords(url: string): Promise<number> {
  const { data } = await http.get<R<{ total: number } | unknown[]>>(url, {
    params: { current: 1, size: 1 },
    silent: true,
  });
  const body = data.data;
  return Array.isArray(body) ? countNodes(body) : body.total;
}

function countNodes(nodes: unknown[]): number {
  return nodes.reduce<number>((sum, node) => {
    const children = (node as { children?: unknown[] }).children;
    return sum + 1 + (Array.isArray(children) ? countNodes(children) : 0);
  }, 0);
}
