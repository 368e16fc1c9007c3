import { LogScreen } from '../LogScreen';

/** /monitor/log/api (spec §7 Logs). */
export default function ApiLogPage() {
  return <LogScreen kind="api" />;
}
