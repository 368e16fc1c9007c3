import { queryClient } from '#src/app/queryClient';
import { type CrudApi, crudApi } from './crud';
import { download } from './download';
import {
  type AlarmRead,
  type AlarmWrite,
  type CollectRead,
  type ComponentRead,
  type DataPointRead,
  type DeviceComponentRead,
  type DeviceRead,
  type DeviceStatus,
  type DeviceTreeNode,
  getDeviceManagementComponentsDetail,
  getDeviceManagementComponentsList,
  getDeviceManagementDataPointSourceDetail,
  getDeviceManagementDataPointSourceList,
  getDeviceManagementDatapointsAlarmDetail,
  getDeviceManagementDatapointsCollectsDetail,
  getDeviceManagementDatapointsCollectsList,
  getDeviceManagementDatapointsDetail,
  getDeviceManagementDatapointsMonitorStatus,
  getDeviceManagementDatapointsSearch,
  getDeviceManagementDeviceDepartment,
  getDeviceManagementDeviceDetail,
  getDeviceManagementDeviceFramework,
  getDeviceManagementDeviceModelComponentDetail,
  getDeviceManagementDeviceModelComponentList,
  getDeviceManagementDeviceModelDataPointsDetail,
  getDeviceManagementDeviceModelDataPointsList,
  getDeviceManagementDeviceModelLibDetail,
  getDeviceManagementDeviceModelLibPage,
  getDeviceManagementDeviceModelLibSearch,
  getDeviceManagementDevicePage,
  getDeviceManagementDeviceSearchByDeviceName,
  getDeviceManagementImportLogDetail,
  getDeviceManagementImportLogErrPageId,
  getDeviceManagementImportLogPage,
  type ImportErrorRead,
  type ImportLogRead,
  type ModelPointRead,
  type ModelRead,
  postDeviceManagementComponentsRemove,
  postDeviceManagementComponentsSubmit,
  postDeviceManagementDataPointSourceRemove,
  postDeviceManagementDataPointSourceSubmit,
  postDeviceManagementDatapointsAlarmSubmit,
  postDeviceManagementDatapointsAlarmSwitch,
  postDeviceManagementDatapointsCollectsRemove,
  postDeviceManagementDatapointsCollectsSubmit,
  postDeviceManagementDatapointsRemove,
  postDeviceManagementDatapointsSave,
  postDeviceManagementDatapointsUpdate,
  postDeviceManagementDeviceModelComponentRemove,
  postDeviceManagementDeviceModelComponentSave,
  postDeviceManagementDeviceModelComponentUpdate,
  postDeviceManagementDeviceModelDataPointsRemove,
  postDeviceManagementDeviceModelDataPointsSave,
  postDeviceManagementDeviceModelDataPointsUpdate,
  postDeviceManagementDeviceModelLibCopyModel,
  postDeviceManagementDeviceModelLibRemove,
  postDeviceManagementDeviceModelLibSave,
  postDeviceManagementDeviceModelLibUpdate,
  postDeviceManagementDeviceRemove,
  postDeviceManagementDeviceSave,
  postDeviceManagementDeviceUpdate,
  type SourceRead,
} from './generated/client';
import { areaKeys } from './queryKeys';
import type { Page, Query } from './types';

/**
 * Equipment (spec §7 Devices, /api/device-management): the model library with components and template
 * points, devices with parts, data points with alarm settings, collect groups, point sources and the import
 * log. `save` inserts and `update` changes, so the CrudPage `submit` picks one by the row's id.
 */

export type DeviceModel = ModelRead;
export type ModelComponent = ComponentRead;
export type ModelPoint = ModelPointRead;
export type Device = DeviceRead;
export type DeviceComponent = DeviceComponentRead;
export type DataPoint = DataPointRead;
export type AlarmSetting = AlarmRead;
export type CollectGroup = CollectRead;
export type PointSource = SourceRead;
export type ImportLog = ImportLogRead;
export type ImportError = ImportErrorRead;
/** The organisation and framework trees (DeviceTreeNode): `type` is dept, model, device or component. */
export type { DeviceTreeNode };

/** What a template point and a device's point share (the point columns of both screens). */
export type PointFields = Pick<
  DataPointRead,
  | 'id'
  | 'code'
  | 'name'
  | 'unit'
  | 'dataType'
  | 'scale'
  | 'offset'
  | 'rangeMin'
  | 'rangeMax'
  | 'address'
  | 'collectGroupId'
  | 'sourceId'
  | 'deadband'
  | 'store'
  | 'pointClass'
  | 'sort'
  | 'remark'
>;

const BASE = '/device-management';

export const deviceKeys = areaKeys('device');

