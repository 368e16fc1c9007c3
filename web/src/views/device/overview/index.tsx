import { AlertOutlined, ApiOutlined, ClockCircleOutlined, DeploymentUnitOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonitorDevice, RealtimePoint } from '#src/api/monitorData';
import { useNow, useRealtime } from '#src/components/monitor/hooks';
import { formatValue } from '#src/components/monitor/monitor';
import { Age, DeviceStatusBadge, limitsText, PointStateTag, pointState } from '#src/components/monitor/tags';
import { useMonitorDevices } from '#src/views/device/monitordata/DeviceList';
import { pointChartHref } from '#src/views/device/monitordata/RealtimeTable';
import '#src/components/monitor/monitor.css';
import './overview.css';

const L = (key: string) => `device.overview.${key}`;
const M = (key: string) => `device.monitordata.${key}`;

const STATUSES = ['online', 'offline', 'fault'] as const;
const STATUS_COLOR = { online: '#52c41a', offline: '#bfbfbf', fault: '#ff4d4f' };

/** How many of the newest values the "freshest" table lists. */
const FRESHEST = 12;

type PlantPoint = RealtimePoint & { device: MonitorDevice };

function Counter({
  title,
  value,
  icon,
  color,
}: {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  color: string;
}) {
  return (
    <Card size="small" className="pd-overview-counter">
      <Space size="middle" align="center">
        <span className="pd-overview-icon" style={{ color, background: `${color}1a` }}>
          {icon}
        </span>
        <Statistic title={title} value={value as number} />
      </Space>
    </Card>
  );
}

/**
 * 数据总览 (/device/overview): devices by status, the freshest values of the whole plant and the points
 * outside their normal range, live (the realtime reads are polled like the monitor screen's).
 */
export default function OverviewPage() {
  const { t } = useTranslation();
  const now = useNow();
  const devices = useMonitorDevices();
  const list = devices.data ?? [];
  const realtime = useRealtime(list.length ? { deviceIds: list.map((d) => d.id) } : null);
  const rows: PlantPoint[] = useMemo(() => {
    const byId = new Map(list.map((d) => [d.id, d]));
    return (realtime.data ?? []).flatMap((p) => {
      const device = p.deviceId ? byId.get(p.deviceId) : undefined;
      return device ? [{ ...p, device }] : [];
    });
  }, [list, realtime.data]);
  const byStatus = useMemo(() => {
    const counts: Record<string, number> = { online: 0, offline: 0, fault: 0 };
    for (const d of list) if (d.status && d.status in counts) counts[d.status] += 1;
    return counts;
  }, [list]);
  const states = rows.map((r) => pointState(r, now));
  const out = rows.filter((_, i) => states[i] === 'high' || states[i] === 'low');
  const stale = states.filter((s) => s === 'stale' || s === 'never').length;
  const freshest = [...rows]
    .filter((r) => r.ts != null)
    .sort((a, b) => (b.ts ?? 0) - (a.ts ?? 0))
    .slice(0, FRESHEST);
  const loading = devices.isLoading || realtime.isLoading;

  const deviceCol = {
    key: 'device',
    title: t(L('device')),
    ellipsis: true,
    render: (_: unknown, r: PlantPoint) => r.device.name,
  };
  const pointCol = {
    key: 'point',
    title: t(L('point')),
    ellipsis: true,
    render: (_: unknown, r: PlantPoint) => (
      <a href={pointChartHref(r.pointId)} target="_blank" rel="noreferrer">
        {r.name}
      </a>
    ),
  };
  const valueCol = {
    key: 'value',
    title: t(M('value')),
    width: 130,
    align: 'right' as const,
    render: (_: unknown, r: PlantPoint) => (
      <span className="pd-monitor-value" data-point-value={`${r.device.code}.${r.code}`}>
        {formatValue(r.value)}
        {r.unit ? <small> {r.unit}</small> : null}
      </span>
    ),
  };
  const stateCol = {
    key: 'state',
    title: t(M('state')),
    width: 100,
    render: (_: unknown, r: PlantPoint) => <PointStateTag state={pointState(r, now)} />,
  };
  const ageCol = {
    key: 'time',
    title: t(M('time')),
    width: 110,
    render: (_: unknown, r: PlantPoint) => <Age ts={r.ts} now={now} />,
  };

  if (!devices.isLoading && list.length === 0) {
    return (
      <Card>
        <Empty description={t(L('noDevices'))} />
      </Card>
    );
  }

  return (
    <div className="pd-overview" data-overview="">
      <Row gutter={[12, 12]}>
        <Col xs={12} lg={6}>
          <Counter
            title={t(L('devices'))}
            value={list.length}
            icon={<DeploymentUnitOutlined />}
            color="#1677ff"
          />
        </Col>
        <Col xs={12} lg={6}>
          <Counter title={t(L('points'))} value={rows.length} icon={<ApiOutlined />} color="#13c2c2" />
        </Col>
        <Col xs={12} lg={6}>
          <Counter title={t(L('stalePoints'))} value={stale} icon={<ClockCircleOutlined />} color="#faad14" />
        </Col>
        <Col xs={12} lg={6}>
          <Counter title={t(L('outPoints'))} value={out.length} icon={<AlertOutlined />} color="#ff4d4f" />
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={t(L('byStatus'))} className="pd-overview-status" data-overview-status="">
            <div className="pd-overview-bar">
              {STATUSES.map((s) =>
                byStatus[s] ? (
                  <span
                    key={s}
                    style={{ flex: byStatus[s], background: STATUS_COLOR[s] }}
                    title={`${t(M(`status.${s}`))} ${byStatus[s]}`}
                  />
                ) : null,
              )}
            </div>
            <Row gutter={8} style={{ marginBottom: 12 }}>
              {STATUSES.map((s) => (
                <Col span={8} key={s}>
                  <Statistic
                    title={<DeviceStatusBadge status={s} />}
                    value={byStatus[s]}
                    suffix={
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        / {list.length}
                      </Typography.Text>
                    }
                  />
                </Col>
              ))}
            </Row>
            <Table<MonitorDevice>
              size="small"
              rowKey="id"
              pagination={false}
              scroll={{ y: 260 }}
              dataSource={list}
              columns={[
                { key: 'name', title: t(L('device')), dataIndex: 'name', ellipsis: true },
                {
                  key: 'status',
                  title: t(M('state')),
                  width: 90,
                  render: (_, d) => <DeviceStatusBadge status={d.status} />,
                },
                {
                  key: 'health',
                  title: t(L('lastSeen')),
                  width: 110,
                  render: (_, d) => <Age ts={d.lastTs ?? null} now={now} />,
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card
            size="small"
            title={t(L('outOfRange'))}
            extra={out.length > 0 && <Tag color="error">{out.length}</Tag>}
            data-overview-out=""
            style={{ marginBottom: 12 }}
          >
            <Table<PlantPoint>
              size="small"
              rowKey="pointId"
              pagination={false}
              loading={loading}
              scroll={{ y: 200 }}
              dataSource={out}
              locale={{ emptyText: t(L('noneOut')) }}
              columns={[
                deviceCol,
                pointCol,
                valueCol,
                { key: 'limits', title: t(M('limits')), width: 130, render: (_, r) => limitsText(r) },
                stateCol,
                ageCol,
              ]}
            />
          </Card>
          <Card size="small" title={t(L('freshest'))} data-overview-fresh="">
            <Table<PlantPoint>
              size="small"
              rowKey="pointId"
              pagination={false}
              loading={loading}
              dataSource={freshest}
              columns={[deviceCol, pointCol, valueCol, stateCol, ageCol]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
