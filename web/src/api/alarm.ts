import { md5 } from 'js-md5';
import { crudApi } from './crud';
import {
  type AlarmDetail,
  type EventRead,
  type GroupRead,
  getAlarmEventAlarmRecord,
  getAlarmEventPage,
  getAlarmEventSelectById,
  getAlarmGroupAuthUser,
  getAlarmGroupDetail,
  getAlarmGroupPage,
  getAlarmGroupTree,
  getAlarmJobunusuaPage,
  getAlarmLevelList,
  getAlarmLevelPage,
  getAlarmNotifymodelfieldList,
  getAlarmNotifyparamemailDetail,
  getAlarmNotifytemplateDetail,
  getAlarmNotifytemplateList,
  getAlarmResultOverview,
  getAlarmResultPage,
  getAlarmResultTrend,
  getAlarmStatusSelectAll,
  getAlarmTenantInitApikeyCheck,
  getAlarmTimecycleList,
  getAlarmTrailPage,
  getAlarmUserSettingDetail,
  getDeviceManagementDeviceList,
  type LevelRead,
  type MailParamsRead,
  type MailParamsWrite,
  type ModelFieldRead,
  postAlarmEventAdd,
  postAlarmEventDelete,
  postAlarmEventRework,
  postAlarmGroupRemoveByIds,
  postAlarmGroupSaveAndUpdate,
  postAlarmJobunusuaRetry,
  postAlarmLevelRemove,
  postAlarmLevelSaveAndUpdate,
  postAlarmNotifyparamemailSubmit,
  postAlarmNotifytemplatePreview,
  postAlarmNotifytemplateRemove,
  postAlarmNotifytemplateSubmit,
  postAlarmResultAlarmAffirm,
  postAlarmStatusUpdate,
  postAlarmTenantInitSubmit,
  postAlarmTimecycleUpdate,
  postAlarmUserSettingSubmit,
  type ResultRead,
  type SettingRead,
  type SettingWrite,
  type TemplateRead,
  type TimeCycleRead,
  type TrailRead,
  type Trend,
  type UnusualRead,
  type UserSettingRead,
  type UserSettingWrite,
} from './generated/client';
import { areaKeys } from './queryKeys';
import type { Page, Query } from './types';

export const alarmKeys = areaKeys('alarm');

export type {
  AlarmDetail,
  EventRead,
  GroupRead,
  LevelRead,
  MailParamsRead,
  ModelFieldRead,
  ResultRead,
  SettingRead,
  TemplateRead,
  TimeCycleRead,
  TrailRead,
  Trend,
  UnusualRead,
  UserSettingRead,
};

/** 已解除 / 已确认: the server's status words (spec §4). */
export const REMOVED = '已解除';
export const AFFIRMED = '已确认';

const unsupported = async (): Promise<never> => {
  throw new Error('not supported');
};

/** Events (rules): add without an id, rework with one. */
export const eventApi = crudApi<EventRead>(
  {
    list: getAlarmEventPage,
    detail: getAlarmEventSelectById,
    submit: postAlarmEventAdd,
    remove: postAlarmEventDelete,
  },
  {
    async submit(row) {
      const call = row.id ? postAlarmEventRework : postAlarmEventAdd;
      return (await call(row as never)).msg;
    },
  },
);

/** Results: read only (confirmation has its own form). */
export const resultApi = crudApi<ResultRead>(
  { list: getAlarmResultPage, detail: getAlarmResultPage, submit: unsupported, remove: unsupported } as never,
  {
    async detail(id) {
      const page = (await getAlarmResultPage({ id } as never)).data as Page<ResultRead> | null;
      return page?.records[0] as ResultRead;
    },
  },
);

export const trailApi = crudApi<TrailRead>({
  list: getAlarmTrailPage,
  detail: getAlarmTrailPage,
  submit: unsupported,
  remove: unsupported,
} as never);

export const levelApi = crudApi<LevelRead>(
  {
    list: getAlarmLevelPage,
    detail: getAlarmLevelPage,
    submit: postAlarmLevelSaveAndUpdate,
    remove: postAlarmLevelRemove,
  } as never,
  {
    async detail(id) {
      const page = (await getAlarmLevelList({ current: 1, size: 100 })).data;
      return page?.records.find((l) => l.id === id) as LevelRead;
    },
  },
);

export const groupApi = crudApi<GroupRead>(
  {
    list: getAlarmGroupPage,
    detail: getAlarmGroupDetail,
    submit: postAlarmGroupSaveAndUpdate,
    remove: postAlarmGroupRemoveByIds,
  } as never,
  {
    async remove(ids) {
      return (await postAlarmGroupRemoveByIds({ params: { ids: ids.join(',') } })).msg;
    },
  },
);

export const cycleApi = crudApi<TimeCycleRead>(
  {
    list: getAlarmTimecycleList,
    detail: getAlarmTimecycleList,
    submit: postAlarmTimecycleUpdate,
    remove: unsupported,
  } as never,
  {
    async list() {
      return (await getAlarmTimecycleList()).data ?? [];
    },
    async detail(id) {
      return ((await getAlarmTimecycleList()).data ?? []).find((c) => c.id === id) as TimeCycleRead;
    },
  },
);

