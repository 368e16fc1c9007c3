/**
 * ECharts for the OEE screen, tree-shaken (frontend.md §1): gauges, lines and bars. Only ever loaded with
 * `import('./echarts')` from OeeChart, so it stays out of the entry and the route's first paint.
 */
import { BarChart, GaugeChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([BarChart, GaugeChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type { EChartsCoreOption } from 'echarts/core';
export { init };
