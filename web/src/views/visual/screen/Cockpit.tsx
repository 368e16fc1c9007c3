import { useTranslation } from 'react-i18next';
import { LargeScreen } from './LargeScreen';
import { LAYOUTS } from './layouts';

/** 驾驶舱 (/cockpit): the plant at a glance — KPIs, alarms by level, the site map with live dots, trends, OEE,
 * line states and batches. */
export default function Cockpit() {
  const { t } = useTranslation();
  return <LargeScreen {...LAYOUTS['/cockpit']} title={t('visual.screen.cockpit')} />;
}
