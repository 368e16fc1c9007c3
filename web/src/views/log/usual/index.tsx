import { LogScreen } from '../LogScreen';

/** /monitor/log/usual (spec §7 Logs). */
export default function UsualLogPage() {
  return <LogScreen kind="usual" />;
}
