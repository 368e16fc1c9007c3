import { EditOutlined, EyeOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Segmented, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceSelectQuery, managementKeys } from '#src/api/deviceAdmin';
import { getDeviceManagementDatapointsList } from '#src/api/generated/client';
import {
  parseDrawing,
  protocolsQuery,
  saveTopology,
  type TopologyRead,
  topologyKeys,
  topologyQuery,
} from '#src/api/topology';
import { toast } from '#src/app/feedback';
import { type DeviceNode, type LinkEdge, TopologyCanvas } from '#src/components/topology/TopologyCanvas';

const L = (key: string) => `topology.${key}`;

const pointsQuery = (deviceId?: string | null) => ({
  queryKey: managementKeys.of('datapoints', 'topology', deviceId ?? ''),
  queryFn: async () =>
    (
      (await getDeviceManagementDatapointsList({ current: 1, size: 500, deviceId } as never)).data as {
        records: { id: string; name: string; code: string }[];
      }
    ).records,
  enabled: !!deviceId,
});

/** A topology: drawn and bound (editable) or watched read-only; saved as JSON (nodes, edges, viewport). */
export function Editor({ id, editable }: { id: string; editable: boolean }) {
  const topology = useQuery(topologyQuery(id));
  // The canvas starts with the drawing (React Flow fits the view to the nodes it mounts with).
  if (!topology.data) return <Spin />;
  return <Drawing topology={topology.data} editable={editable} />;
}

function Drawing({ topology, editable }: { topology: TopologyRead; editable: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const id = topology.id;
  const [doc] = useState(() => parseDrawing(topology.content));
  const protocols = useQuery(protocolsQuery);
  const devices = useQuery(deviceSelectQuery);
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [nodes, setNodes] = useState<DeviceNode[]>(() =>
    doc.nodes.map((n) => ({ ...n, type: 'device' }) as DeviceNode),
  );
  const [edges, setEdges] = useState<LinkEdge[]>(doc.edges as LinkEdge[]);
  const [selected, setSelected] = useState<{ node: DeviceNode | null; edge: LinkEdge | null }>({
    node: null,
    edge: null,
  });
  const [saving, setSaving] = useState(false);
  const node = selected.node ? nodes.find((n) => n.id === selected.node?.id) : undefined;
  const edge = selected.edge ? edges.find((e) => e.id === selected.edge?.id) : undefined;
  const points = useQuery(pointsQuery(node?.data.deviceId));

  const editing = editable && mode === 'edit';

  const patchNode = (data: Partial<DeviceNode['data']>) =>
    setNodes((all) => all.map((n) => (n.id === node?.id ? { ...n, data: { ...n.data, ...data } } : n)));

  const addNode = () => {
    const n = nodes.length;
    setNodes((all) => [
      ...all,
      {
        id: `n-${Date.now().toString(36)}`,
        type: 'device',
        position: { x: 40 + (n % 6) * 200, y: 40 + Math.floor(n / 6) * 120 },
        data: { label: t(L('newNode')) },
      },
    ]);
  };

  const save = async () => {
    setSaving(true);
    try {
      const content = JSON.stringify({
        nodes: nodes.map(({ id: nodeId, type, position, data }) => ({ id: nodeId, type, position, data })),
        edges: edges.map(({ id: edgeId, source, target, data }) => ({ id: edgeId, source, target, data })),
      });
      await saveTopology({ id, content });
      toast.success(t(L('saved')));
      await client.invalidateQueries({ queryKey: topologyKeys.all });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="topology-editor">
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {topology.name}
        </Typography.Title>
        {editable && (
          <Segmented
            value={mode}
            onChange={(value) => setMode(value as 'view' | 'edit')}
            options={[
              { value: 'view', label: t(L('view')), icon: <EyeOutlined /> },
              { value: 'edit', label: t(L('edit')), icon: <EditOutlined /> },
            ]}
          />
        )}
        {editing && (
          <>
            <Button icon={<PlusOutlined />} onClick={addNode}>
              {t(L('addNode'))}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save}>
              {t(L('save'))}
            </Button>
            <Typography.Text type="secondary">{t(L('editHint'))}</Typography.Text>
          </>
        )}
      </Space>
      <div style={{ display: 'flex', gap: 12 }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <TopologyCanvas
            nodes={nodes}
            edges={edges}
            protocols={protocols.data}
            editable={editing}
            onNodesChange={setNodes}
            onEdgesChange={setEdges}
            onSelect={(n, e) => setSelected({ node: n, edge: e })}
            height="calc(100vh - 260px)"
          />
        </div>
        {editing && (node || edge) && (
          <Form layout="vertical" style={{ width: 260, flex: 'none' }} data-testid="topology-inspector">
            {node && (
              <>
                <Form.Item label={t(L('nodeLabel'))}>
                  <Input
                    value={node.data.label}
                    maxLength={64}
                    onChange={(e) => patchNode({ label: e.target.value })}
                  />
                </Form.Item>
                <Form.Item label={t(L('device'))}>
                  <Select
                    showSearch
                    allowClear
                    optionFilterProp="label"
                    value={node.data.deviceId ?? undefined}
                    options={(devices.data ?? []).map((d: { id: string; name: string }) => ({
                      value: d.id,
                      label: d.name,
                    }))}
                    onChange={(deviceId?: string) => {
                      const device = devices.data?.find((d: { id: string }) => d.id === deviceId);
                      patchNode({
                        deviceId: deviceId ?? null,
                        pointId: null,
                        ...(device ? { label: device.name } : {}),
                      });
                    }}
                    data-testid="topology-device"
                  />
                </Form.Item>
                <Form.Item label={t(L('point'))}>
                  <Select
                    showSearch
                    allowClear
                    optionFilterProp="label"
                    disabled={!node.data.deviceId}
                    value={node.data.pointId ?? undefined}
                    options={(points.data ?? []).map((p) => ({
                      value: p.id,
                      label: `${p.name} (${p.code})`,
                    }))}
                    onChange={(pointId?: string) => patchNode({ pointId: pointId ?? null })}
                    data-testid="topology-point"
                  />
                </Form.Item>
              </>
            )}
            {edge && !node && (
              <Form.Item label={t(L('protocol'))}>
                <Select
                  allowClear
                  value={edge.data?.protocolId ?? undefined}
                  options={(protocols.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                  onChange={(protocolId?: string) => {
                    const p = protocols.data?.find((x) => x.id === protocolId);
                    setEdges((all) =>
                      all.map((e) =>
                        e.id === edge.id
                          ? { ...e, data: { ...e.data, protocolId: protocolId ?? null, label: p?.name } }
                          : e,
                      ),
                    );
                  }}
                />
              </Form.Item>
            )}
          </Form>
        )}
      </div>
    </div>
  );
}