/** The spec reads levels as page 1, size 100. */
export const levelSelectQuery = {
  queryKey: alarmKeys.of('level/list'),
  queryFn: async () => (await getAlarmLevelList({ current: 1, size: 100 })).data?.records ?? [],
};
export const groupSelectQuery = {
  queryKey: alarmKeys.of('group/tree'),
  queryFn: async () => (await getAlarmGroupTree()).data ?? [],
};
export const cycleSelectQuery = {
  queryKey: alarmKeys.of('timecycle/list'),
  queryFn: async () => (await getAlarmTimecycleList()).data ?? [],
};
/** Events for pickers (the first 1,000, newest first). */
export const eventSelectQuery = {
  queryKey: alarmKeys.of('event/page', 'select'),
  queryFn: async () =>
    ((await getAlarmEventPage({ current: 1, size: 1000 } as never)).data?.records ?? []).map((e) => ({
      id: e.id,
      name: `${e.name} (${e.deviceName} / ${e.pointName})`,
    })),
};
export const authUserQuery = {
  queryKey: alarmKeys.of('group/authUser'),
  queryFn: async () => (await getAlarmGroupAuthUser()).data ?? [],
};

/** What the event overview narrows to; `state` is one of its counters (open, unaffirmed, active_unack …). */
export interface OverviewFilters {
  levelId?: string;
  groupId?: string;
  deviceId?: string;
  state?: string;
}

export async function fetchOverview(filters: OverviewFilters = {}) {
  return (await getAlarmResultOverview({ params: filters })).data;
}

/** Raised and cleared per hour (the last 24) or day (the last 30). */
export async function fetchTrend(unit: 'hour' | 'day', filters: OverviewFilters = {}) {
  return (await getAlarmResultTrend({ unit, ...filters } as never)).data;
}

/** One page of the results the overview's filters choose, newest first. */
export async function fetchResults(filters: OverviewFilters, current: number, size: number) {
  return (await getAlarmResultPage({ ...filters, current, size } as never)).data as Page<ResultRead> | null;
}

/** The tenant's devices for pickers (the first 1,000). */
export const deviceSelectQuery = {
  queryKey: alarmKeys.of('devices'),
  queryFn: async () =>
    (await getDeviceManagementDeviceList({ current: 1, size: 1000 } as never)).data?.records ?? [],
};

/** The caller's own herald of urgent alarms (sound, flash; off by default). */
export const userSettingKey = alarmKeys.of('userSetting');

export async function fetchUserSetting() {
  return (await getAlarmUserSettingDetail()).data;
}

export async function saveUserSetting(body: UserSettingWrite) {
  return (await postAlarmUserSettingSubmit(body)).data;
}

export async function fetchSetting() {
  return (await getAlarmStatusSelectAll()).data;
}

export async function saveSetting(body: SettingWrite) {
  return (await postAlarmStatusUpdate(body)).msg;
}

/** Whether the tenant has alarm levels and a time cycle (a new tenant has neither). */
export async function fetchTenantInit() {
  return (await getAlarmTenantInitApikeyCheck()).data;
}

/** The default levels and time cycle where the tenant has none. */
export async function initializeTenant() {
  return (await postAlarmTenantInitSubmit()).msg;
}

/** The tenant's SMTP parameters (the password never comes back: only whether one is set). */
export async function fetchMailParams() {
  return (await getAlarmNotifyparamemailDetail()).data;
}

/** Save the SMTP parameters; an empty password keeps the stored one. */
export async function saveMailParams(body: MailParamsWrite) {
  return (await postAlarmNotifyparamemailSubmit(body)).msg;
}

/** The event result and alarm record of (eventId, batch): the detail dialog. */
export async function fetchAlarmRecord(eventId: string, batch?: number | string | null) {
  const params: Query = { eventId, ...(batch ? { batch: String(batch) } : {}) };
  return (await getAlarmEventAlarmRecord(params as never)).data;
}

/** The confirmation form (spec §3): the password leaves the browser as its md5 hex, as at login. */
export async function affirmAlarms(
  form: { userName: string; password: string; affirmReason: string },
  ids: string[],
) {
  return (
    await postAlarmResultAlarmAffirm({
      userName: form.userName,
      password: form.password ? md5(form.password) : '',
      affirmReason: form.affirmReason,
      dataList: ids,
    })
  ).msg;
}

/** Notification templates: one per channel and transition; the list is the tenant's whole set. */
export const templateApi = crudApi<TemplateRead>({
  list: getAlarmNotifytemplateList,
  detail: getAlarmNotifytemplateDetail,
  submit: postAlarmNotifytemplateSubmit,
  remove: postAlarmNotifytemplateRemove,
} as never);

export const modelFieldQuery = {
  queryKey: alarmKeys.of('notifymodelfield/list'),
  queryFn: async () => (await getAlarmNotifymodelfieldList()).data ?? [],
};

/** A title and content rendered with the model fields' examples. */
export async function previewTemplate(title: string, content: string) {
  return (await postAlarmNotifytemplatePreview({ title, content })).data;
}

/** Unusual jobs: failed e-mails and sweeps, read only but for the retry. */
export const unusualApi = crudApi<UnusualRead>({
  list: getAlarmJobunusuaPage,
  detail: unsupported,
  submit: unsupported,
  remove: unsupported,
} as never);

export async function retryJobs(ids: string[]) {
  return (await postAlarmJobunusuaRetry({ params: { ids: ids.join(',') } })).msg;
}
