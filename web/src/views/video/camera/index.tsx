import { PlayCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Modal, Pagination, Segmented, Select, Space, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceSelectQuery } from '#src/api/deviceAdmin';
import {
  BRAND_DICT,
  type CameraRead,
  cameraApi,
  camerasQuery,
  playCameras,
  STREAM_TYPES,
  type StreamType,
  videoKeys,
} from '#src/api/video';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { CameraGrid, LAYOUTS, type Layout, type TileCamera } from '#src/components/camera/CameraTile';

const L = (key: string) => `video.camera.${key}`;

/** The addresses a wall of `cameras` plays with `type` preferred (batch/play/{type}). */
function usePlays(cameras: CameraRead[], type: StreamType) {
  const ids = cameras.map((c) => c.id);
  return useQuery({
    queryKey: videoKeys.of('play', type, ids.join(',')),
    queryFn: async () => {
      const plays = await playCameras(type, ids);
      const byId = new Map(plays.map((p) => [p.id, p]));
      return cameras.map<TileCamera>((c) => {
        const p = byId.get(c.id);
        return {
          id: c.id,
          name: c.name,
          type: p?.type ?? c.streamType,
          url: p?.url ?? '',
          snapshotUrl: c.snapshotUrl,
        };
      });
    },
    enabled: ids.length > 0,
    staleTime: Infinity,
  });
}

/** The video wall: the tenant's cameras in a grid of 1, 4, 9 or 16 tiles, a page of them at a time. */
function VideoWall() {
  const { t } = useTranslation();
  const [layout, setLayout] = useState<Layout>(4);
  const [type, setType] = useState<StreamType>('hls');
  const [page, setPage] = useState(1);
  const cameras = useQuery(camerasQuery());
  const all = cameras.data ?? [];
  const shown = all.slice((page - 1) * layout, page * layout);
  const plays = usePlays(shown, type);
  return (
    <div data-testid="video-wall">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t(L('layout'))}</span>
        <Segmented
          value={layout}
          options={LAYOUTS.map((n) => ({ value: n, label: String(n) }))}
          onChange={(value) => {
            setLayout(value as Layout);
            setPage(1);
          }}
        />
        <span>{t(L('preferred'))}</span>
        <Select
          value={type}
          style={{ width: 120 }}
          options={STREAM_TYPES.map((value) => ({ value, label: t(L(`type_${value}`)) }))}
          onChange={setType}
        />
        <Button
          onClick={() =>
            void document.querySelector<HTMLElement>('[data-testid="camera-grid"]')?.requestFullscreen?.()
          }
        >
          {t(L('wallFullscreen'))}
        </Button>
        {all.length > layout && (
          <Pagination simple current={page} pageSize={layout} total={all.length} onChange={setPage} />
        )}
      </Space>
      {all.length === 0 && !cameras.isLoading ? (
        <Empty description={t(L('none'))} />
      ) : (
        <CameraGrid cameras={plays.data ?? []} layout={layout} />
      )}
    </div>
  );
}

/** 视频接口 (/video/camera): the video wall and the cameras (button codes camera_add / _edit / _delete / _view). */
export default function CameraPage() {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState<CameraRead | null>(null);
  const plays = usePlays(playing ? [playing] : [], playing?.streamType as StreamType);
  const option = useMemo<CrudOption<CameraRead>>(
    () => ({
      name: 'camera',
      permissions: { add: 'camera_add', edit: 'camera_edit', delete: 'camera_delete', view: 'camera_view' },
      invalidates: [],
      beforeOpen: (_mode, row) => row,
      dialogWidth: 860,
      columns: [
        { prop: 'name', label: L('name'), required: true, search: true, rules: [{ max: 128 }], width: 220 },
        { prop: 'code', label: L('code'), search: true, rules: [{ max: 64 }], width: 100 },
        { prop: 'brand', label: L('brand'), type: 'select', dictCode: BRAND_DICT, search: true, width: 100 },
        {
          prop: 'deviceId',
          label: L('device'),
          type: 'select',
          dicQuery: deviceSelectQuery,
          props: { label: 'name', value: 'id' },
          search: true,
          hide: true,
        },
        { prop: 'deviceName', label: L('device'), display: false, width: 180, overHidden: true },
        { prop: 'location', label: L('location'), rules: [{ max: 255 }], overHidden: true },
        {
          prop: 'streamType',
          label: L('streamType'),
          type: 'select',
          value: 'hls',
          dicData: STREAM_TYPES.map((value) => ({ value, label: L(`type_${value}`) })),
          width: 100,
        },
        {
          prop: 'hlsUrl',
          label: L('hlsUrl'),
          span: 24,
          hide: true,
          tip: L('urlTip'),
          rules: [{ max: 1000 }],
        },
        { prop: 'webrtcUrl', label: L('webrtcUrl'), span: 24, hide: true, rules: [{ max: 1000 }] },
        { prop: 'flvUrl', label: L('flvUrl'), span: 24, hide: true, rules: [{ max: 1000 }] },
        { prop: 'fileUrl', label: L('fileUrl'), span: 24, hide: true, rules: [{ max: 1000 }] },
        { prop: 'snapshotUrl', label: L('snapshotUrl'), span: 24, hide: true, rules: [{ max: 1000 }] },
        { prop: 'sort', label: L('sort'), type: 'number', value: 0, hide: true },
        {
          prop: 'remark',
          label: L('remark'),
          type: 'textarea',
          span: 24,
          overHidden: true,
          rules: [{ max: 500 }],
        },
      ],
      rowActions: [
        {
          key: 'play',
          code: 'camera_view',
          label: L('play'),
          icon: <PlayCircleOutlined />,
          onClick: (row) => setPlaying(row),
        },
      ],
    }),
    [],
  );
  return (
    <Card title={t(L('title'))} data-testid="camera-page">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'wall', label: t(L('wall')), children: <VideoWall /> },
          { key: 'list', label: t(L('list')), children: <CrudPage option={option} api={cameraApi} /> },
        ]}
      />
      <Modal
        open={!!playing}
        title={playing?.name}
        footer={null}
        width={820}
        destroyOnHidden
        onCancel={() => setPlaying(null)}
      >
        {plays.data && <CameraGrid cameras={plays.data} layout={1} />}
      </Modal>
    </Card>
  );
}
