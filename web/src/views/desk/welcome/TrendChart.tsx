import dayjs from 'dayjs';
import { useEffect } from 'react';
import type { HomeSummary } from '#src/api/home';
import { useEChart } from '#src/components/useEChart';

type Bucket = NonNullable<HomeSummary['trend']>['points'][number]['buckets'][number];

let echarts: Promise<typeof import('./echarts')> | undefined;
const loadECharts = () => {
  echarts ??= import('./echarts');
  return echarts;
};

/** A key point's last 24 hours: the average per half hour. */
export function TrendChart({ buckets, start, end }: { buckets: Bucket[]; start: number; end: number }) {
  const { box, chart, dark } = useEChart(loadECharts);

  useEffect(() => {
    if (!chart) return;
    const text = dark ? 'rgba(255,255,255,0.65)' : 'rgba(0,0,0,0.55)';
    chart.setOption(
      {
        textStyle: { color: text },
        grid: { left: 40, right: 8, top: 8, bottom: 20 },
        tooltip: {
          trigger: 'axis',
          valueFormatter: (v: number) => (v == null ? '—' : Number(v).toFixed(2)),
        },
        xAxis: {
          type: 'time',
          min: start,
          max: end,
          axisLabel: { formatter: (v: number) => dayjs(v).format('HH:mm'), hideOverlap: true },
        },
        yAxis: { type: 'value', scale: true, splitNumber: 3 },
        series: [
          {
            type: 'line',
            data: buckets.map((b) => [b.ts, b.avg]),
            symbol: 'none',
            smooth: true,
            areaStyle: { opacity: 0.12 },
          },
        ],
      },
      { notMerge: true },
    );
  }, [chart, buckets, start, end, dark]);

  return <div ref={box} className="pd-wel-trend" />;
}
