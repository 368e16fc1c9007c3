import { useTranslation } from 'react-i18next';
import { LargeScreen } from './LargeScreen';
import { LAYOUTS } from './layouts';

/** 工艺流程监控 (/index/flowMonitor): each craft flow step by step, the step's device state and its live
 * values, with the devices and alarms beside it. */
export default function FlowMonitor() {
  const { t } = useTranslation();
  return <LargeScreen {...LAYOUTS['/index/flowMonitor']} title={t('visual.screen.flowMonitor')} />;
}
