import { useTranslation } from 'react-i18next';
import { LargeScreen } from './LargeScreen';
import { LAYOUTS } from './layouts';

/** 智慧工厂 (/wisdomView): the site map first — every unit's dot with its live values — flanked by trends,
 * OEE and the alarms. */
export default function WisdomView() {
  const { t } = useTranslation();
  return <LargeScreen {...LAYOUTS['/wisdomView']} title={t('visual.screen.wisdomView')} />;
}
