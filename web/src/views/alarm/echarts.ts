/**
 * ECharts for the alarm screens, tree-shaken (frontend.md §1): the overview's raised/cleared bars and the detail's
 * point line with its limits and the alarm's span. Only ever loaded with `import('./echarts')` from AlarmChart.
 */
import { BarChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([
  BarChart,
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkLineComponent,
  MarkAreaComponent,
  CanvasRenderer,
]);

export type { EChartsCoreOption, EChartsType } from 'echarts/core';
export { init };
