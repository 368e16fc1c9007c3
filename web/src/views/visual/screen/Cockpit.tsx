import { useTranslation } from 'react-i18next';
import { LargeScreen, type PanelSpec } from './LargeScreen';

const PANELS: PanelSpec[][] = [
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
];

/** 驾驶舱 (/cockpit): the plant at a glance — KPIs, alarms by level, the site map with live dots, trends, OEE,
 * line states and batches. */
export default function Cockpit() {
  const { t } = useTranslation();
  return (
    <LargeScreen
      name="cockpit"
      title={t('visual.screen.cockpit')}
      columns="470px 1fr 470px"
      panels={PANELS}
    />
  );
}
