import { Card, Empty, Select, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MonitorDevice, RealtimePoint } from '#src/api/monitorData';
import { useNow, useRealtime } from '#src/components/monitor/hooks';
import { formatValue } from '#src/components/monitor/monitor';
import { Age, DeviceStatusBadge, pointState } from '#src/components/monitor/tags';
import { useMonitorDevices } from '#src/views/device/monitordata/DeviceList';
import { pointChartHref } from '#src/views/device/monitordata/RealtimeTable';
import '#src/components/monitor/monitor.css';

const L = (key: string) => `device.monitordata.${key}`;

/** One device's card on the wall: every point's live value, stale ones dimmed, out-of-range ones red. */
function DeviceCard({
  device,
  points,
  loading,
  now,
}: {
  device: MonitorDevice;
  points: RealtimePoint[];
  loading: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={device.name}
      extra={<DeviceStatusBadge status={device.status} />}
      data-wall-device={device.code}
    >
      {loading ? (
        <Spin />
      ) : points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(L('noPoints'))} />
      ) : (
        points.map((p) => {
          const state = pointState(p, now);
          return (
            <div key={p.pointId} className={`pd-wall-point is-${state}`} data-state={state}>
              <a className="pd-wall-point-name" href={pointChartHref(p.pointId)} title={p.code}>
                {p.name}
              </a>
              <span>
                <span className="pd-monitor-value" data-point-value={p.code}>
                  {formatValue(p.value)}
                  {p.unit ? <small> {p.unit}</small> : null}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 8 }}>
                  <Age ts={p.ts} now={now} />
                </Typography.Text>
              </span>
            </div>
          );
        })
      )}
    </Card>
  );
}

/**
 * /monitoring (spec §2 outlink, no tab): a full-page wall of live values, every device or the one named by
 * query `deviceId`, for a control-room screen.
 */
export default function MonitoringPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useSearchParams();
  const deviceId = query.get('deviceId');
  const devices = useMonitorDevices();
  const now = useNow();
  const list = devices.data ?? [];
  const shown = deviceId ? list.filter((d) => d.id === deviceId) : list;
  // One read for the whole wall, not one per card.
  const realtime = useRealtime(shown.length ? { deviceIds: shown.map((d) => d.id) } : null);
  const byDevice = new Map<string, RealtimePoint[]>();
  for (const p of realtime.data ?? [])
    byDevice.set(p.deviceId ?? '', [...(byDevice.get(p.deviceId ?? '') ?? []), p]);
  return (
    <div className="pd-outlink" data-monitoring="">
      <div className="pd-outlink-head">
        <Space size="middle" align="center">
          <h1>{t(L('monitoring'))}</h1>
          <Typography.Text type="secondary">{dayjs(now).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
        </Space>
        {list.length > 1 && (
          <Select
            value={deviceId ?? ''}
            style={{ minWidth: 220 }}
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              { value: '', label: t(L('allDevices')) },
              ...list.map((d) => ({ value: d.id, label: d.name })),
            ]}
            onChange={(id: string) => setQuery(id ? { deviceId: id } : {})}
          />
        )}
      </div>
      {devices.isLoading ? (
        <Spin />
      ) : shown.length === 0 ? (
        <Empty description={t(L('noDevice'))} />
      ) : (
        <div className="pd-wall">
          {shown.map((d) => (
            <DeviceCard
              key={d.id}
              device={d}
              points={byDevice.get(d.id) ?? []}
              loading={realtime.isLoading}
              now={now}
            />
          ))}
        </div>
      )}
    </div>
  );
}
