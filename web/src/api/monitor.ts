import {
  getBladeAuthSessionList,
  getBladeMonitorJobList,
  getBladeMonitorServerState,
  type JobRead,
  postBladeAuthSessionKick,
  postBladeMonitorJobPause,
  postBladeMonitorJobResume,
  postBladeMonitorJobRun,
  type SessionRead,
} from './generated/client';
import { areaKeys } from './queryKeys';
import type { Page } from './types';

export type { JobRead, JobRunRead, SessionRead } from './generated/client';

/** The 系统监控 screens' queries (online users, jobs, server state). */
export const systemMonitorKeys = areaKeys('monitor');

/** 在线用户: the live sessions (every tenant's for the platform administrator, or `tenantId`'s). */
export async function fetchSessions(current: number, size: number, tenantId?: string) {
  const { data } = await getBladeAuthSessionList({
    current,
    size,
    ...(tenantId ? { tenantId } : {}),
  } as never);
  return data as Page<SessionRead>;
}

/** Revokes the sessions: their access tokens stop at once, their refresh is refused. */
export async function kickSessions(ids: string[]) {
  const { data } = await postBladeAuthSessionKick({ params: { ids: ids.join(',') } });
  return data ?? 0;
}

export async function fetchJobs() {
  const { data } = await getBladeMonitorJobList();
  return (data ?? []) as JobRead[];
}

export const runJob = (name: string) => postBladeMonitorJobRun({ name });
export const pauseJob = (name: string) => postBladeMonitorJobPause({ name });
export const resumeJob = (name: string) => postBladeMonitorJobResume({ name });

/** A part of the server's state that could not be read names why instead of its figures. */
type Part<T> = T & { error?: string };

export interface ServerInfo {
  host: Part<{
    name: string;
    os: string;
    cpus: number;
    cpuPercent: number;
    load: number[];
    bootTime: number;
  }>;
  process: {
    pid: number;
    startedAt: number;
    uptimeSeconds: number;
    rssBytes: number;
    threads: number;
    python: string;
  };
  memory: {
    total: number;
    used: number;
    available: number;
    percent: number;
    swapTotal: number;
    swapUsed: number;
  };
  disks: { path: string; total: number; used: number; free: number; percent: number }[];
  database: Part<{
    dialect: string;
    version: string;
    sizeBytes: number;
    pool: { size: number; checkedOut: number; overflow: number } | null;
  }>;
  cache: Part<{
    kind: 'memory' | 'redis';
    configured?: boolean;
    reachable?: boolean;
    version?: string;
    usedMemory?: number;
    clients?: number;
    keys?: number;
    fallback?: boolean;
  }>;
  jobs: Part<{
    mode: string;
    waiting?: number;
    failedLastDay?: number;
    paused?: number;
    schedules?: number;
    workerHere?: boolean | null;
  }>;
  collectors: Part<{ sources: number; states: Record<string, number> }>;
  live: { streams: number };
}

export async function fetchServerState() {
  const { data } = await getBladeMonitorServerState();
  return data as unknown as ServerInfo;
}
