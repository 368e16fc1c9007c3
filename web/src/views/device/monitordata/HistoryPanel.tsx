import { ReloadOutlined } from '@ant-design/icons';
import { Button, Input, Segmented, Space, Table, Typography } from 'antd';
import { memo, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monitorExport } from '#src/api/monitorData';
import { lazyChunk } from '#src/app/registry';
import { ExportButton } from '#src/components/ExportButton';
import { type ChartPoint, HistoryChart } from '#src/components/monitor/HistoryChart';
import { type RangeChoice, useHistory } from '#src/components/monitor/hooks';
import { formatValue, RANGE_KEYS, type RangeKey, summarize } from '#src/components/monitor/monitor';
import { i18n } from '#src/i18n';

const CustomRange = lazyChunk(() => import('./CustomRange'));

const L = (key: string) => `device.monitordata.${key}`;

/** "10 s", "5 min", "1 h", "1 d" for a bucket width in ms. */
function widthText(ms: number) {
  const s = Math.round(ms / 1000);
  if (s % 86400 === 0) return `${s / 86400} d`;
  if (s % 3600 === 0) return `${s / 3600} h`;
  if (s % 60 === 0) return `${s / 60} min`;
  return `${s} s`;
}

/**
 * History of the given points: the range picker (last 1 h / 24 h / 7 d / custom), the chart, min / max / avg /
 * last / count of the range per point, and the export of the range. Memoised: the realtime page around it
 * re-renders every second (ages), the chart only when its points do.
 */
export const HistoryPanel = memo(function HistoryPanel({
  points,
  initialRange = '1h',
  extra,
  height,
}: {
  points: ChartPoint[];
  initialRange?: RangeKey;
  extra?: ReactNode;
  height?: number;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<RangeChoice>({ key: initialRange });
  const pointIds = useMemo(() => points.map((p) => p.pointId), [points]);
  const history = useHistory(pointIds, choice);
  const data = history.data?.data;
  const range = history.data?.range;
  const rows = useMemo(() => {
    const byId = new Map((data?.series ?? []).map((s) => [s.pointId, s.buckets]));
    return points.map((p) => ({ ...p, ...summarize(byId.get(p.pointId) ?? []) }));
  }, [points, data]);

  return (
    <div className="pd-monitor-history" data-monitor-history="">
      <div className="pd-monitor-toolbar">
        <Space wrap>
          <Segmented<RangeKey>
            value={choice.key}
            options={RANGE_KEYS.map((key) => ({ value: key, label: t(L(`range.${key}`)) }))}
            onChange={(key) => setChoice((c) => ({ key, custom: key === 'custom' ? c.custom : undefined }))}
          />
          {choice.key === 'custom' && (
            <Suspense fallback={<Input disabled style={{ width: 320 }} />}>
              <CustomRange
                value={choice.custom}
                onChange={(custom) => setChoice({ key: 'custom', custom })}
              />
            </Suspense>
          )}
          <Button
            icon={<ReloadOutlined />}
            onClick={() => history.refetch()}
            loading={history.isFetching}
            aria-label={t(L('refresh'))}
          />
          {data && data.interval > 0 && (
            <Typography.Text type="secondary">
              {t(L('bucket'), { size: widthText(data.interval) })} · {t(L(`source.${data.source}`))}
            </Typography.Text>
          )}
        </Space>
        <Space>
          {extra}
          {range && pointIds.length > 0 && (
            <ExportButton
              code="monitordata_export"
              filename={`${i18n.t(L('exportFile'))}.xlsx`}
              {...monitorExport({ pointIds, ...range })}
            />
          )}
        </Space>
      </div>
      <HistoryChart points={points} data={data} range={range} loading={history.isLoading} height={height} />
      <Table
        size="small"
        rowKey="pointId"
        pagination={false}
        dataSource={rows}
        data-monitor-stats=""
        columns={[
          { key: 'name', title: t(L('name')), render: (_, r) => r.name },
          { key: 'unit', title: t(L('unit')), width: 80, render: (_, r) => r.unit || '—' },
          ...(['min', 'max', 'avg', 'last'] as const).map((key) => ({
            key,
            title: t(L(key)),
            width: 110,
            align: 'right' as const,
            render: (_: unknown, r: (typeof rows)[number]) => formatValue(r[key]),
          })),
          { key: 'count', title: t(L('count')), width: 100, align: 'right', render: (_, r) => r.count },
        ]}
      />
    </div>
  );
});
