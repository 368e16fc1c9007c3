import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Input, Spin } from 'antd';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUS_TOPIC } from '#src/api/deviceAdmin';
import type { MonitorDevice } from '#src/api/monitorData';
import { useLive } from '#src/app/useLive';
import { devicesQuery } from '#src/components/monitor/hooks';
import { DeviceStatusBadge } from '#src/components/monitor/tags';

const L = (key: string) => `device.monitordata.${key}`;

/** How often the device list (with each device's status) is read again while the live channel is down. */
export const DEVICES_POLL_MS = 15_000;

/** The devices to pick from (name or code filter), each with its status: reloaded when the live channel says a
 * device's state changed, polled while it is down. */
export function useMonitorDevices() {
  const live = useLive(DEVICE_STATUS_TOPIC, { queryKey: devicesQuery.queryKey });
  return useQuery({
    ...devicesQuery,
    refetchInterval: live ? false : DEVICES_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export const DeviceList = memo(function DeviceList({
  devices,
  loading,
  value,
  onChange,
}: {
  devices: MonitorDevice[];
  loading: boolean;
  value?: string;
  onChange(deviceId: string): void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f
      ? devices.filter((d) => d.name.toLowerCase().includes(f) || d.code.toLowerCase().includes(f))
      : devices;
  }, [devices, filter]);
  return (
    <Card size="small" title={t(L('devices'))} className="pd-monitor-devices" data-monitor-devices="">
      <Input.Search
        allowClear
        placeholder={t(L('searchDevice'))}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {loading ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(L('noDevice'))} />
      ) : (
        <div className="pd-monitor-device-list" role="listbox" aria-label={t(L('devices'))}>
          {shown.map((d) => (
            <div
              key={d.id}
              role="option"
              aria-selected={d.id === value}
              tabIndex={0}
              className={d.id === value ? 'is-active' : undefined}
              onClick={() => onChange(d.id)}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onChange(d.id)}
              data-device-code={d.code}
            >
              <div className="pd-monitor-device-name">{d.name}</div>
              <div className="pd-monitor-device-meta">
                <span>{d.code}</span>
                <DeviceStatusBadge status={d.status} />
              </div>
            </div>
          ))}
        </div>
      )}
    </Card>
  );
});
