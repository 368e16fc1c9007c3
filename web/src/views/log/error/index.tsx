import { LogScreen } from '../LogScreen';

/** /monitor/log/error (spec §7 Logs). */
export default function ErrorLogPage() {
  return <LogScreen kind="error" />;
}
