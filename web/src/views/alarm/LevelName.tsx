import { useSettings } from '#src/app/stores/settings';
import { levelLabel } from './labels';

/** An alarm level's name in the console's language (a standard level), as written otherwise; follows a switch. */
export function LevelName({ name }: { name?: string | null }) {
  const language = useSettings((s) => s.language);
  return <>{levelLabel(name, language)}</>;
}
