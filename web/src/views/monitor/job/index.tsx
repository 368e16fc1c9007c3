import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  fetchJobs,
  type JobRead,
  type JobRunRead,
  pauseJob,
  resumeJob,
  runJob,
  systemMonitorKeys,
} from '#src/api/monitor';
import { toast } from '#src/app/feedback';
import { useAccess } from '#src/components/Access';

const L = (key: string) => `monitor.ops.job.${key}`;
const STATUS_COLORS: Record<string, string> = {
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
};
const REFRESH_MS = 5000;

function RunStatus({ run }: { run: JobRunRead }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[run.status]}>{t(L(`statuses.${run.status}`))}</Tag>;
}

function Runs({ runs }: { runs: JobRunRead[] }) {
  const { t } = useTranslation();
  return (
    <Table<JobRunRead>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={runs}
      title={() => t(L('runs'))}
      columns={[
        { dataIndex: 'startedAt', title: t(L('startedAt')), width: 170 },
        {
          key: 'trigger',
          title: t(L('trigger')),
          width: 90,
          render: (_, run) => t(L(`triggers.${run.trigger}`)),
        },
        { key: 'status', title: t(L('status')), width: 90, render: (_, run) => <RunStatus run={run} /> },
        { dataIndex: 'durationMs', title: t(L('duration')), width: 110 },
        { dataIndex: 'host', title: t(L('host')), width: 200, ellipsis: true },
        {
          dataIndex: 'error',
          title: t(L('error')),
          render: (error: string | null) =>
            error ? (
              <Typography.Text type="danger" style={{ whiteSpace: 'pre-wrap' }}>
                {error}
              </Typography.Text>
            ) : null,
        },
      ]}
    />
  );
}

/**
 * 定时任务 (/monitor/job): each schedule in force (its cron, scope, paused or not, last run and the failures
 * among its kept runs); a row expands to its latest runs with the error of each failed one. Run now queues one
 * run (also of a paused job); pause skips the scheduled runs until resumed. Button codes: job_run, job_pause.
 */
export default function JobPage() {
  const { t } = useTranslation();
  const can = useAccess();
  const jobs = useQuery({
    queryKey: systemMonitorKeys.of('jobs'),
    queryFn: fetchJobs,
    refetchInterval: REFRESH_MS,
  });

  const act = async (call: Promise<unknown>, done: string) => {
    await call;
    toast.success(t(L(done)));
    await jobs.refetch();
  };

  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <Button icon={<ReloadOutlined />} onClick={() => jobs.refetch()}>
          {t('monitor.ops.refresh')}
        </Button>
      </Space>
      <Table<JobRead>
        rowKey="name"
        size="middle"
        loading={jobs.isLoading}
        dataSource={jobs.data ?? []}
        pagination={false}
        expandable={{
          rowExpandable: (job) => job.runs.length > 0,
          expandedRowRender: (job) => <Runs runs={job.runs} />,
        }}
        columns={[
          { dataIndex: 'name', title: t(L('name')), render: (name: string) => <code>{name}</code> },
          {
            dataIndex: 'cron',
            title: t(L('cron')),
            width: 150,
            render: (cron: string) => <code>{cron}</code>,
          },
          { key: 'scope', title: t(L('scope')), width: 110, render: (_, job) => t(L(`scopes.${job.scope}`)) },
          {
            key: 'state',
            title: t(L('state')),
            width: 100,
            render: (_, job) =>
              job.paused ? (
                <Tag color="warning">{t(L('paused'))}</Tag>
              ) : (
                <Tag color="success">{t(L('active'))}</Tag>
              ),
          },
          {
            key: 'lastRun',
            title: t(L('lastRun')),
            width: 260,
            render: (_, job) =>
              job.runs[0] ? (
                <Space>
                  <RunStatus run={job.runs[0]} />
                  {job.runs[0].startedAt}
                </Space>
              ) : (
                t(L('never'))
              ),
          },
          {
            dataIndex: 'failures',
            title: t(L('failures')),
            width: 100,
            render: (failures: number) => (failures ? <Tag color="error">{failures}</Tag> : 0),
          },
          {
            key: 'actions',
            title: '',
            width: 200,
            render: (_, job) => (
              <Space size={0}>
                {can('job_run') && (
                  <Button type="link" onClick={() => act(runJob(job.name), 'queued')}>
                    {t(L('run'))}
                  </Button>
                )}
                {can('job_pause') &&
                  (job.paused ? (
                    <Button type="link" onClick={() => act(resumeJob(job.name), 'resumed')}>
                      {t(L('resume'))}
                    </Button>
                  ) : (
                    <Button type="link" onClick={() => act(pauseJob(job.name), 'pausedDone')}>
                      {t(L('pause'))}
                    </Button>
                  ))}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
