import { useEffect, useRef, useState } from 'react';
import { useSettings } from '#src/app/stores/settings';
import { THEMES } from '#src/themes';
import type { EChartsCoreOption, EChartsType } from './echarts';

let echarts: Promise<typeof import('./echarts')> | undefined;
const loadECharts = () => {
  echarts ??= import('./echarts');
  return echarts;
};

/** One ECharts chart of `option`, resized with its box; the library is a chunk of its own, fetched once. */
export function Chart({
  option,
  height = 280,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const dark = Boolean(THEMES[useSettings((s) => s.theme)]?.dark);

  useEffect(() => {
    let live = true;
    let instance: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    loadECharts().then(({ init }) => {
      if (!live || !box.current) return;
      instance = init(box.current, undefined, { renderer: 'canvas' });
      observer = new ResizeObserver(() => instance?.resize());
      observer.observe(box.current);
      setChart(instance);
    });
    return () => {
      live = false;
      observer?.disconnect();
      instance?.dispose();
    };
  }, []);

  useEffect(() => {
    const text = dark ? 'rgba(255,255,255,0.75)' : 'rgba(0,0,0,0.65)';
    chart?.setOption({ textStyle: { color: text }, ...option }, { notMerge: true });
  }, [chart, option, dark]);

  return <div ref={box} style={{ height, width: '100%' }} data-testid={testId} />;
}
