import { useTranslation } from 'react-i18next';
import { LargeScreen, type PanelSpec } from './LargeScreen';

const PANELS: PanelSpec[][] = [
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
];

/** 批次进度大屏 (/index/batchMonitor): every running batch with its progress from its counter, the output and
 * OEE behind it. */
export default function BatchMonitor() {
  const { t } = useTranslation();
  return (
    <LargeScreen
      name="batchMonitor"
      title={t('visual.screen.batchMonitor')}
      columns="1fr 560px"
      panels={PANELS}
    />
  );
}
