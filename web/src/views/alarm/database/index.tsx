import { ResultsPage } from './ResultsPage';

/** 告警数据库 (/alarm/database): every alarm result, filtered by time, level and status, with the export. */
export default function AlarmDatabasePage() {
  return <ResultsPage name="alarm-database" viewCode="database_view" exportCode="database_export" />;
}
