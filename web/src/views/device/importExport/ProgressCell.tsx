import { useQuery } from '@tanstack/react-query';
import { Progress, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_TOPIC, type ImportLog, importStatus } from '#src/api/deviceAdmin';
import {
  IMPORT_DONE,
  IMPORT_FAILED,
  importJobKey,
  isRunning,
  pollWhileRunning,
  useImportLive,
} from '#src/components/ImportJob';

const L = (key: string) => `index.importExportManagement.${key}`;

/** The state colour of a log row. */
export const STATE_COLORS: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'error',
};

/**
 * The progress of one import: a running one follows its own state (pushed by the live channel, polled while it
 * is down) until it finishes, then asks the list to reload (its counts changed); a finished one shows its
 * outcome.
 */
export function ProgressCell({ row, onFinished }: { row: ImportLog; onFinished(): void }) {
  const { t } = useTranslation();
  const running = isRunning(row.state);
  const pushed = useImportLive(IMPORT_TOPIC, row.id, running);
  const live = useQuery({
    queryKey: importJobKey(row.id),
    queryFn: () => importStatus(row.id),
    enabled: running,
    refetchInterval: (q) => pollWhileRunning(q.state.data?.state ?? row.state, pushed),
  });
  const state = live.data?.state ?? row.state;
  const finishedNow = running && live.data !== undefined && !isRunning(live.data.state);
  useEffect(() => {
    if (finishedNow) onFinished();
  }, [finishedNow, onFinished]);
  const progress = live.data?.progress ?? row.progress;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Tag color={STATE_COLORS[state]}>{t(L(`state_${state}`))}</Tag>
      <Progress
        style={{ flex: 1, margin: 0, minWidth: 80 }}
        size="small"
        percent={state === IMPORT_DONE ? 100 : progress}
        status={state === IMPORT_FAILED ? 'exception' : isRunning(state) ? 'active' : 'normal'}
      />
    </div>
  );
}
