import { useTranslation } from 'react-i18next';
import { LargeScreen, type PanelSpec } from './LargeScreen';

const PANELS: PanelSpec[][] = [
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
];

/** 车间看板 (/part): the workshop — lines and devices, the craft flow running through them, the map, OEE and
 * alarms. */
export default function Part() {
  const { t } = useTranslation();
  return (
    <LargeScreen name="part" title={t('visual.screen.part')} columns="440px 1fr 480px" panels={PANELS} />
  );
}
