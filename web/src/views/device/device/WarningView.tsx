import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmPointsQuery, type Device, type RunState, warningDevicesQuery } from '#src/api/deviceAdmin';
import {
  isRunState,
  RUN_STATES,
  type RunState as RunStateName,
  StatusBadge,
  useRunStates,
} from './StatusBadge';

const L = (key: string) => `device.device.${key}`;

/** A device with the monitor's reading of it. */
export type WatchedDevice = Pick<Device, 'id' | 'code' | 'name' | 'modelName'> &
  Partial<Pick<RunState, 'status' | 'lastTs'>>;

/** The devices with their run states (a device the monitor does not report has none). */
export function withStates(
  devices: Pick<Device, 'id' | 'code' | 'name' | 'modelName'>[],
  states: Record<string, RunState>,
): WatchedDevice[] {
  return devices.map((device) => ({
    ...device,
    status: states[device.id]?.status,
    lastTs: states[device.id]?.lastTs,
  }));
}

/** Run-state counts (states the console does not know are left out). */
export function countStates(devices: Pick<WatchedDevice, 'status'>[]): Record<RunStateName, number> {
  const counts = { online: 0, offline: 0, fault: 0 };
  for (const { status } of devices) if (isRunState(status)) counts[status] += 1;
  return counts;
}

/** Devices that need a look: faults first, then offline ones, each by code. */
export function needingAttention<T extends Pick<WatchedDevice, 'status' | 'code'>>(devices: T[]): T[] {
  const rank = (d: T) => (d.status === 'fault' ? 0 : d.status === 'offline' ? 1 : 2);
  return devices.filter((d) => rank(d) < 2).sort((a, b) => rank(a) - rank(b) || a.code.localeCompare(b.code));
}

/** 设备预警: the run-state counts, the devices offline or at fault, and the points whose alarm is on. */
export default function WarningView() {
  const { t } = useTranslation();
  const devices = useQuery(warningDevicesQuery);
  const states = useRunStates();
  const points = useQuery(alarmPointsQuery);
  const watched = useMemo(
    () => withStates(devices.data ?? [], states.data ?? {}),
    [devices.data, states.data],
  );
  const counts = useMemo(() => countStates(watched), [watched]);
  const attention = useMemo(() => needingAttention(watched), [watched]);
  return (
    <Row gutter={[12, 12]}>
      <Col span={24}>
        <Alert type="info" showIcon title={t(L('warningHint'))} />
      </Col>
      {(Object.keys(RUN_STATES) as RunStateName[]).map((state) => (
        <Col xs={24} md={8} key={state}>
          <Card size="small">
            <Statistic
              title={<StatusBadge value={state} />}
              value={counts[state]}
              loading={devices.isLoading}
            />
          </Card>
        </Col>
      ))}
      <Col xs={24} xl={12}>
        <Card size="small" title={t(L('tabWarning'))}>
          <Table<WatchedDevice>
            size="small"
            rowKey="id"
            loading={devices.isLoading}
            dataSource={attention}
            locale={{ emptyText: t(L('noWarning')) }}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { key: 'name', dataIndex: 'name', title: t(L('name')) },
              { key: 'code', dataIndex: 'code', title: t(L('code')) },
              { key: 'modelName', dataIndex: 'modelName', title: t(L('modelName')) },
              {
                key: 'status',
                title: t(L('runStatus')),
                render: (_, row) => <StatusBadge value={row.status} />,
              },
              {
                key: 'lastTs',
                title: t(L('lastTime')),
                render: (_, row) => (row.lastTs ? dayjs(row.lastTs).format('YYYY-MM-DD HH:mm:ss') : '-'),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t(L('alarmPoints'))}>
          <Table
            size="small"
            rowKey="id"
            loading={points.isLoading}
            dataSource={points.data ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { key: 'deviceName', dataIndex: 'deviceName', title: t(L('name')) },
              { key: 'name', dataIndex: 'name', title: t('device.datapoint.name') },
              { key: 'code', dataIndex: 'code', title: t('device.datapoint.code') },
              { key: 'unit', dataIndex: 'unit', title: t('device.datapoint.unit') },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
