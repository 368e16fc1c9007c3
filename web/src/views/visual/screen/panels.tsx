import { memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenData, TagRead } from '#src/api/visual';
import { useSettings } from '#src/app/stores/settings';
import { levelLabel, pointLabel } from '#src/views/alarm/labels';
import { MapView } from '../map/MapView';
import { ScreenChart } from './ScreenChart';

type Data = ScreenData;
const AXIS = {
  axisLine: { lineStyle: { color: 'rgba(143,184,234,0.4)' } },
  splitLine: { lineStyle: { color: 'rgba(143,184,234,0.12)' } },
};
const LEVEL_COLORS = ['#ff4d4f', '#ff7a45', '#ffb020', '#4aa3ff', '#8fb8ea'];
const pct = (v?: number | null) => (v == null ? '-' : `${(v * 100).toFixed(1)}%`);
const num = (v?: number | string | null) =>
  v == null ? '-' : typeof v === 'number' ? String(Number(v.toFixed(2))) : v;

export function Panel({
  title,
  children,
  style,
  testId,
}: {
  title: string;
  children: ReactNode;
  style?: React.CSSProperties;
  testId?: string;
}) {
  return (
    <section className="vs-panel" style={style} data-panel={testId}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** Plant KPIs: devices, online rate, faults, alarms, OEE, batches, output. */
export const Kpis = memo(function Kpis({ kpis: all, only }: { kpis: Data['kpis']; only?: string[] }) {
  const { t } = useTranslation();
  const kpis = all.filter((k) => !only || only.includes(k.key));
  return (
    <div className="vs-kpis" style={{ gridTemplateColumns: `repeat(${Math.min(4, kpis.length)}, 1fr)` }}>
      {kpis.map((k) => {
        const shown = k.unit === '%' ? pct(k.value) : num(k.value);
        const tone =
          (k.key === 'activeAlarms' || k.key === 'faults') && (k.value ?? 0) > 0
            ? ' bad'
            : k.key === 'onlineRate' && (k.value ?? 1) < 0.9
              ? ' warn'
              : '';
        return (
          <div className="vs-kpi" key={k.key} data-kpi={k.key}>
            <div className="vs-kpi-label">{t(`visual.kpi.${k.key}`)}</div>
            <div className={`vs-kpi-value${tone}`}>{shown}</div>
          </div>
        );
      })}
    </div>
  );
});

/** Active and today's alarms per level, in the level's colour. */
export const AlarmLevels = memo(function AlarmLevels({
  levels,
  height,
}: {
  levels: Data['alarmLevels'];
  height: number;
}) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const option = useMemo(() => {
    const color = (i: number) => levels[i].color || LEVEL_COLORS[Math.min(i, 4)];
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: '#cfe3ff' } },
      grid: { left: 40, right: 12, top: 34, bottom: 26 },
      xAxis: { type: 'category', data: levels.map((l) => levelLabel(l.name, language)), ...AXIS },
      yAxis: { type: 'value', minInterval: 1, ...AXIS },
      series: [
        {
          name: t('visual.alarm.active'),
          type: 'bar',
          barMaxWidth: 26,
          data: levels.map((l, i) => ({ value: l.active, itemStyle: { color: color(i) } })),
        },
        {
          name: t('visual.alarm.today'),
          type: 'bar',
          barMaxWidth: 26,
          data: levels.map((l) => l.today),
          itemStyle: { color: 'rgba(74,163,255,0.45)' },
        },
      ],
    };
  }, [levels, t, language]);
  return <ScreenChart option={option} height={height} testId="alarm-levels" />;
});

/** The newest alarms, open ones first. */
export const AlarmList = memo(function AlarmList({
  alarms,
  rows = 8,
}: {
  alarms: Data['alarms'];
  rows?: number;
}) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  if (alarms.length === 0) return <div className="vs-empty">{t('visual.alarm.none')}</div>;
  return (
    <table className="vs-table">
      <colgroup>
        <col style={{ width: 92 }} />
        <col />
        <col />
        <col style={{ width: 64 }} />
        <col style={{ width: 108 }} />
      </colgroup>
      <thead>
        <tr>
          <th>{t('visual.alarm.level')}</th>
          <th>{t('visual.alarm.device')}</th>
          <th>{t('visual.alarm.point')}</th>
          <th>{t('visual.alarm.value')}</th>
          <th>{t('visual.alarm.time')}</th>
        </tr>
      </thead>
      <tbody>
        {alarms.slice(0, rows).map((a) => (
          <tr key={a.id} style={{ opacity: a.cleared ? 0.55 : 1 }}>
            <td>
              <span
                className="vs-level"
                style={{ background: a.color || LEVEL_COLORS[Math.min((a.level ?? 5) - 1, 4)] }}
              >
                {levelLabel(a.levelName, language) || '-'}
              </span>
            </td>
            <td>{a.deviceName || pointLabel(a.pointName, t) || '-'}</td>
            <td>{pointLabel(a.pointName, t)}</td>
            <td>{num(a.lastValue)}</td>
            <td>{a.firstTime.slice(5, 16)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});

/** Devices online / fault / offline per line, with the line's OEE. */
export const LineStates = memo(function LineStates({
  lines,
  height,
}: {
  lines: Data['lines'];
  height: number;
}) {
  const { t } = useTranslation();
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: '#cfe3ff' } },
      grid: { left: 96, right: 16, top: 30, bottom: 20 },
      xAxis: { type: 'value', minInterval: 1, ...AXIS },
      yAxis: { type: 'category', data: lines.map((l) => l.line), ...AXIS },
      series: (['online', 'fault', 'offline'] as const).map((key, i) => ({
        name: t(`visual.state.${key}`),
        type: 'bar',
        stack: 'all',
        barMaxWidth: 18,
        itemStyle: { color: ['#2fd67b', '#ff4d4f', '#5d6b80'][i] },
        data: lines.map((l) => l[key]),
      })),
    }),
    [lines, t],
  );
  return <ScreenChart option={option} height={height} testId="line-states" />;
});

