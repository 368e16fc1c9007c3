import { memo, useEffect } from 'react';
import { useEChart } from '#src/components/useEChart';
import type { EChartsCoreOption } from './echarts';
import { loadECharts } from './loadECharts';

export const SCREEN_TEXT = 'rgba(207,227,255,0.85)';

/** One chart of a large screen (always dark); the library is a chunk of its own, fetched once. */
export const ScreenChart = memo(function ScreenChart({
  option,
  height,
  testId,
}: {
  option: EChartsCoreOption;
  height: number;
  testId?: string;
}) {
  const { box, chart } = useEChart(loadECharts);

  useEffect(() => {
    // No animation: a wall screen redraws every few seconds for hours, and tweens would keep the GPU busy.
    chart?.setOption(
      { animation: false, textStyle: { color: SCREEN_TEXT }, backgroundColor: 'transparent', ...option },
      { notMerge: true, lazyUpdate: true },
    );
  }, [chart, option]);

  return <div ref={box} style={{ height, width: '100%' }} data-testid={testId} />;
});
