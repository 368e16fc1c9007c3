import { crudApi } from './crud';
import {
  type FolderRead,
  getTopologyDetail,
  getTopologyFolderList,
  getTopologyPage,
  getTopologyProtocolPage,
  type ProtocolRead,
  postTopologyFolderRemove,
  postTopologyFolderSubmit,
  postTopologyProtocolRemove,
  postTopologyProtocolSubmit,
  postTopologyRemove,
  postTopologySubmit,
  type TopologyRead,
} from './generated/client';
import { areaKeys } from './queryKeys';

export const topologyKeys = areaKeys('topology');

export type { FolderRead, ProtocolRead, TopologyRead };

/** The protocol type dictionary (seeded by the topology area). */
export const PROTOCOL_TYPE_DICT = 'topology_protocol_type';

export const protocolApi = crudApi<ProtocolRead>({
  list: getTopologyProtocolPage,
  detail: async () => ({ data: null, msg: '' }),
  submit: postTopologyProtocolSubmit,
  remove: postTopologyProtocolRemove,
} as never);

export const topologyApi = crudApi<TopologyRead>({
  list: getTopologyPage,
  detail: getTopologyDetail,
  submit: postTopologySubmit,
  remove: postTopologyRemove,
} as never);

export const folderApi = crudApi<FolderRead>({
  list: getTopologyFolderList,
  detail: async () => ({ data: null, msg: '' }),
  submit: postTopologyFolderSubmit,
  remove: postTopologyFolderRemove,
} as never);

export const protocolsQuery = {
  queryKey: topologyKeys.of('protocols'),
  queryFn: async () => (await getTopologyProtocolPage({ current: 1, size: 200 })).data?.records ?? [],
};

export const foldersQuery = {
  queryKey: topologyKeys.of('folders'),
  queryFn: async () => {
    const data = (await getTopologyFolderList({ current: 1, size: 200 } as never)).data;
    return (Array.isArray(data) ? data : (data?.records ?? [])) as FolderRead[];
  },
};

/** The topologies of a folder, or those whose nodes bind a device (the device page's link). */
export const topologiesQuery = (filter: { folderId?: string; deviceId?: string }) => ({
  queryKey: topologyKeys.of('list', filter.folderId ?? '', filter.deviceId ?? ''),
  queryFn: async () =>
    (await getTopologyPage({ current: 1, size: 200, ...filter } as never)).data?.records ?? [],
});

export const topologyQuery = (id: string) => ({
  queryKey: topologyKeys.of('detail', id),
  queryFn: async () => (await getTopologyDetail({ id } as never)).data as TopologyRead,
});

export async function saveTopology(row: Partial<TopologyRead>) {
  return (await postTopologySubmit(row as never)).data as TopologyRead;
}

/** A drawing as saved: React Flow's nodes and edges, a node bound to a device and one of its points. */
export interface NodeData extends Record<string, unknown> {
  label: string;
  deviceId?: string | null;
  pointId?: string | null;
}
export interface EdgeData extends Record<string, unknown> {
  protocolId?: string | null;
  label?: string;
}
export interface Drawing {
  nodes: { id: string; type?: string; position: { x: number; y: number }; data: NodeData }[];
  edges: { id: string; source: string; target: string; data?: EdgeData; label?: string }[];
  viewport?: { x: number; y: number; zoom: number };
}

export function parseDrawing(content?: string | null): Drawing {
  try {
    const doc = JSON.parse(content || '{}');
    return { nodes: doc.nodes ?? [], edges: doc.edges ?? [], viewport: doc.viewport };
  } catch {
    return { nodes: [], edges: [] };
  }
}
