import { useTranslation } from 'react-i18next';
import { useSettings } from '#src/app/stores/settings';
import { levelLabel, pointLabel } from './labels';

/** An alarm level's name in the console's language (a standard level), as written otherwise; follows a switch. */
export function LevelName({ name }: { name?: string | null }) {
  const language = useSettings((s) => s.language);
  return <>{levelLabel(name, language)}</>;
}

/** An alarm's point name in the console's language (a device-offline alarm's), as written otherwise. */
export function PointName({ name }: { name?: string | null }) {
  const { t } = useTranslation();
  return <>{pointLabel(name, t)}</>;
}
