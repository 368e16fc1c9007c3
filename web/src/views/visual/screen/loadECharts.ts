let echarts: Promise<typeof import('./echarts')> | undefined;

/** The large screens' chart library, a chunk of its own fetched once: the screens' routes ask for it with their
 * code (routes.ts), so the first chart draws as soon as the data is there. No dependencies: the boot entry
 * carries it. */
export const loadECharts = () => {
  echarts ??= import('./echarts');
  return echarts;
};
