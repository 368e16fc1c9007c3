import { useTranslation } from 'react-i18next';
import { LargeScreen, type PanelSpec } from './LargeScreen';

const PANELS: PanelSpec[][] = [
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
];

/** 智慧工厂 (/wisdomView): the site map first — every unit's dot with its live values — flanked by trends,
 * OEE and the alarms. */
export default function WisdomView() {
  const { t } = useTranslation();
  return (
    <LargeScreen
      name="wisdomView"
      title={t('visual.screen.wisdomView')}
      columns="420px 1fr 420px"
      panels={PANELS}
    />
  );
}
