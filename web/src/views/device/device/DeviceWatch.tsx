import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Select, Space, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Device } from '#src/api/deviceAdmin';
import { parseDrawing, topologiesQuery } from '#src/api/topology';
import { camerasQuery, playCameras, videoKeys } from '#src/api/video';
import { Access } from '#src/components/Access';
import { CameraGrid, type TileCamera } from '#src/components/camera/CameraTile';
import { type DeviceNode, type LinkEdge, TopologyCanvas } from '#src/components/topology/TopologyCanvas';

/** A device's cameras playing, and the topologies that show it, read-only with live values (operators' view). */
export default function DeviceWatch({
  device,
  tab,
  onClose,
}: {
  device: Device;
  tab: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const cameras = useQuery(camerasQuery(device.id));
  const ids = (cameras.data ?? []).map((c) => c.id);
  const plays = useQuery({
    queryKey: videoKeys.of('play', 'hls', ids.join(',')),
    queryFn: async () =>
      (await playCameras('hls', ids)).map<TileCamera>((p) => ({
        id: p.id,
        name: p.name,
        type: p.type,
        url: p.url,
        snapshotUrl: p.snapshotUrl,
      })),
    enabled: ids.length > 0,
  });
  const topologies = useQuery(topologiesQuery({ deviceId: device.id }));
  const [shown, setShown] = useState<string>();
  useEffect(() => {
    if (!shown && topologies.data?.length) setShown(topologies.data[0].id);
  }, [shown, topologies.data]);
  const topology = topologies.data?.find((x) => x.id === shown);
  const doc = parseDrawing(topology?.content);

  return (
    <Drawer open size="min(1200px, 94vw)" title={device.name} onClose={onClose} destroyOnHidden>
      <Tabs
        defaultActiveKey={tab}
        destroyOnHidden
        items={[
          {
            key: 'cameras',
            label: t('video.camera.deviceCameras'),
            children: ids.length ? (
              <CameraGrid cameras={plays.data ?? []} layout={ids.length > 1 ? 4 : 1} />
            ) : (
              <Empty description={t('video.camera.none')} />
            ),
          },
          {
            key: 'topology',
            label: t('topology.deviceTopologies'),
            children: topologies.data?.length ? (
              <>
                <Space style={{ marginBottom: 8 }}>
                  <Select
                    style={{ width: 280 }}
                    value={shown}
                    options={topologies.data.map((x) => ({ value: x.id, label: x.name }))}
                    onChange={setShown}
                  />
                  <Access code="topology_management">
                    <Link to={`/topology/management?q.id=${shown}`}>{t('topology.openEditor')}</Link>
                  </Access>
                </Space>
                {topology && (
                  <TopologyCanvas
                    key={topology.id}
                    nodes={doc.nodes.map((n) => ({ ...n, type: 'device' }) as DeviceNode)}
                    edges={doc.edges as LinkEdge[]}
                    height="calc(100vh - 220px)"
                  />
                )}
              </>
            ) : (
              <Empty description={t('topology.noDeviceTopology')} />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
