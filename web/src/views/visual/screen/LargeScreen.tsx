import { Component, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HookChart, ScreenData, ScreenName } from '#src/api/visual';
import { Frame } from './Frame';
import { hookCharts, type PanelSpec } from './layouts';
import {
  AlarmLevels,
  AlarmList,
  Batches,
  Devices,
  Flows,
  Kpis,
  LineStates,
  OeeGauges,
  OeeTrend,
  Panel,
  SiteMap,
  Trends,
} from './panels';
import { useScreen } from './useScreen';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const list =
  (field: 'kpis' | 'alarmLevels' | 'alarms' | 'lines' | 'devices' | 'trends' | 'batches' | 'flows') =>
  (d: ScreenData, v: unknown) =>
    Array.isArray(v) ? { ...d, [field]: v } : null;
const NO_OEE = { trend: [], losses: [] } as unknown as NonNullable<ScreenData['oee']>;

/** How a hook's data replaces a chart's (the same shape as the screen answer's field); null: not that shape. */
const FEEDS: Record<HookChart, (d: ScreenData, v: unknown) => ScreenData | null> = {
  kpis: list('kpis'),
  alarmLevels: list('alarmLevels'),
  alarms: list('alarms'),
  lines: list('lines'),
  devices: list('devices'),
  trends: list('trends'),
  batches: list('batches'),
  flows: list('flows'),
  oee: (d, v) => (isObject(v) ? { ...d, oee: { ...(d.oee ?? NO_OEE), ...v } } : null),
  oeeTrend: (d, v) =>
    Array.isArray(v)
      ? { ...d, oee: { ...(d.oee ?? NO_OEE), trend: v as NonNullable<ScreenData['oee']>['trend'] } }
      : null,
};

/** The screen's data with each answering hook's data in its chart; a failed hook (data null, its error logged
 * by the server) or data of another shape leaves the chart on the screen's own data. */
export function withHooks(data: ScreenData): ScreenData {
  let out = data;
  for (const hook of data.hooks ?? []) {
    const feed = FEEDS[hook.chart as HookChart];
    if (!feed || hook.data == null) continue;
    const next = feed(out, hook.data);
    if (next) out = next;
    else console.warn(`large-screen hook ${hook.apiId}: its data is not the shape of chart ${hook.chart}`);
  }
  return out;
}

/** A panel whose hooked data fails to draw falls back to the screen's own data, never to a broken screen. */
class Fallback extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn('large-screen panel fell back to the screen data:', error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Chart({ spec, data }: { spec: PanelSpec; data: ScreenData }) {
  switch (spec.chart) {
    case 'kpis':
      return <Kpis kpis={data.kpis} only={spec.only} />;
    case 'alarmLevels':
      return <AlarmLevels levels={data.alarmLevels} height={spec.height} />;
    case 'lines':
      return <LineStates lines={data.lines} height={spec.height} />;
    case 'trends':
      return <Trends trends={data.trends} height={spec.height} />;
    case 'oeeTrend':
      return <OeeTrend oee={data.oee} height={spec.height} />;
    case 'oee':
      return <OeeGauges oee={data.oee} height={spec.height} grid={spec.grid} />;
    case 'alarms':
      return <AlarmList alarms={data.alarms} rows={spec.rows} />;
    case 'batches':
      return <Batches batches={data.batches} rows={spec.rows} />;
    case 'devices':
      return <Devices devices={data.devices} />;
    case 'flows':
      return <Flows flows={data.flows} tagsPerStep={spec.tagsPerStep} />;
    case 'map':
      return spec.width ? (
        <div style={{ width: spec.width, margin: '0 auto' }}>
          <SiteMap map={data.map} labels={spec.labels} />
        </div>
      ) : (
        <SiteMap map={data.map} labels={spec.labels} />
      );
  }
}

/**
 * A large screen from its layout: the frame, the grid's `columns` and, per column, its panels top to bottom.
 * One request feeds it (useScreen), with the API hooks bound to its charts; each panel draws the hooked data and
 * falls back to the screen's own.
 */
export function LargeScreen({
  name,
  title,
  columns,
  panels,
}: {
  name: ScreenName;
  title: string;
  columns: string;
  panels: PanelSpec[][];
}) {
  const { t } = useTranslation();
  const charts = useMemo(() => hookCharts(panels), [panels]);
  const { data, live } = useScreen(name, charts);
  const shown = useMemo(() => (data ? withHooks(data) : undefined), [data]);
  return (
    <Frame title={title} live={live} columns={columns} screen={name} ready={!!data}>
      {data &&
        shown &&
        panels.map((column, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a layout's columns never move
          <div className="vs-col" key={i}>
            {column.map((spec) => (
              <Panel
                key={spec.chart}
                title={
                  spec.chart === 'map'
                    ? (data.map?.mapName ?? t('visual.panel.siteMap'))
                    : t(`visual.panel.${spec.chart}`)
                }
                testId={spec.chart === 'map' ? 'site-map' : spec.chart}
                style={spec.flex ? { flex: 1 } : spec.chart === 'map' ? { flex: '0 0 auto' } : undefined}
              >
                <Fallback fallback={<Chart spec={spec} data={data} />}>
                  <Chart spec={spec} data={shown} />
                </Fallback>
              </Panel>
            ))}
          </div>
        ))}
    </Frame>
  );
}
