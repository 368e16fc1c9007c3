/**
 * ECharts for the large screens, tree-shaken (frontend.md §1): lines, bars, gauges and pies. Only ever loaded
 * with `import('./echarts')` from ScreenChart, so it stays out of the entry and the screen's first paint.
 */
import { BarChart, GaugeChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([
  BarChart,
  GaugeChart,
  LineChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CanvasRenderer,
]);

export type { EChartsCoreOption } from 'echarts/core';
export { init };
