import { useQuery } from '@tanstack/react-query';
import {
  addEdge,
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  Handle,
  MiniMap,
  type Node,
  type NodeChange,
  type NodeProps,
  Position,
  ReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { createContext, memo, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { runStatesQuery } from '#src/api/deviceAdmin';
import type { RealtimePoint } from '#src/api/monitorData';
import type { EdgeData, NodeData, ProtocolRead } from '#src/api/topology';
import { useRealtime } from '#src/components/monitor/hooks';
import './topology.css';

export type DeviceNode = Node<NodeData, 'device'>;
export type LinkEdge = Edge<EdgeData>;

/** A node's state: online / offline / fault from the device's run state, alarm when its point is out of range. */
export type NodeState = 'online' | 'offline' | 'fault' | 'alarm' | 'unbound';

interface Live {
  states: Record<string, { status: string } | undefined>;
  points: Map<string, RealtimePoint>;
}
/**
 * The live state as a store the nodes subscribe to one by one: a node re-renders only when its own text or colour
 * changes (a snapshot is a string), not on every value of the 300 others.
 */
class LiveStore {
  live: Live = { states: {}, points: new Map() };
  private listeners = new Set<() => void>();
  set(live: Live) {
    this.live = live;
    for (const listener of this.listeners) listener();
  }
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}
const LiveContext = createContext<LiveStore>(new LiveStore());

export function nodeState(data: NodeData, live: Live): NodeState {
  if (!data.deviceId) return 'unbound';
  const point = data.pointId ? live.points.get(data.pointId) : undefined;
  const value = typeof point?.value === 'number' ? point.value : null;
  if (
    value != null &&
    ((point?.rangeMin != null && value < point.rangeMin) ||
      (point?.rangeMax != null && value > point.rangeMax))
  )
    return 'alarm';
  const status = live.states[data.deviceId]?.status;
  return status === 'online' || status === 'fault' ? status : 'offline';
}

export function formatValue(point?: RealtimePoint) {
  if (!point || point.value == null) return '--';
  const value = typeof point.value === 'number' ? Number(point.value.toFixed(2)) : String(point.value);
  return `${value}${point.unit ? ` ${point.unit}` : ''}`;
}

/** A device on the drawing: its name, state colour, and the bound point's newest value. */
const DeviceNodeView = memo(function DeviceNodeView({ data, selected }: NodeProps<DeviceNode>) {
  const { t } = useTranslation();
  const store = useContext(LiveContext);
  const view = useSyncExternalStore(store.subscribe, () => {
    const point = data.pointId ? store.live.points.get(data.pointId) : undefined;
    return `${nodeState(data, store.live)}\u0000${point?.name ? `${point.name}: ` : ''}\u0000${formatValue(point)}`;
  });
  const [state, name, value] = view.split('\u0000');
  return (
    <div
      className={`pd-topo-node pd-topo-${state}${selected ? ' pd-topo-selected' : ''}`}
      data-testid="topology-node"
      data-state={state}
    >
      <Handle type="target" position={Position.Left} />
      <div className="pd-topo-label">{data.label}</div>
      {data.pointId && (
        <div className="pd-topo-value" data-testid="topology-value">
          {name}
          <b>{value}</b>
        </div>
      )}
      <div className="pd-topo-state">{t(`topology.state_${state}`)}</div>
      <Handle type="source" position={Position.Right} />
    </div>
  );
});

const NODE_TYPES = { device: DeviceNodeView };
const MINIMAP_MAX = 100;

/** The live state of a drawing's bound devices and points: run states polled, values pushed (monitor.realtime). */
function useLiveState(nodes: DeviceNode[]): Live {
  const pointIds = useMemo(
    () => [...new Set(nodes.map((n) => n.data.pointId).filter((p): p is string => !!p))].sort(),
    [nodes],
  );
  const key = pointIds.join(',');
  const query = useMemo(() => (key ? { pointIds: key.split(',') } : null), [key]);
  const realtime = useRealtime(query);
  const states = useQuery({ ...runStatesQuery, enabled: nodes.some((n) => n.data.deviceId) });
  return useMemo(
    () => ({ states: states.data ?? {}, points: new Map((realtime.data ?? []).map((p) => [p.pointId, p])) }),
    [states.data, realtime.data],
  );
}

export interface TopologyCanvasProps {
  nodes: DeviceNode[];
  edges: LinkEdge[];
  protocols?: ProtocolRead[];
  /** Editable: nodes move, links are drawn, selection reported. Without it: a read-only view that pans and zooms. */
  editable?: boolean;
  onNodesChange?: (nodes: DeviceNode[]) => void;
  onEdgesChange?: (edges: LinkEdge[]) => void;
  onSelect?: (node: DeviceNode | null, edge: LinkEdge | null) => void;
  height?: number | string;
}

/** A topology drawn with React Flow (@xyflow/react), its nodes coloured and labelled from the live channel. */
export function TopologyCanvas(props: TopologyCanvasProps) {
  const { nodes, edges, protocols, editable, onSelect, height = 560 } = props;
  const live = useLiveState(nodes);
  const [store] = useState(() => new LiveStore());
  useEffect(() => store.set(live), [store, live]);
  const colours = useMemo(() => new Map((protocols ?? []).map((p) => [p.id, p.color])), [protocols]);
  const styledEdges = useMemo(
    () =>
      edges.map((e) => {
        const colour = (e.data?.protocolId && colours.get(e.data.protocolId)) || '#8c8c8c';
        return { ...e, label: e.data?.label ?? e.label, style: { stroke: colour, strokeWidth: 2 } };
      }),
    [edges, colours],
  );
  return (
    <LiveContext.Provider value={store}>
      <div style={{ height }} className="pd-topo-canvas" data-testid="topology-canvas">
        <ReactFlow
          nodes={nodes}
          edges={styledEdges}
          nodeTypes={NODE_TYPES}
          fitView
          minZoom={0.1}
          nodesDraggable={!!editable}
          nodesConnectable={!!editable}
          elementsSelectable={!!editable}
          deleteKeyCode={editable ? ['Backspace', 'Delete'] : null}
          onNodesChange={(changes: NodeChange<DeviceNode>[]) =>
            props.onNodesChange?.(applyNodeChanges(changes, nodes))
          }
          onEdgesChange={(changes: EdgeChange<LinkEdge>[]) =>
            props.onEdgesChange?.(applyEdgeChanges(changes, edges))
          }
          onConnect={(c: Connection) =>
            props.onEdgesChange?.(
              addEdge({ ...c, id: `e-${c.source}-${c.target}-${Date.now()}`, data: {} }, edges),
            )
          }
          onSelectionChange={({ nodes: n, edges: e }) =>
            onSelect?.((n[0] as DeviceNode) ?? null, (e[0] && edges.find((x) => x.id === e[0].id)) || null)
          }
          proOptions={{ hideAttribution: false }}
        >
          <Background />
          <Controls showInteractive={false} />
          {/* The overview map redraws every node on each move of the view: only for drawings small enough. */}
          {nodes.length <= MINIMAP_MAX && <MiniMap pannable zoomable />}
        </ReactFlow>
      </div>
    </LiveContext.Provider>
  );
}
