import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Progress, Row, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchServerState, type ServerInfo, systemMonitorKeys } from '#src/api/monitor';
import { formatSize } from '#src/api/resourceAdmin';

const L = (key: string) => `monitor.ops.server.${key}`;
const REFRESH_MS = 10_000;

function uptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${d ? `${d}d ` : ''}${h}h ${m}m`;
}

/** One section; a part the server could not read shows why instead of its figures. */
function Section({ title, error, children }: { title: string; error?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card title={title} size="small" style={{ height: '100%' }}>
      {error ? <Alert type="error" title={t(L('partError'), { error })} /> : children}
    </Card>
  );
}

function Usage({ percent }: { percent: number }) {
  return (
    <Progress percent={Math.round(percent)} size="small" status={percent >= 90 ? 'exception' : 'normal'} />
  );
}

function Cache({ cache }: { cache: ServerInfo['cache'] }) {
  const { t } = useTranslation();
  if (cache.kind === 'memory')
    return (
      <Descriptions
        column={1}
        size="small"
        items={[{ key: 'k', label: t(L('cache')), children: t(L('cacheMemory')) }]}
      />
    );
  return (
    <Descriptions
      column={1}
      size="small"
      items={[
        {
          key: 'reach',
          label: 'Redis',
          children: cache.reachable ? (
            <Tag color="success">{t(L('reachable'))}</Tag>
          ) : (
            <Tag color="error">{t(L('unreachable'))}</Tag>
          ),
        },
        ...(cache.reachable
          ? [
              { key: 'v', label: t(L('version')), children: cache.version },
              { key: 'm', label: t(L('memory')), children: formatSize(cache.usedMemory) },
              { key: 'c', label: t(L('clients')), children: cache.clients },
              { key: 'n', label: t(L('keys')), children: cache.keys },
            ]
          : []),
        ...(cache.fallback ? [{ key: 'f', label: '', children: t(L('fallback')) }] : []),
      ]}
    />
  );
}

/**
 * 服务监控 (/monitor/server): the host (CPU, load, memory, the data directory's disk), the process that answered
 * (one of the `serve` workers), the database and its connection pool, Redis, the job queue and the collectors'
 * sources by state, refreshed every 10 s.
 */
export default function ServerPage() {
  const { t } = useTranslation();
  const state = useQuery({
    queryKey: systemMonitorKeys.of('server'),
    queryFn: fetchServerState,
    refetchInterval: REFRESH_MS,
  });
  const s = state.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button icon={<ReloadOutlined />} loading={state.isFetching} onClick={() => state.refetch()}>
        {t('monitor.ops.refresh')}
      </Button>
      {s && (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Section title={t(L('host'))} error={s.host.error}>
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'name', label: t(L('hostName')), children: s.host.name },
                  { key: 'os', label: t(L('os')), children: s.host.os },
                  { key: 'cpus', label: t(L('cpus')), children: s.host.cpus },
                  { key: 'cpu', label: t(L('cpu')), children: <Usage percent={s.host.cpuPercent} /> },
                  { key: 'load', label: t(L('load')), children: s.host.load?.join(' / ') },
                ]}
              />
            </Section>
          </Col>
          <Col xs={24} lg={12}>
            <Section title={t(L('memory'))}>
              <Usage percent={s.memory.percent} />
              <div>
                {t(L('memoryUsed'), { used: formatSize(s.memory.used), total: formatSize(s.memory.total) })}
              </div>
              <div>
                {t(L('swap'))}: {formatSize(s.memory.swapUsed)} / {formatSize(s.memory.swapTotal)}
              </div>
              {s.disks.map((disk) => (
                <div key={disk.path} style={{ marginTop: 12 }}>
                  {t(L('disk'))} <code>{disk.path}</code>
                  <Usage percent={disk.percent} />
                  {t(L('memoryUsed'), { used: formatSize(disk.used), total: formatSize(disk.total) })}
                </div>
              ))}
            </Section>
          </Col>
          <Col xs={24} lg={12}>
            <Section title={t(L('database'))} error={s.database.error}>
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'd', label: t(L('dialect')), children: s.database.dialect },
                  { key: 'v', label: t(L('version')), children: s.database.version },
                  { key: 's', label: t(L('size')), children: formatSize(s.database.sizeBytes) },
                  {
                    key: 'p',
                    label: t(L('pool')),
                    children: s.database.pool ? t(L('poolUsage'), s.database.pool) : t(L('noPool')),
                  },
                ]}
              />
            </Section>
          </Col>
          <Col xs={24} lg={12}>
            <Section title={t(L('cache'))} error={s.cache.error}>
              <Cache cache={s.cache} />
            </Section>
          </Col>
          <Col xs={24} lg={12}>
            <Section title={t(L('jobs'))} error={s.jobs.error}>
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'm', label: t(L('mode')), children: t(L(`modes.${s.jobs.mode}`), s.jobs.mode) },
                  { key: 'w', label: t(L('waiting')), children: s.jobs.waiting },
                  { key: 'f', label: t(L('failedLastDay')), children: s.jobs.failedLastDay },
                  { key: 'p', label: t(L('pausedJobs')), children: s.jobs.paused },
                  { key: 's', label: t(L('schedules')), children: s.jobs.schedules },
                  {
                    key: 'h',
                    label: t(L('workerHere')),
                    children:
                      s.jobs.workerHere == null
                        ? t(L('workerElsewhere'))
                        : s.jobs.workerHere
                          ? t(L('yes'))
                          : t(L('no')),
                  },
                ]}
              />
            </Section>
          </Col>
          <Col xs={24} lg={12}>
            <Section title={t(L('collectors'))} error={s.collectors.error}>
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'n', label: t(L('sources')), children: s.collectors.sources },
                  ...Object.entries(s.collectors.states ?? {}).map(([name, count]) => ({
                    key: name,
                    label: name,
                    children: count,
                  })),
                  { key: 'live', label: `${t(L('live'))} · ${t(L('streams'))}`, children: s.live.streams },
                ]}
              />
            </Section>
          </Col>
          <Col xs={24}>
            <Section title={t(L('process'))}>
              <Descriptions
                column={{ xs: 1, md: 3 }}
                size="small"
                items={[
                  { key: 'pid', label: t(L('pid')), children: s.process.pid },
                  { key: 'up', label: t(L('uptime')), children: uptime(s.process.uptimeSeconds) },
                  { key: 'rss', label: t(L('rss')), children: formatSize(s.process.rssBytes) },
                  { key: 'th', label: t(L('threads')), children: s.process.threads },
                  { key: 'py', label: t(L('python')), children: s.process.python },
                ]}
              />
            </Section>
          </Col>
        </Row>
      )}
    </Space>
  );
}
