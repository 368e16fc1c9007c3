import { deviceKeys } from './deviceAdmin';
import {
  type BrowseNode,
  type Certificate,
  type ConnectionAnswer,
  type DeviceSource,
  getDeviceManagementDataPointSourceBrowse,
  getDeviceManagementDataPointSourceDeviceSources,
  getDeviceManagementDataPointSourceStatus,
  postDeviceManagementDataPointSourceTest,
  postDeviceManagementDataPointSourceTrust,
  type SourceStatusRead,
} from './generated/client';

export type { BrowseNode, Certificate, ConnectionAnswer, DeviceSource, SourceStatusRead };

/** The collectors' state and browsing: outside `managementKeys`, a ledger write does not poll it again. */
export const collectKeys = deviceKeys.scope('collect');
/** How often the live status of the collectors is read again while the live channel is down. */
export const STATUS_POLL_MS = 3000;
/** The live channel's topic of source statuses (each the status endpoint's record, keyed by source id). */
export const COLLECT_TOPIC = 'collect.status';

/** Source types the collectors read (the others are written over HTTP, by hand or calculated). */
export const COLLECTED_TYPES = ['mqtt', 'opcua', 'modbus'];
/** Source types with a live state: the collected ones, and HTTP (values posted to the ingest). */
export const LIVE_TYPES = [...COLLECTED_TYPES, 'http'];

/** Polled while the channel is down; a failed read (no grant) is not retried every few seconds. */
export const statusPoll =
  (live: boolean) =>
  (query: { state: { status: string } }): number | false =>
    live || query.state.status === 'error' ? false : STATUS_POLL_MS;

/** Live status of every source of the tenant, by source id (one query, shared; kept current by the screen). */
export const sourceStatusQuery = {
  queryKey: collectKeys.of('status'),
  queryFn: async (): Promise<Record<string, SourceStatusRead>> => {
    const { data } = await getDeviceManagementDataPointSourceStatus(undefined, { silent: true });
    return Object.fromEntries((data ?? []).map((state) => [state.sourceId, state]));
  },
};

/** The statuses by source id with the pushed ones in place (each event is a source's whole status). */
export function applySourceStatuses(old: unknown, events: SourceStatusRead[]): unknown {
  if (!old || typeof old !== 'object') return old;
  const next = { ...(old as Record<string, SourceStatusRead>) };
  for (const status of events) next[status.sourceId] = status;
  return next;
}

/** Each device's sources with the pushed sources' states in place. */
export function applyDeviceSourceStates(old: unknown, events: SourceStatusRead[]): unknown {
  if (!old || typeof old !== 'object') return old;
  const states = new Map(events.map((status) => [status.sourceId, status.state]));
  return Object.fromEntries(
    Object.entries(old as Record<string, DeviceSource[]>).map(([device, sources]) => [
      device,
      sources.map((s) => (states.has(s.sourceId) ? { ...s, state: states.get(s.sourceId) as string } : s)),
    ]),
  );
}

/** The sources each device is read from, by device id (the ledger's column). */
export const deviceSourcesQuery = {
  queryKey: collectKeys.of('device-sources'),
  queryFn: async (): Promise<Record<string, DeviceSource[]>> => {
    const { data } = await getDeviceManagementDataPointSourceDeviceSources({}, { silent: true });
    const out: Record<string, DeviceSource[]> = {};
    for (const row of data ?? []) {
      out[row.deviceId] ??= [];
      out[row.deviceId].push(row);
    }
    return out;
  },
};

/** Connect to a source's server (saved, or the form's unsaved type and settings). */
export async function testConnection(body: {
  id?: string;
  type?: string;
  config?: string | null;
}): Promise<ConnectionAnswer> {
  return (await postDeviceManagementDataPointSourceTest(body)).data as ConnectionAnswer;
}

/** Trust an OPC UA server certificate by the fingerprint the user has checked. */
export async function trustCertificate(id: string, fingerprint: string): Promise<void> {
  await postDeviceManagementDataPointSourceTrust({ id, fingerprint });
}

/** The children of an OPC UA node (the Objects folder without `nodeId`). */
export async function browseNodes(sourceId: string, nodeId?: string): Promise<BrowseNode[]> {
  return ((await getDeviceManagementDataPointSourceBrowse({ sourceId, nodeId } as never)).data ??
    []) as BrowseNode[];
}
