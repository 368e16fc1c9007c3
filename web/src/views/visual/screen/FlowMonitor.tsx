import { useTranslation } from 'react-i18next';
import { LargeScreen, type PanelSpec } from './LargeScreen';

const PANELS: PanelSpec[][] = [
  [
    { chart: 'kpis', only: ['devices', 'onlineRate', 'faults', 'activeAlarms'] },
    { chart: 'flows', tagsPerStep: 4, flex: true },
  ],
  [{ chart: 'devices' }, { chart: 'alarmLevels', height: 220 }, { chart: 'alarms', rows: 8, flex: true }],
];

/** 工艺流程监控 (/index/flowMonitor): each craft flow step by step, the step's device state and its live
 * values, with the devices and alarms beside it. */
export default function FlowMonitor() {
  const { t } = useTranslation();
  return (
    <LargeScreen
      name="flowMonitor"
      title={t('visual.screen.flowMonitor')}
      columns="1fr 480px"
      panels={PANELS}
    />
  );
}
