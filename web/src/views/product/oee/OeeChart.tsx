import { useEffect } from 'react';
import { useEChart } from '#src/components/useEChart';
import type { EChartsCoreOption } from './echarts';

let echarts: Promise<typeof import('./echarts')> | undefined;
const loadECharts = () => {
  echarts ??= import('./echarts');
  return echarts;
};

/** One chart of the OEE screen; the library is a chunk of its own, fetched once. */
export function OeeChart({
  option,
  height = 260,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
}) {
  const { box, chart, dark } = useEChart(loadECharts);

  useEffect(() => {
    const text = dark ? 'rgba(255,255,255,0.75)' : 'rgba(0,0,0,0.65)';
    chart?.setOption({ textStyle: { color: text }, ...option }, { notMerge: true });
  }, [chart, option, dark]);

  return <div ref={box} style={{ height, width: '100%' }} data-testid={testId} />;
}
