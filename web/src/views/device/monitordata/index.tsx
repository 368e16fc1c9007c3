import { ExpandOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '#src/app/queryClient';
import { type ChartPoint, loadECharts } from '#src/components/monitor/HistoryChart';
import {
  defaultDevice,
  devicesQuery,
  historyQuery,
  isNumeric,
  limitsQuery,
  realtimeQuery,
  useNow,
  useRealtime,
  useStableBy,
} from '#src/components/monitor/hooks';
import { REALTIME_INTERVAL_MS } from '#src/components/monitor/monitor';
import { DeviceStatusBadge } from '#src/components/monitor/tags';
import { DeviceList, useMonitorDevices } from './DeviceList';
import { HistoryPanel } from './HistoryPanel';
import { RealtimeTable } from './RealtimeTable';
import '#src/components/monitor/monitor.css';

loadECharts();

const L = (key: string) => `device.monitordata.${key}`;

/** At most this many lines in one chart: more is unreadable. */
const MAX_CHARTED = 6;

/** Time-range choice the history opens with. */
const INITIAL_RANGE = { key: '1h' } as const;

// Failures are the page's own queries' to show.
const ignore = () => undefined;

/**
 * The route loader: the device list, then the opened device's values, ranges and first chart start as
 * soon as the route's chunk has loaded, while the shell renders (each is in the cache when the page asks).
 */
export function loader() {
  queryClient
    .ensureQueryData(devicesQuery)
    .then(async (devices) => {
      const device = defaultDevice(devices);
      if (!device) return;
      const query = { deviceIds: [device.id] };
      queryClient.prefetchQuery(limitsQuery(query)).catch(ignore);
      const points = await queryClient.ensureQueryData(realtimeQuery(query));
      const first = points.find(isNumeric);
      if (first) queryClient.prefetchQuery(historyQuery([first.pointId], INITIAL_RANGE)).catch(ignore);
    })
    .catch(ignore);
  return null;
}

/**
 * 监测数据 (/device/monitordata): pick a device, read its points' latest values (pushed by the live channel,
 * polled every few seconds while it is down; stale and out-of-range points marked) and chart the ticked points over a time range.
 */
export default function MonitorDataPage() {
  const { t } = useTranslation();
  const devices = useMonitorDevices();
  const [deviceId, setDeviceId] = useState<string>();
  const device = devices.data?.find((d) => d.id === deviceId);
  useEffect(() => {
    const first = defaultDevice(devices.data ?? []);
    if (!deviceId && first) setDeviceId(first.id);
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
                  <Typography.Text
                    type="secondary"
                    className="pd-monitor-live"
                    data-live={realtime.live ? 'on' : 'off'}
                  >
                    <span className="pd-monitor-pulse" />
                    {realtime.live
                      ? t(L('liveUpdates'))
                      : t(L('refreshEvery'), { s: REALTIME_INTERVAL_MS / 1000 })}
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
                <HistoryPanel key={device.id} points={chartPoints} initialRange={INITIAL_RANGE.key} />
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
