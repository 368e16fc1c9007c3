import type { HookChart, ScreenName } from '#src/api/visual';

/**
 * The large screens' layouts, by their menu path. A module of the boot entry (no React, types only from the API):
 * the boot entry asks for a screen's data from them at the first byte (screenRequest), beside the console and the
 * screen's code, and the screens draw from the same layouts, so the two ask for the same charts.
 */

/** One panel of a large screen: which chart, and how it is drawn there. `flex` takes the column's free height. */
export type PanelSpec = { flex?: boolean } & (
  | { chart: 'kpis'; only: string[] }
  | { chart: 'alarmLevels' | 'lines' | 'trends' | 'oeeTrend'; height: number }
  | { chart: 'oee'; height: number; grid?: boolean }
  | { chart: 'alarms' | 'batches'; rows: number }
  | { chart: 'devices' }
  | { chart: 'flows'; tagsPerStep: number }
  | { chart: 'map'; labels?: boolean; width?: string }
);

/** A screen: its name (the API's and the title's), the grid's `columns` and, per column, its panels top to bottom. */
export interface ScreenLayout {
  name: ScreenName;
  columns: string;
  panels: PanelSpec[][];
}

export const LAYOUTS = {
  '/cockpit': {
    name: 'cockpit',
    columns: '470px 1fr 470px',
    panels: [
      [
        {
          chart: 'kpis',
          only: [
            'devices',
            'onlineRate',
            'faults',
            'activeAlarms',
            'todayAlarms',
            'oee',
            'batchesRunning',
            'produced',
          ],
        },
        { chart: 'alarmLevels', height: 230 },
        { chart: 'alarms', rows: 8, flex: true },
      ],
      [{ chart: 'map' }, { chart: 'trends', height: 250, flex: true }],
      [
        { chart: 'oee', height: 300, grid: true },
        { chart: 'lines', height: 170 },
        { chart: 'batches', rows: 6, flex: true },
      ],
    ],
  },
  '/part': {
    name: 'part',
    columns: '440px 1fr 480px',
    panels: [
      [
        { chart: 'lines', height: 250 },
        { chart: 'devices', flex: true },
      ],
      [
        { chart: 'kpis', only: ['devices', 'onlineRate', 'activeAlarms', 'oee'] },
        { chart: 'flows', tagsPerStep: 2 },
        { chart: 'map', labels: false, width: '72%', flex: true },
      ],
      [
        { chart: 'oee', height: 300, grid: true },
        { chart: 'oeeTrend', height: 170 },
        { chart: 'alarms', rows: 9, flex: true },
      ],
    ],
  },
  '/wisdomView': {
    name: 'wisdomView',
    columns: '420px 1fr 420px',
    panels: [
      [
        { chart: 'trends', height: 400, flex: true },
        { chart: 'oeeTrend', height: 300 },
      ],
      [
        { chart: 'kpis', only: ['devices', 'onlineRate', 'activeAlarms', 'oee'] },
        { chart: 'map', flex: true },
      ],
      [
        { chart: 'alarmLevels', height: 260 },
        { chart: 'alarms', rows: 12, flex: true },
      ],
    ],
  },
  '/index/batchMonitor': {
    name: 'batchMonitor',
    columns: '1fr 560px',
    panels: [
      [
        { chart: 'kpis', only: ['batchesRunning', 'produced', 'oee', 'activeAlarms'] },
        { chart: 'batches', rows: 12, flex: true },
        { chart: 'trends', height: 260 },
      ],
      [
        { chart: 'oee', height: 180 },
        { chart: 'oeeTrend', height: 260 },
        { chart: 'lines', height: 250, flex: true },
      ],
    ],
  },
  '/index/flowMonitor': {
    name: 'flowMonitor',
    columns: '1fr 480px',
    panels: [
      [
        { chart: 'kpis', only: ['devices', 'onlineRate', 'faults', 'activeAlarms'] },
        { chart: 'flows', tagsPerStep: 4, flex: true },
      ],
      [{ chart: 'devices' }, { chart: 'alarmLevels', height: 220 }, { chart: 'alarms', rows: 8, flex: true }],
    ],
  },
} satisfies Record<string, ScreenLayout>;

/** The charts of a layout an API hook can feed, in the order they appear (every chart but the map). */
export const hookCharts = (panels: PanelSpec[][]): HookChart[] =>
  [...new Set(panels.flat().map((p) => p.chart))].filter((c): c is HookChart => c !== 'map');

/** The map a screen shows: `?mapId=` of its address, else the server's choice. */
export const screenMapId = (search: string) => new URLSearchParams(search).get('mapId') ?? undefined;

/**
 * The address (under /api) of the screen's one request, as the console's HTTP layer spells it for fetchScreen
 * (repeated `charts`, no brackets), so that the boot entry's early answer is the one the screen takes; undefined
 * for a page that is not a large screen.
 */
export function screenRequest(path: string, search: string): string | undefined {
  const layout = (LAYOUTS as Record<string, ScreenLayout>)[path];
  if (!layout) return undefined;
  const mapId = screenMapId(search);
  const params = new URLSearchParams({ name: layout.name });
  for (const chart of hookCharts(layout.panels)) params.append('charts', chart);
  if (mapId) params.append('mapId', mapId);
  return `/blade-api/visual/screen?${params}`;
}
