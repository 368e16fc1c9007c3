/**
 * ECharts for the warning analysis, tree-shaken (frontend.md §1): bars, lines and a pie. Only ever loaded with
 * `import('./echarts')` from AnalysisCharts, so it stays out of the entry and the route's first paint.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type { EChartsCoreOption } from 'echarts/core';
export { init };