/**
 * The scope of every picker and tree of this file (models, devices, collect groups, sources, components, the
 * organisation and framework trees): a write anywhere in it makes them all stale, so a model added a moment
 * ago is in the device dialog's model list. The collectors' live state (`collectKeys`) is not in it.
 */
export const managementKeys = deviceKeys.scope('management');

/** Drops the area's pickers and trees (after a write, or when an import job has finished). */
export const deviceDataChanged = () => queryClient.invalidateQueries({ queryKey: managementKeys.all });

/** `api` whose writes make the area's pickers and trees stale. */
function invalidating<T>(api: CrudApi<T>): CrudApi<T> {
  return {
    ...api,
    async submit(row) {
      const msg = await api.submit(row);
      await deviceDataChanged();
      return msg;
    },
    async remove(ids) {
      const msg = await api.remove(ids);
      await deviceDataChanged();
      return msg;
    },
  };
}
const ids = (list: string[]) => ({ ids: list.join(',') });
const records = <T>(page: Page<T> | null | undefined) => page?.records ?? [];

/** Save without an id, update with one (both answer the row; the msg is the server's). */
async function saveOrUpdate<B>(
  row: Partial<B> & { id?: string | null },
  save: (body: never) => Promise<{ msg: string }>,
  update: (body: never) => Promise<{ msg: string }>,
) {
  return (await (row.id ? update : save)(row as never)).msg;
}

// --- models ---------------------------------------------------------------------------------------------------

export const modelApi: CrudApi<DeviceModel> = invalidating(
  crudApi<DeviceModel>(
    {
      list: getDeviceManagementDeviceModelLibPage,
      detail: getDeviceManagementDeviceModelLibDetail,
      submit: postDeviceManagementDeviceModelLibSave,
      remove: postDeviceManagementDeviceModelLibRemove,
    },
    {
      submit: (row) =>
        saveOrUpdate(row, postDeviceManagementDeviceModelLibSave, postDeviceManagementDeviceModelLibUpdate),
    },
  ),
);

/** A copy of the model with its components and template points (code `<code>-COPY`). */
export async function copyModel(id: string) {
  const { msg } = await postDeviceManagementDeviceModelLibCopyModel({ id } as never);
  await deviceDataChanged();
  return msg;
}

/** Every model (at most 100, by code) for pickers. */
export const modelSelectQuery = {
  queryKey: managementKeys.of('device-model-lib/search'),
  queryFn: async () => (await getDeviceManagementDeviceModelLibSearch()).data ?? [],
};

export const MODEL_EXPORT_URL = `${BASE}/device-model-lib/export-model`;
export const MODEL_TEMPLATE_URL = `${BASE}/device-model-lib/export-template`;
export const MODEL_IMPORT_URL = `${BASE}/device-model-lib/import-model`;

/** The components of model `modelId` (the list answers them all; `parentId` makes the tree). */
export function modelComponentApiFor(modelId: string): CrudApi<ModelComponent> {
  return invalidating({
    list: async () =>
      toTree((await getDeviceManagementDeviceModelComponentList({ modelId } as never)).data ?? []),
    detail: async (id) =>
      (await getDeviceManagementDeviceModelComponentDetail({ id } as never)).data as ModelComponent,
    submit: (row) =>
      saveOrUpdate(
        { ...row, modelId },
        postDeviceManagementDeviceModelComponentSave,
        postDeviceManagementDeviceModelComponentUpdate,
      ),
    remove: async (list) => (await postDeviceManagementDeviceModelComponentRemove({ params: ids(list) })).msg,
  });
}

export const modelComponentTreeQuery = (modelId: string) => ({
  queryKey: managementKeys.of('device-model-component/list', modelId),
  queryFn: async () =>
    toTree((await getDeviceManagementDeviceModelComponentList({ modelId } as never)).data ?? []),
});

/** The template points of model `linkId` (paged, with the code and name filters). */
export function modelPointApiFor(linkId: string): CrudApi<ModelPoint> {
  return invalidating({
    list: async (query) =>
      (await getDeviceManagementDeviceModelDataPointsList({ ...query, linkId } as never))
        .data as Page<ModelPoint>,
    detail: async (id) =>
      (await getDeviceManagementDeviceModelDataPointsDetail({ id } as never)).data as ModelPoint,
    submit: (row) =>
      saveOrUpdate(
        { ...row, linkId },
        postDeviceManagementDeviceModelDataPointsSave,
        postDeviceManagementDeviceModelDataPointsUpdate,
      ),
    remove: async (list) =>
      (await postDeviceManagementDeviceModelDataPointsRemove({ params: ids(list) })).msg,
  });
}

// --- devices --------------------------------------------------------------------------------------------------

