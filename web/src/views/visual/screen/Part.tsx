import { useTranslation } from 'react-i18next';
import { LargeScreen } from './LargeScreen';
import { LAYOUTS } from './layouts';

/** 车间看板 (/part): the workshop — lines and devices, the craft flow running through them, the map, OEE and
 * alarms. */
export default function Part() {
  const { t } = useTranslation();
  return <LargeScreen {...LAYOUTS['/part']} title={t('visual.screen.part')} />;
}