/** Availability, performance, quality and OEE of the last 7 days as four gauges. */
export const OeeGauges = memo(function OeeGauges({
  oee: o,
  height,
  grid = false,
}: {
  oee: Data['oee'];
  height: number;
  /** Two by two (a narrow column) instead of one row. */
  grid?: boolean;
}) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const items: [string, number | null | undefined, string][] = [
      [t('visual.oee.availability'), o?.availability, '#4aa3ff'],
      [t('visual.oee.performance'), o?.performance, '#1fc7d4'],
      [t('visual.oee.quality'), o?.quality, '#2fd67b'],
      ['OEE', o?.oee, '#ffb020'],
    ];
    return {
      series: items.map(([name, value, color], i) => ({
        type: 'gauge',
        center: grid
          ? [`${25 + (i % 2) * 50}%`, `${28 + Math.floor(i / 2) * 50}%`]
          : [`${12.5 + i * 25}%`, '58%'],
        radius: grid ? '42%' : '66%', // a row's four gauges side by side, a quarter of the width each
        startAngle: 220,
        endAngle: -40,
        min: 0,
        max: 100,
        progress: { show: true, width: 10, itemStyle: { color } },
        axisLine: { lineStyle: { width: 10, color: [[1, 'rgba(143,184,234,0.15)']] } },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        pointer: { show: false },
        title: { offsetCenter: [0, '62%'], color: '#8fb8ea', fontSize: 15 },
        detail: {
          valueAnimation: false,
          offsetCenter: [0, '0%'],
          fontSize: 24,
          fontWeight: 700,
          color: '#e8f3ff',
          formatter: (v: number) => (value == null ? '-' : `${v.toFixed(1)}%`),
        },
        data: [{ value: value == null ? 0 : Math.min(100, value * 100), name }],
      })),
    };
  }, [o, t, grid]);
  return <ScreenChart option={option} height={height} testId="oee-gauges" />;
});

/** OEE per day of the last week. */
export const OeeTrend = memo(function OeeTrend({ oee, height }: { oee: Data['oee']; height: number }) {
  const option = useMemo(() => {
    const trend = (oee?.trend ?? []) as {
      day?: string;
      key?: string;
      name?: string;
      oee?: number | null;
    }[];
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 44, right: 12, top: 16, bottom: 26 },
      xAxis: {
        type: 'category',
        data: trend.map((r) => String(r.day ?? r.key ?? r.name ?? '').slice(5)),
        ...AXIS,
      },
      yAxis: { type: 'value', max: 100, ...AXIS },
      series: [
        {
          type: 'line',
          smooth: true,
          symbol: 'circle',
          lineStyle: { color: '#ffb020', width: 3 },
          itemStyle: { color: '#ffb020' },
          areaStyle: { color: 'rgba(255,176,32,0.15)' },
          data: trend.map((r) => (r.oee == null ? null : Number((r.oee * 100).toFixed(1)))),
        },
      ],
    };
  }, [oee]);
  return <ScreenChart option={option} height={height} testId="oee-trend" />;
});

/** The last hour of the watched points (those with an alarm range), minute by minute. */
export const Trends = memo(function Trends({ trends, height }: { trends: Data['trends']; height: number }) {
  const option = useMemo(() => trendsOption(trends, Date.now()), [trends]);
  return <ScreenChart option={option} height={height} testId="trends" />;
});

export function trendsOption(trends: Data['trends'], now: number) {
  // Always the last hour, however little of it has values yet (a server started a minute ago), to the end of the
  // current minute: the axis' ends then read as whole minutes, the same labels from one redraw to the next.
  const end = Math.ceil(now / 60_000) * 60_000;
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { color: '#cfe3ff' }, type: 'scroll' },
    grid: { left: 48, right: 16, top: 34, bottom: 26 },
    xAxis: { type: 'time', min: end - 3_600_000, max: end, ...AXIS },
    yAxis: { type: 'value', scale: true, ...AXIS },
    color: ['#35e0ff', '#ffb020', '#2fd67b', '#ff7a45'],
    series: trends.map((s) => ({
      name: `${s.name}${s.unit ? ` (${s.unit})` : ''}`,
      type: 'line',
      // A lone point draws no line: a fresh server's first minute shows as a dot until the second arrives.
      showSymbol: s.points.length < 2,
      smooth: true,
      data: s.points.map(([ts, v]) => [ts, v == null ? null : Number(v.toFixed(2))]),
    })),
  };
}

