import type { EChartsType, init } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useSettings } from '#src/app/stores/settings';
import { THEMES } from '#src/themes/palette';

/**
 * An ECharts instance in `box`, made once `load` (the page's own tree-shaken ECharts chunk) is in, resized
 * with its box and disposed with the component; `dark` follows the console's theme. `chart` is null until
 * the chunk has arrived, so a page paints before the library does.
 */
export function useEChart(load: () => Promise<{ init: typeof init }>) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const dark = Boolean(THEMES[useSettings((s) => s.theme)]?.dark);

  useEffect(() => {
    let live = true;
    let instance: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    load().then(({ init }) => {
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
  }, [load]);

  return { box, chart, dark };
}
