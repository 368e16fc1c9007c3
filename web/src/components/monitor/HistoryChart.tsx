import { Empty, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AggregateData } from '#src/api/monitorData';
import { useEChart } from '#src/components/useEChart';
import { axisFormat, axisWithLimits, type Bucket, formatValue, type TimeRange, withGaps } from './monitor';

/** A charted point: its id, label and unit, and its normal range (drawn as limits when one point is shown). */
export interface ChartPoint {
  pointId: string;
  name: string;
  unit?: string | null;
  rangeMin?: number | null;
  rangeMax?: number | null;
}

/** ECharts 5's palette (frontend.md risk 7: Saber's look). */
const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4'];

const L = (key: string) => `device.monitordata.${key}`;

const NO_SERIES: AggregateData['series'] = [];

let echarts: Promise<typeof import('./echarts')> | undefined;

/**
 * The ECharts chunk, fetched once. A page with a chart calls this as its module loads, so the library
 * downloads beside the page's first requests rather than after them.
 */
export const loadECharts = () => {
  echarts ??= import('./echarts');
  return echarts;
};

/**
 * The history chart: one average line per point with zoom (wheel / drag and the slider below); with a single
 * point also its min and max per bucket and its normal-range limits. ECharts is a chunk of its own
 * (`loadECharts`), so neither the entry nor the route's first paint waits for it.
 */
export function HistoryChart({
  points,
  data,
  range,
  loading,
  height = 360,
}: {
  points: ChartPoint[];
  data?: AggregateData;
  range?: TimeRange;
  loading?: boolean;
  height?: number;
}) {
  const { t } = useTranslation();
  const { box, chart, dark } = useEChart(loadECharts);

  const series = data?.series ?? NO_SERIES;
  const samples = series.reduce((n, s) => n + s.buckets.length, 0);

  useEffect(() => {
    if (!chart || !range) return;
    const byId = new Map(points.map((p) => [p.pointId, p]));
    const single = series.length === 1;
    const text = dark ? 'rgba(255,255,255,0.75)' : 'rgba(0,0,0,0.65)';
    const line = dark ? 'rgba(255,255,255,0.15)' : 'rgba(0,0,0,0.1)';
    const label = (pointId: string) => {
      const point = byId.get(pointId);
      return point ? `${point.name}${point.unit ? ` (${point.unit})` : ''}` : pointId;
    };
    const interval = data?.interval ?? 0;
    const only = single ? byId.get(series[0].pointId) : undefined;
    const limits = [only?.rangeMin, only?.rangeMax].filter((v): v is number => v != null);
    // One point: a limit near the data stays in view, so a value close to it reads as such (the other
    // end is left to ECharts, which rounds it).
    const yBounds = () => {
      if (!single || !limits.length) return {};
      const buckets = series[0].buckets;
      const extent = {
        min: Math.min(...buckets.map((b) => b.min ?? Number.POSITIVE_INFINITY)),
        max: Math.max(...buckets.map((b) => b.max ?? Number.NEGATIVE_INFINITY)),
      };
      const widened = axisWithLimits(extent, limits);
      return {
        ...(widened.min !== extent.min && { min: widened.min }),
        ...(widened.max !== extent.max && { max: widened.max }),
      };
    };
    const lines = series.flatMap((s, i) => {
      const color = PALETTE[i % PALETTE.length];
      const point = byId.get(s.pointId);
      const pick = (key: keyof Bucket) => withGaps(s.buckets, interval, (b) => b[key] as number | null);
      const avg = {
        type: 'line' as const,
        name: `${label(s.pointId)} ${t(L('avg'))}`,
        data: pick('avg'),
        showSymbol: s.buckets.length < 2,
        symbolSize: 4,
        lineStyle: { width: 1.6, color },
        itemStyle: { color },
        markLine:
          single && (point?.rangeMin != null || point?.rangeMax != null)
            ? {
                symbol: 'none',
                silent: true,
                lineStyle: { color: '#ff4d4f', type: 'dashed' as const, width: 1 },
                label: { color: '#ff4d4f', formatter: '{c}' },
                data: [point?.rangeMin, point?.rangeMax]
                  .filter((v): v is number => v != null)
                  .map((yAxis) => ({ yAxis })),
              }
            : undefined,
      };
      if (!single) return [avg];
      const bound = (key: 'min' | 'max') => ({
        type: 'line' as const,
        name: `${label(s.pointId)} ${t(L(key))}`,
        data: pick(key),
        showSymbol: false,
        lineStyle: { width: 1, type: 'dashed' as const, color, opacity: 0.55 },
        itemStyle: { color },
      });
      return [avg, bound('max'), bound('min')];
    });
    chart.setOption(
      {
        color: PALETTE,
        animation: false,
        textStyle: { color: text },
        grid: { left: 56, right: 32, top: 44, bottom: 72 },
        legend: { top: 4, type: 'scroll', textStyle: { color: text } },
        tooltip: {
          trigger: 'axis',
          valueFormatter: (value: unknown) => formatValue(value as number | null),
        },
        xAxis: {
          type: 'time',
          min: range.from,
          max: range.to,
          axisLabel: {
            color: text,
            hideOverlap: true,
            formatter: (v: number) => dayjs(v).format(axisFormat(range)),
          },
          axisLine: { lineStyle: { color: line } },
        },
        yAxis: {
          type: 'value',
          scale: true,
          ...yBounds(),
          axisLabel: { color: text, formatter: (v: number) => formatValue(v) },
          splitLine: { lineStyle: { color: line } },
        },
        dataZoom: [
          { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
          { type: 'slider', xAxisIndex: 0, filterMode: 'none', height: 24, bottom: 16 },
        ],
        series: lines,
      },
      // Series replaced, components merged: the zoom the user chose survives a reload of the data.
      { replaceMerge: ['series'] },
    );
  }, [chart, series, points, range, data?.interval, dark, t]);

  return (
    <div className="pd-monitor-chart" style={{ position: 'relative', height }} data-chart-samples={samples}>
      <div ref={box} style={{ position: 'absolute', inset: 0 }} />
      {(!chart || loading) && (
        <div className="pd-monitor-chart-mask">
          <Spin />
        </div>
      )}
      {chart && !loading && samples === 0 && (
        <div className="pd-monitor-chart-mask">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(L('noData'))} />
        </div>
      )}
    </div>
  );
}