/** The site map with its dots, green or red from their tags' live values. */
export const SiteMap = memo(function SiteMap({ map, labels = true }: { map: Data['map']; labels?: boolean }) {
  const { t } = useTranslation();
  const tags = useMemo(
    () => new Map((map?.tags ?? []).map((tag: TagRead) => [tag.pointId, tag])),
    [map?.tags],
  );
  if (!map) return <div className="vs-empty">{t('visual.map.none')}</div>;
  return <MapView imageUrl={map.imageUrl} dots={map.dots} tags={tags} showLabels={labels} />;
});

/** Running batches with their progress from their counters. */
export const Batches = memo(function Batches({
  batches,
  rows = 6,
}: {
  batches: Data['batches'];
  rows?: number;
}) {
  const { t } = useTranslation();
  if (batches.length === 0) return <div className="vs-empty">{t('visual.batch.none')}</div>;
  return (
    <table className="vs-table" data-testid="batches">
      <colgroup>
        <col style={{ width: '24%' }} />
        <col style={{ width: '18%' }} />
        <col style={{ width: '18%' }} />
        <col style={{ width: '28%' }} />
        <col style={{ width: '12%' }} />
      </colgroup>
      <thead>
        <tr>
          <th>{t('visual.batch.batchNo')}</th>
          <th>{t('visual.batch.product')}</th>
          <th>{t('visual.batch.device')}</th>
          <th style={{ width: '34%' }}>{t('visual.batch.progress')}</th>
          <th>{t('visual.batch.state')}</th>
        </tr>
      </thead>
      <tbody>
        {batches.slice(0, rows).map((b) => (
          <tr key={b.id}>
            <td>{b.batchNo}</td>
            <td>{b.productName}</td>
            <td>{b.deviceName}</td>
            <td>
              <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <div className="vs-progress" style={{ flex: 1 }}>
                  <div style={{ width: `${Math.min(100, (b.progress ?? 0) * 100)}%` }} />
                </div>
                <span>{pct(b.progress)}</span>
              </div>
            </td>
            <td>{b.state}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});

/** Every device with its state. */
export const Devices = memo(function Devices({ devices }: { devices: Data['devices'] }) {
  const { t } = useTranslation();
  return (
    <div className="vs-devices">
      {devices.map((d) => (
        <div className="vs-device" key={d.deviceId} title={t(`visual.state.${d.status}`)}>
          <span className={`vs-state ${d.status}`} />
          {d.name}
        </div>
      ))}
    </div>
  );
});

/** Craft flows: their steps in order with the step's device state and its tags' live values. */
export const Flows = memo(function Flows({
  flows,
  tagsPerStep = 4,
}: {
  flows: Data['flows'];
  tagsPerStep?: number;
}) {
  const { t } = useTranslation();
  if (flows.length === 0) return <div className="vs-empty">{t('visual.flow.none')}</div>;
  return (
    <div data-testid="flows">
      {flows.map((f) => (
        <div key={f.processId} style={{ marginBottom: 10 }}>
          <div style={{ fontSize: 18, color: '#8fb8ea', marginBottom: 8 }}>
            {f.processName} · {f.productName}
          </div>
          <div className="vs-flow">
            {f.steps.map((s, i) => (
              <FlowStep
                // biome-ignore lint/suspicious/noArrayIndexKey: a flow's steps are its order; a name may repeat
                key={`${s.name}-${i}`}
                step={s}
                last={i === f.steps.length - 1}
                tagsPerStep={tagsPerStep}
              />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
});

function FlowStep({
  step,
  last,
  tagsPerStep,
}: {
  step: Data['flows'][number]['steps'][number];
  last: boolean;
  tagsPerStep: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className={`vs-step ${step.status}`} data-step-status={step.status}>
        <div className="vs-step-name">{step.name}</div>
        <div className="vs-step-device">
          <span className={`vs-state ${step.status}`} />
          {step.deviceName || '-'} · {t(`visual.state.${step.status}`)}
        </div>
        {step.tags.slice(0, tagsPerStep).map((tag) => (
          <div className="vs-step-tag" key={tag.pointId}>
            <span>{tag.monitor}</span>
            <b style={{ color: tag.useData === 'N' ? '#ff4d4f' : undefined }}>
              {num(tag.value)}
              {tag.unit ? ` ${tag.unit}` : ''}
            </b>
          </div>
        ))}
      </div>
      {!last && <div className="vs-arrow" />}
    </>
  );
}
