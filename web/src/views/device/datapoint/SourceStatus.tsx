import { useQuery } from '@tanstack/react-query';
import { Badge, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COLLECTED_TYPES,
  deviceSourcesQuery,
  type SourceStatusRead,
  sourceStatusQuery,
  testConnection,
} from '#src/api/deviceCollect';
import { notify } from '#src/app/feedback';
import { i18n } from '#src/i18n';

const L = (key: string) => `device.datapoint.${key}`;

/** The states a collector reports, with their badge colours. */
const STATES = {
  online: 'success',
  connecting: 'processing',
  offline: 'error',
  stopped: 'default',
} as const;

/** A collector state as the API sends it; a state the console does not know is shown as sent. */
export function StateBadge({ state, prefix = '' }: { state?: string; prefix?: string }) {
  const { t } = useTranslation();
  const known = state && Object.hasOwn(STATES, state) ? (state as keyof typeof STATES) : undefined;
  return (
    <Badge
      status={known ? STATES[known] : 'warning'}
      text={`${prefix}${known ? t(L(`state_${known}`)) : (state ?? '')}`}
    />
  );
}

const time = (ms?: number | null) => (ms ? new Date(ms).toLocaleString() : '');

function useSourceStatus(sourceId: string): SourceStatusRead | undefined {
  return useQuery(sourceStatusQuery).data?.[sourceId];
}

/** A source's collector state (online / connecting / offline / not collected), with its last error. */
export function SourceState({ sourceId, type }: { sourceId: string; type?: string }) {
  const { t } = useTranslation();
  const status = useSourceStatus(sourceId);
  if (type && !COLLECTED_TYPES.includes(type)) return <Typography.Text type="secondary">-</Typography.Text>;
  const badge = <StateBadge state={status?.state} />;
  if (!status?.lastError) return <span data-source-state={status?.state}>{badge}</span>;
  return (
    <Tooltip title={`${t(L('lastError'))}: ${status.lastError} (${time(status.lastErrorTime)})`}>
      <span data-source-state={status.state}>{badge}</span>
    </Tooltip>
  );
}

/** Values per second, values so far, connected since, and the rejected values by reason. */
export function SourceCounters({ sourceId }: { sourceId: string }) {
  const { t } = useTranslation();
  const status = useSourceStatus(sourceId);
  if (!status || status.state === 'stopped') return null;
  return (
    <Space size={4} wrap>
      <Tooltip
        title={status.connectedSince ? `${t(L('connectedSince'))}: ${time(status.connectedSince)}` : ''}
      >
        <span data-source-rate>
          {t(L('valuesPerSecond'), { rate: status.valuesPerSecond, total: status.values })}
        </span>
      </Tooltip>
      {status.rejected.map((r) => (
        <Tag key={r.reason} color="warning" data-rejected={r.reason}>
          {r.message} {r.count}
        </Tag>
      ))}
    </Space>
  );
}

/** The sources a device is read from, each with its collector state (the device ledger's column). */
export function DeviceSources({ deviceId }: { deviceId: string }) {
  const sources = useQuery(deviceSourcesQuery).data?.[deviceId] ?? [];
  if (!sources.length) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Space size={4} wrap>
      {sources.map((s) => (
        <Tooltip key={s.sourceId} title={`${s.name} (${s.type})`}>
          <span data-device-source={s.code}>
            <StateBadge state={s.state} prefix={`${s.code} `} />
          </span>
        </Tooltip>
      ))}
    </Space>
  );
}

/** Connect to the source's server and show what it answered. */
export async function testSource(row: { id?: string; type?: string; config?: string | null }) {
  const answer = await testConnection({ id: row.id, type: row.type, config: row.config });
  const api = notify();
  const show = answer.success ? api?.success : api?.error;
  show?.({
    message: i18n.t(L(answer.success ? 'testOk' : 'testFailed')),
    description: `${answer.message} (${answer.elapsedMs} ms)`,
    duration: 8,
  });
}
