import { ExpandOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RealtimePoint } from '#src/api/monitorData';
import { DeviceList, useMonitorDevices } from './DeviceList';
import { type ChartPoint, loadECharts } from './HistoryChart';
import { HistoryPanel } from './HistoryPanel';
import { useNow, useRealtime, useStableBy } from './hooks';
import { REALTIME_INTERVAL_MS } from './monitor';
import { RealtimeTable } from './RealtimeTable';
import { DeviceStatusBadge } from './tags';
import './monitor.css';

loadECharts();

const L = (key: string) => `device.monitordata.${key}`;

/** At most this many lines in one chart: more is unreadable. */
const MAX_CHARTED = 6;

const isNumeric = (p: RealtimePoint) =>
  typeof p.value === 'number' || (p.dataType != null && !['string', 'bool'].includes(p.dataType));

/**
 * 监测数据 (/device/monitordata): pick a device, read its points' latest values (polled every few seconds,
 * stale and out-of-range points marked) and chart the ticked points over a time range.
 */
export default function MonitorDataPage() {
  const { t } = useTranslation();
  const devices = useMonitorDevices();
  const [deviceId, setDeviceId] = useState<string>();
  const device = devices.data?.find((d) => d.id === deviceId);
  // Open on the first device that is sending data (else the first one).
  useEffect(() => {
    const list = devices.data ?? [];
    if (!deviceId && list.length) setDeviceId((list.find((d) => d.status === 'online') ?? list[0]).id);
  }, [deviceId, devices.data]);

  const realtime = useRealtime(deviceId ? { deviceIds: [deviceId] } : null);
  const points = realtime.data ?? [];
  const now = useNow();
  const [charted, setCharted] = useState<Record<string, string[]>>({});
  // Until the user ticks something, a device charts its first numeric point.
  const selected = deviceId
    ? (charted[deviceId] ??
      points
        .filter(isNumeric)
        .slice(0, 1)
        .map((p) => p.pointId))
    : [];
  const shown: ChartPoint[] = points.filter((p) => selected.includes(p.pointId));
  const chartPoints = useStableBy(
    shown,
    shown.map((p) => [p.pointId, p.name, p.unit, p.rangeMin, p.rangeMax].join('|')).join(';'),
  );

  return (
    <div className="pd-monitor" data-monitor-page="">
      <DeviceList
        devices={devices.data ?? []}
        loading={devices.isLoading}
        value={deviceId}
        onChange={setDeviceId}
      />
      <div className="pd-monitor-main">
        {!device ? (
          <Card>
            <Empty description={t(devices.data?.length === 0 ? L('noDevice') : L('pickDevice'))} />
          </Card>
        ) : (
          <>
            <Card
              size="small"
              title={
                <Space size="middle">
                  <span>{t(L('realtime'))}</span>
                  <Typography.Text strong>{device.name}</Typography.Text>
                  <Typography.Text type="secondary">{device.code}</Typography.Text>
                  <DeviceStatusBadge status={device.status} />
                </Space>
              }
              extra={
                <Space size="middle">
                  <Typography.Text type="secondary" className="pd-monitor-live">
                    <span className="pd-monitor-pulse" />
                    {t(L('refreshEvery'), { s: REALTIME_INTERVAL_MS / 1000 })}
                    {realtime.dataUpdatedAt > 0 &&
                      ` · ${t(L('updatedAt'), { time: dayjs(realtime.dataUpdatedAt).format('HH:mm:ss') })}`}
                  </Typography.Text>
                  <Button
                    size="small"
                    icon={<ExpandOutlined />}
                    href={`/monitoring?${new URLSearchParams({ deviceId: device.id })}`}
                    target="_blank"
                  >
                    {t(L('openMonitoring'))}
                  </Button>
                </Space>
              }
            >
              <RealtimeTable
                points={points}
                now={now}
                loading={realtime.isLoading}
                selected={selected}
                onSelect={(ids) => setCharted((c) => ({ ...c, [device.id]: ids }))}
                maxSelected={MAX_CHARTED}
              />
            </Card>
            <Card size="small" title={t(L('history'))}>
              {chartPoints.length ? (
                <HistoryPanel key={device.id} points={chartPoints} />
              ) : (
                <Empty description={t(L('pickPoints'))} />
              )}
            </Card>
          </>
        )}
      </div>
    </div>
  );
}
