import { useTranslation } from 'react-i18next';
import { LargeScreen } from './LargeScreen';
import { LAYOUTS } from './layouts';

/** 批次进度大屏 (/index/batchMonitor): every running batch with its progress from its counter, the output and
 * OEE behind it. */
export default function BatchMonitor() {
  const { t } = useTranslation();
  return <LargeScreen {...LAYOUTS['/index/batchMonitor']} title={t('visual.screen.batchMonitor')} />;
}