export const deviceApi: CrudApi<Device> = invalidating(
  crudApi<Device>(
    {
      list: getDeviceManagementDevicePage,
      detail: getDeviceManagementDeviceDetail,
      submit: postDeviceManagementDeviceSave,
      remove: postDeviceManagementDeviceRemove,
    },
    { submit: (row) => saveOrUpdate(row, postDeviceManagementDeviceSave, postDeviceManagementDeviceUpdate) },
  ),
);

/** Devices for pickers (name or code contains nothing: the first 100). */
export const deviceSelectQuery = {
  queryKey: managementKeys.of('device/searchByDeviceName'),
  queryFn: async () => (await getDeviceManagementDeviceSearchByDeviceName()).data ?? [],
};

/** The warning view reads at most this many devices and points and picks the ones that need a look. */
const WARNING_SCAN = 1000;

export const warningDevicesQuery = {
  queryKey: managementKeys.of('device/page', 'warning'),
  queryFn: async () =>
    records(
      (await getDeviceManagementDevicePage({ current: 1, size: WARNING_SCAN } as never)).data,
    ) as Device[],
};

/** Points whose alarm is switched on. */
export const alarmPointsQuery = {
  queryKey: managementKeys.of('datapoints/search', 'alarm-on'),
  queryFn: async () =>
    records(
      (await getDeviceManagementDatapointsSearch({ current: 1, size: WARNING_SCAN } as never)).data,
    ).filter((point) => point.alarmSwitch === 1),
};

/** A device's run state as the monitor derives it from data freshness (online / offline / fault). */
export type RunState = DeviceStatus;

/** How often the ledger's run states are read again while the live channel is down. */
export const RUN_STATE_POLL_MS = 10_000;
/** The live channel's topic of imports' progress ({id, state, progress, counts}, keyed by import log id). */
export const IMPORT_TOPIC = 'device.import';
/** The live channel's topic of run state changes ({deviceId, status}, keyed by device id). */
export const DEVICE_STATUS_TOPIC = 'device.status';

/**
 * Every device's run state by device id, from the monitor's `datapoints-monitor/status`. Silent: without the
 * grant the badges read 未知 and nothing is toasted. Kept current by `useRunStates` (one per screen).
 */
export const runStatesQuery = {
  queryKey: managementKeys.of('datapoints-monitor/status'),
  queryFn: async (): Promise<Record<string, RunState>> => {
    const { data } = await getDeviceManagementDatapointsMonitorStatus(undefined, { silent: true });
    return Object.fromEntries((data ?? []).map((state) => [state.deviceId, state]));
  },
};

/** Polled while the channel is down; a failed read (no grant) is not retried every few seconds. */
export const runStatesPoll =
  (live: boolean) =>
  (query: { state: { status: string } }): number | false =>
    live || query.state.status === 'error' ? false : RUN_STATE_POLL_MS;

export const departmentTreeQuery = {
  queryKey: managementKeys.of('device/department'),
  queryFn: async () => (await getDeviceManagementDeviceDepartment()).data ?? [],
};

export const frameworkTreeQuery = {
  queryKey: managementKeys.of('device/framework'),
  queryFn: async () => (await getDeviceManagementDeviceFramework()).data ?? [],
};

export const DEVICE_EXPORT_URL = `${BASE}/device/export-device`;
export const DEVICE_TEMPLATE_URL = `${BASE}/device/export-template`;
export const DEVICE_IMPORT_URL = `${BASE}/device/import-device`;

/** The parts of device `deviceId` (components; `parentId` makes the tree). */
export function deviceComponentApiFor(deviceId: string): CrudApi<DeviceComponent> {
  return invalidating(
    crudApi<DeviceComponent>(
      {
        list: getDeviceManagementComponentsList,
        detail: getDeviceManagementComponentsDetail,
        submit: postDeviceManagementComponentsSubmit,
        remove: postDeviceManagementComponentsRemove,
      },
      {
        list: async () => toTree(await deviceComponents(deviceId)),
        submit: async (row) =>
          (await postDeviceManagementComponentsSubmit({ ...row, deviceId } as never)).msg,
      },
    ),
  );
}

async function deviceComponents(deviceId: string) {
  const answer = (await getDeviceManagementComponentsList({ deviceId, current: 1, size: 1000 } as never))
    .data;
  return Array.isArray(answer) ? answer : records(answer);
}

export const deviceComponentTreeQuery = (deviceId: string) => ({
  queryKey: managementKeys.of('components/list', deviceId),
  queryFn: async () => toTree(await deviceComponents(deviceId)),
});

// --- data points ----------------------------------------------------------------------------------------------

export const datapointApi: CrudApi<DataPoint> = invalidating(
  crudApi<DataPoint>(
    {
      list: getDeviceManagementDatapointsSearch,
      detail: getDeviceManagementDatapointsDetail,
      submit: postDeviceManagementDatapointsSave,
      remove: postDeviceManagementDatapointsRemove,
    },
    {
      submit: (row) =>
        saveOrUpdate(row, postDeviceManagementDatapointsSave, postDeviceManagementDatapointsUpdate),
    },
  ),
);

