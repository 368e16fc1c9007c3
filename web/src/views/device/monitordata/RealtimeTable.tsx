import { LineChartOutlined } from '@ant-design/icons';
import { Button, Table, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RealtimePoint } from '#src/api/monitorData';
import { formatValue } from '#src/components/monitor/monitor';
import { Age, limitsText, PointStateTag, pointState } from '#src/components/monitor/tags';

const L = (key: string) => `device.monitordata.${key}`;

/** `/point-chart` for one point: the outlink page, in a new window (it has no tab). */
export function pointChartHref(pointId: string, range = '24h') {
  return `/point-chart?${new URLSearchParams({ pointId, range })}`;
}

/**
 * A device's latest values: value with unit, age, normal range and state (stale rows dimmed, out-of-range
 * values red). Ticking a row adds the point to the history chart; the chart icon opens its own page.
 */
export function RealtimeTable({
  points,
  now,
  loading,
  selected,
  onSelect,
  maxSelected,
}: {
  points: RealtimePoint[];
  now: number;
  loading: boolean;
  selected: string[];
  onSelect(ids: string[]): void;
  maxSelected: number;
}) {
  const { t } = useTranslation();
  return (
    <Table<RealtimePoint>
      size="small"
      rowKey="pointId"
      loading={loading}
      dataSource={points}
      pagination={false}
      scroll={{ y: 300 }}
      data-monitor-realtime=""
      locale={{ emptyText: t(L('noPoints')) }}
      rowClassName={(p) => `pd-monitor-row-${pointState(p, now)}`}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect((keys as string[]).slice(-maxSelected)),
        hideSelectAll: true,
        getCheckboxProps: (p) => ({ 'aria-label': p.name }),
      }}
      columns={[
        { key: 'code', title: t(L('code')), dataIndex: 'code', width: 150, ellipsis: true },
        { key: 'name', title: t(L('name')), dataIndex: 'name', ellipsis: true },
        {
          key: 'value',
          title: t(L('value')),
          width: 150,
          align: 'right',
          render: (_, p) => (
            <span className="pd-monitor-value" data-point-value={p.code}>
              {formatValue(p.value)}
              {p.unit ? <small> {p.unit}</small> : null}
            </span>
          ),
        },
        { key: 'limits', title: t(L('limits')), width: 130, render: (_, p) => limitsText(p) },
        { key: 'time', title: t(L('time')), width: 120, render: (_, p) => <Age ts={p.ts} now={now} /> },
        {
          key: 'state',
          title: t(L('state')),
          width: 110,
          render: (_, p) => <PointStateTag state={pointState(p, now)} />,
        },
        {
          key: 'chart',
          width: 56,
          align: 'center',
          render: (_, p) => (
            <Tooltip title={t(L('openChart'))}>
              <Button
                type="text"
                size="small"
                icon={<LineChartOutlined />}
                href={pointChartHref(p.pointId)}
                target="_blank"
                aria-label={`${t(L('openChart'))} ${p.name}`}
              />
            </Tooltip>
          ),
        },
      ]}
    />
  );
}
