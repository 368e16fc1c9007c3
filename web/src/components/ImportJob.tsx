import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { componentKeys } from '#src/api/queryKeys';
import { useLive } from '#src/app/useLive';
import { ExcelUpload, RejectedRows } from './ExcelUpload';

/** An import job as its log row reports it: 0 queued, 1 running, 2 done, 3 failed. */
export interface ImportJobState {
  id: string;
  state: number;
  progress: number;
  total?: number;
  successCount?: number;
  failCount?: number;
  message?: string | null;
}

/** A rejected row of an import. */
export interface ImportJobError {
  id: string;
  rowNo: number;
  reason: string;
  content?: string | null;
}

export const IMPORT_QUEUED = 0;
export const IMPORT_RUNNING = 1;
export const IMPORT_DONE = 2;
export const IMPORT_FAILED = 3;

/** Still to be polled: queued or running. */
export const isRunning = (state: number | undefined) => state === IMPORT_QUEUED || state === IMPORT_RUNNING;

/** How often a running import's progress is read while it is not pushed (React Query `refetchInterval`). */
export const IMPORT_POLL_MS = 1000;
export const pollWhileRunning = (state: number | undefined, live = false) =>
  isRunning(state) && !live ? IMPORT_POLL_MS : false;

/** The query key of one import's progress (the dialog and the import-export log share it). */
export const importJobKey = (id: string | undefined) => componentKeys.of('import-job', id);

/** The pushed progress over the cached one (events carry the log's state, progress and counts). */
export function applyImportProgress(old: unknown, events: Partial<ImportJobState>[]): unknown {
  if (!old || typeof old !== 'object') return old;
  return Object.assign({}, old, ...events);
}

/**
 * Keep import `id`'s progress current from the live channel's `topic` while it runs; answers whether it is
 * pushed (poll otherwise: `pollWhileRunning(state, live)`).
 */
export function useImportLive(topic: string | undefined, id: string | undefined, running: boolean): boolean {
  return useLive<Partial<ImportJobState>>(topic ?? '', {
    queryKey: importJobKey(id),
    keys: id ? [id] : [],
    apply: applyImportProgress,
    enabled: Boolean(topic && id && running),
  });
}

export interface ImportJobProps {
  open: boolean;
  onClose(): void;
  /** Upload URL (multipart `file`); it answers the job `{id, state, progress}` at once. */
  action: string;
  templateUrl?: string;
  templateName?: string;
  params?: Record<string, string | number>;
  /** The job's progress by id (polled while it runs). */
  status(id: string): Promise<ImportJobState>;
  /** The job's rejected rows (first page) once it has finished. */
  errors(id: string): Promise<ImportJobError[]>;
  /** After a job that finished with at least one row written (refresh the list). */
  onDone?: (job: ImportJobState) => void;
  /** The live channel's topic of the jobs' progress (keyed by id): pushed instead of polled while it is up. */
  topic?: string;
}

/**
 * The Excel import dialog of jobs that run on the server (issue 9): upload with progress, then the job's
 * progress polled until it finishes, then its counts and the rejected rows with their reasons. The same
 * rows stay readable in the import-export log. Lazy-load it where used.
 */
export default function ImportJob({
  open,
  onClose,
  action,
  templateUrl,
  templateName,
  params,
  status,
  errors,
  onDone,
  topic,
}: ImportJobProps) {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<string>();

  const [pushed, setPushed] = useState(true);
  const live = useImportLive(topic, jobId, pushed);
  const job = useQuery({
    queryKey: importJobKey(jobId),
    queryFn: () => status(jobId as string),
    enabled: Boolean(jobId),
    refetchInterval: (q) => pollWhileRunning(q.state.data?.state, live),
  });
  const stillRunning = job.data === undefined || isRunning(job.data.state);
  useEffect(() => setPushed(stillRunning), [stillRunning]);
  const finished = job.data !== undefined && !isRunning(job.data.state);
  const rejected = useQuery({
    queryKey: componentKeys.of('import-job-errors', jobId),
    queryFn: () => errors(jobId as string),
    enabled: finished && Boolean(job.data?.failCount),
  });

  const done = finished ? job.data : undefined;
  // Once per job, whatever the caller's onDone identity.
  const reported = useRef<string>(undefined);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (!done || reported.current === done.id) return;
    reported.current = done.id;
    if ((done.successCount ?? 0) > 0) onDoneRef.current?.(done);
  }, [done]);

  const running = job.data && isRunning(job.data.state);
  return (
    <Modal
      open={open}
      title={t('shared.importTitle')}
      onCancel={onClose}
      footer={null}
      width={680}
      destroyOnHidden
    >
      <ExcelUpload<ImportJobState>
        action={action}
        params={params}
        templateUrl={templateUrl}
        templateName={templateName}
        disabled={Boolean(running)}
        onStart={() => setJobId(undefined)}
        onUploaded={(answer) => setJobId(String(answer.id))}
      >
        {running && (
          <div data-testid="import-progress" style={{ marginTop: 12 }}>
            {t('index.importExportManagement.running')}
            <Progress percent={job.data?.progress ?? 0} size="small" status="active" />
          </div>
        )}
      </ExcelUpload>
      {done && (
        <Alert
          style={{ marginTop: 12 }}
          type={done.state === IMPORT_FAILED ? 'error' : done.failCount ? 'warning' : 'success'}
          title={
            done.state === IMPORT_FAILED
              ? (done.message ?? t('index.importExportManagement.state_3'))
              : t('shared.importResult', {
                  total: done.total ?? 0,
                  success: done.successCount ?? 0,
                  failed: done.failCount ?? 0,
                })
          }
          showIcon
        />
      )}
      {rejected.data?.length ? (
        <RejectedRows rows={rejected.data} rowKey="id" row="rowNo" reason="reason" />
      ) : null}
    </Modal>
  );
}