export const POINT_EXPORT_URL = `${BASE}/datapoints/export-datapoints`;
export const POINT_TEMPLATE_URL = `${BASE}/datapoints/export-template`;
export const POINT_IMPORT_URL = `${BASE}/datapoints/import-datapoints`;

/** A point's alarm settings; a point without any answers blank settings (switched off). */
export async function alarmDetail(pointId: string): Promise<Partial<AlarmSetting>> {
  return (
    (await getDeviceManagementDatapointsAlarmDetail({ pointId } as never)).data ?? { pointId, switchFlag: 0 }
  );
}

export async function submitAlarm(body: Partial<AlarmWrite> & { pointId: string }) {
  const { msg } = await postDeviceManagementDatapointsAlarmSubmit(body as AlarmWrite);
  await deviceDataChanged();
  return msg;
}

export async function switchAlarm(pointId: string, on: boolean) {
  return (
    await postDeviceManagementDatapointsAlarmSwitch({ params: { ids: pointId, switchFlag: on ? 1 : 0 } })
  ).msg;
}

export const collectApi: CrudApi<CollectGroup> = invalidating(
  crudApi({
    list: getDeviceManagementDatapointsCollectsList,
    detail: getDeviceManagementDatapointsCollectsDetail,
    submit: postDeviceManagementDatapointsCollectsSubmit,
    remove: postDeviceManagementDatapointsCollectsRemove,
  }),
);

export const collectSelectQuery = {
  queryKey: managementKeys.of('datapoints-collects/list'),
  queryFn: async () =>
    records(
      (await getDeviceManagementDatapointsCollectsList({ current: 1, size: 500 } as never))
        .data as Page<CollectGroup>,
    ),
};

/** Source types of data-point-source (`type`). */
export const SOURCE_TYPES = ['modbus', 'opcua', 'mqtt', 'http', 'manual', 'calc'];

export const sourceApi: CrudApi<PointSource> = invalidating(
  crudApi({
    list: getDeviceManagementDataPointSourceList,
    detail: getDeviceManagementDataPointSourceDetail,
    submit: postDeviceManagementDataPointSourceSubmit,
    remove: postDeviceManagementDataPointSourceRemove,
  }),
);

export const sourceSelectQuery = {
  queryKey: managementKeys.of('data-point-source/list'),
  queryFn: async () => {
    const answer = (await getDeviceManagementDataPointSourceList({ current: 1, size: 500 } as never)).data;
    return Array.isArray(answer) ? answer : records(answer as Page<PointSource>);
  },
};

// --- import log -----------------------------------------------------------------------------------------------

/** What an import log's `type` names. */
export const IMPORT_TYPES = ['device', 'datapoint', 'model'];

export const importLogApi: CrudApi<ImportLog> = {
  list: async (query: Query) =>
    (await getDeviceManagementImportLogPage(query as never)).data as Page<ImportLog>,
  detail: async (id) => (await getDeviceManagementImportLogDetail({ id } as never)).data as ImportLog,
  submit: async () => undefined,
  remove: async () => undefined,
};

/** An import's progress, polled while it runs. */
export async function importStatus(id: string) {
  return (await getDeviceManagementImportLogDetail({ id } as never)).data as ImportLog;
}

/** A page of an import's rejected rows. */
export async function errorPage(id: string, current: number, size: number) {
  return (await getDeviceManagementImportLogErrPageId(id as never, { current, size } as never))
    .data as Page<ImportError>;
}

/** The first 100 rejected rows (the import dialog's table; the log's error page has them all). */
export async function importErrors(id: string) {
  return records(await errorPage(id, 1, 100));
}

/** The uploaded file of an import. */
export function downloadImportFile(log: ImportLog) {
  return download(`${BASE}/import-log/download`, {
    params: { fileUrl: log.fileUrl },
    filename: log.fileName,
  });
}

/** The rejected rows of an import as a sheet: the row's cells, its row number and why. */
export function downloadRejectedRows(log: ImportLog) {
  return download(`${BASE}/import-log/err-export/${log.id}`, { filename: `rejected-${log.fileName}` });
}

/** Rows with `parentId` as a forest (`parentId` 0 or unknown = a root), keeping the list order. */
export function toTree<T extends { id: string; parentId?: string | null }>(
  rows: T[],
): (T & { children?: T[] })[] {
  const byId = new Map(rows.map((row) => [String(row.id), { ...row } as T & { children?: T[] }]));
  const roots: (T & { children?: T[] })[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(String(node.parentId)) : undefined;
    if (!parent || parent === node) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}
