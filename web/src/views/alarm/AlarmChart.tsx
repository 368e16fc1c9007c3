import { useEffect } from 'react';
import { useEChart } from '#src/components/useEChart';
import type { EChartsCoreOption } from './echarts';

let echarts: Promise<typeof import('./echarts')> | undefined;
const loadECharts = () => {
  echarts ??= import('./echarts');
  return echarts;
};

/** One ECharts chart of `option` for the alarm screens; `onBar` hears a click on a bar (its category index). */
export function AlarmChart({
  option,
  height = 260,
  testId,
  onBar,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
  onBar?(index: number): void;
}) {
  const { box, chart, dark } = useEChart(loadECharts);

  useEffect(() => {
    const text = dark ? 'rgba(255,255,255,0.75)' : 'rgba(0,0,0,0.65)';
    chart?.setOption({ textStyle: { color: text }, ...option }, { notMerge: true });
  }, [chart, option, dark]);

  useEffect(() => {
    if (!chart || !onBar) return;
    const click = (event: { dataIndex?: number }) => event.dataIndex != null && onBar(event.dataIndex);
    chart.on('click', click);
    return () => void chart.off('click', click);
  }, [chart, onBar]);

  return <div ref={box} style={{ height, width: '100%' }} data-testid={testId} />;
}
