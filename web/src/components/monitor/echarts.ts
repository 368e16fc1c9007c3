/**
 * ECharts, tree-shaken (frontend.md §1: `echarts/core` with only what the charts use). Only ever loaded with
 * `import('./echarts')` from HistoryChart, so it stays out of the entry and out of the route's first paint.
 */
import { LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

export { init };
