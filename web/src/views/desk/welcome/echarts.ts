/**
 * ECharts for the home page's key points, tree-shaken (frontend.md §1): lines only. Loaded with
 * `import('./echarts')` from TrendChart, so the home page paints its numbers before the library arrives.
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

export { init };
