import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmPointsQuery, type Device, warningDevicesQuery } from '#src/api/deviceAdmin';
import { RUN_STATES, type RunState, StatusBadge } from './StatusBadge';

const L = (key: string) => `device.device.${key}`;

/** Run-state counts of `devices` (states the console does not know are left out). */
export function countStates(devices: Pick<Device, 'runStatus'>[]): Record<RunState, number> {
  const counts = { online: 0, offline: 0, fault: 0 };
  for (const device of devices) {
    const state = device.runStatus;
    if (state && Object.hasOwn(counts, state)) counts[state as RunState] += 1;
  }
  return counts;
}

/** Devices that need a look: faults first, then offline ones, each by code. */
export function needingAttention<T extends Pick<Device, 'runStatus' | 'code'>>(devices: T[]): T[] {
  const rank = (d: T) => (d.runStatus === 'fault' ? 0 : d.runStatus === 'offline' ? 1 : 2);
  return devices.filter((d) => rank(d) < 2).sort((a, b) => rank(a) - rank(b) || a.code.localeCompare(b.code));
}

/** 设备预警: the run-state counts, the devices offline or at fault, and the points whose alarm is on. */
export default function WarningView() {
  const { t } = useTranslation();
  const devices = useQuery(warningDevicesQuery);
  const points = useQuery(alarmPointsQuery);
  const counts = useMemo(() => countStates(devices.data ?? []), [devices.data]);
  const attention = useMemo(() => needingAttention(devices.data ?? []), [devices.data]);
  return (
    <Row gutter={[12, 12]}>
      <Col span={24}>
        <Alert type="info" showIcon title={t(L('warningHint'))} />
      </Col>
      {(Object.keys(RUN_STATES) as RunState[]).map((state) => (
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
          <Table<Device>
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
                key: 'runStatus',
                title: t(L('runStatus')),
                render: (_, row) => <StatusBadge value={row.runStatus} />,
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
