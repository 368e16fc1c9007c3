import { Card, Empty, Result, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ChartPoint, loadECharts } from '#src/components/monitor/HistoryChart';
import { useNow, useRealtime, useStableBy } from '#src/components/monitor/hooks';
import { formatValue, RANGE_KEYS, type RangeKey } from '#src/components/monitor/monitor';
import { Age, limitsText, PointStateTag, pointState } from '#src/components/monitor/tags';
import { HistoryPanel } from '#src/views/device/monitordata/HistoryPanel';
import '#src/components/monitor/monitor.css';

loadECharts();

const L = (key: string) => `device.monitordata.${key}`;

/**
 * /point-chart (spec §2 outlink, no tab): one point's chart from query parameters — `pointId`, and `range`
 * (1h, 24h, 7d; default 24h) — with its live value above it.
 */
export default function PointChartPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const pointId = query.get('pointId') ?? '';
  const rangeParam = query.get('range') as RangeKey | null;
  const initialRange =
    rangeParam && RANGE_KEYS.includes(rangeParam) && rangeParam !== 'custom' ? rangeParam : '24h';
  const realtime = useRealtime(pointId ? { pointIds: [pointId] } : null);
  const point = realtime.data?.find((p) => p.pointId === pointId);
  const now = useNow();
  const charted: ChartPoint[] = point ? [point] : [];
  const chartPoints = useStableBy(
    charted,
    charted.map((p) => [p.pointId, p.name, p.unit, p.rangeMin, p.rangeMax].join('|')).join(';'),
  );

  if (!pointId) return <Result status="warning" title={t(L('missingPoint'))} />;

  return (
    <div className="pd-outlink" data-point-chart={pointId}>
      <div className="pd-outlink-head">
        <Space size="middle" align="baseline">
          <h1>{point ? point.name : t(L('pointChart'))}</h1>
          {point && (
            <Typography.Text type="secondary">
              {[point.deviceName, point.code].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
        </Space>
        {point && (
          <Space size="large" align="center">
            <Statistic
              title={t(L('now'))}
              value={formatValue(point.value)}
              suffix={point.unit ?? undefined}
              valueStyle={{ fontSize: 22 }}
            />
            <Statistic title={t(L('limits'))} value={limitsText(point)} valueStyle={{ fontSize: 16 }} />
            <Space direction="vertical" size={2}>
              <PointStateTag state={pointState(point, now)} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <Age ts={point.ts} now={now} />
              </Typography.Text>
            </Space>
          </Space>
        )}
      </div>
      <Card size="small">
        {point ? (
          <HistoryPanel points={chartPoints} initialRange={initialRange} height={480} />
        ) : (
          <Empty description={realtime.isLoading ? ' ' : t(L('pointNotFound'))} />
        )}
      </Card>
    </div>
  );
}
