import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Modal, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyDeviceSourceStates,
  applySourceStatuses,
  type Certificate,
  COLLECT_TOPIC,
  deviceSourcesQuery,
  LIVE_TYPES,
  type SourceStatusRead,
  sourceStatusQuery,
  statusPoll,
  testConnection,
  trustCertificate,
} from '#src/api/deviceCollect';
import { notify, toast } from '#src/app/feedback';
import { useLive } from '#src/app/useLive';
import { useAccess } from '#src/components/Access';
import { i18n } from '#src/i18n';
import { serverText } from '../serverText';
import { CertificateView } from './SourceSettings';

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

/**
 * The statuses of the tenant's sources, kept current: patched from the live channel's collect.status, polled
 * while the channel is down. Call it once in the screen; the cells read the shared query (useSourceStatus).
 */
export function useSourceStatuses() {
  const live = useLive<SourceStatusRead>(COLLECT_TOPIC, {
    queryKey: sourceStatusQuery.queryKey,
    apply: applySourceStatuses,
  });
  return useQuery({ ...sourceStatusQuery, refetchInterval: statusPoll(live) });
}

/** The sources each device is read from with their states, kept current as useSourceStatuses (the ledger). */
export function useDeviceSources() {
  const live = useLive<SourceStatusRead>(COLLECT_TOPIC, {
    queryKey: deviceSourcesQuery.queryKey,
    apply: applyDeviceSourceStates,
  });
  return useQuery({ ...deviceSourcesQuery, refetchInterval: statusPoll(live) });
}

export function useSourceStatus(sourceId: string): SourceStatusRead | undefined {
  return useQuery(sourceStatusQuery).data?.[sourceId];
}

/** A source's live state (online / connecting / offline / not collected), with its last error; an OPC UA
 * server certificate the source refused is shown with a button to trust it. */
export function SourceState({ sourceId, type }: { sourceId: string; type?: string }) {
  const { t } = useTranslation();
  const status = useSourceStatus(sourceId);
  if (type && !LIVE_TYPES.includes(type)) return <Typography.Text type="secondary">-</Typography.Text>;
  const badge = <StateBadge state={status?.state} />;
  const state = status?.lastError ? (
    <Tooltip title={`${t(L('lastError'))}: ${serverText(status.lastError)} (${time(status.lastErrorTime)})`}>
      <span data-source-state={status.state}>{badge}</span>
    </Tooltip>
  ) : (
    <span data-source-state={status?.state}>{badge}</span>
  );
  if (!status?.untrustedCertificate) return state;
  return (
    <Space size={4} wrap>
      {state}
      <TrustButton sourceId={sourceId} certificate={status.untrustedCertificate} />
    </Space>
  );
}

/** 信任证书: the certificate the source refused, trusted once the user has compared its fingerprint. */
function TrustButton({ sourceId, certificate }: { sourceId: string; certificate: Certificate }) {
  const { t } = useTranslation();
  const can = useAccess();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!can('datapoint_edit')) return null;
  const trust = async () => {
    setSaving(true);
    try {
      await trustCertificate(sourceId, certificate.fingerprint);
      toast.success(t(L('trusted')));
      setOpen(false);
      await client.invalidateQueries({ queryKey: sourceStatusQuery.queryKey });
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button size="small" icon={<SafetyCertificateOutlined />} onClick={() => setOpen(true)} data-trust>
        {t(L('trustCertificate'))}
      </Button>
      <Modal
        open={open}
        title={t(L('trustCertificate'))}
        okText={t(L('trustCertificate'))}
        confirmLoading={saving}
        onOk={trust}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t(L('trustConfirm'))}</Typography.Paragraph>
        <CertificateView certificate={certificate} />
      </Modal>
    </>
  );
}

/** Values per second, values so far, connected since, and the rejected values by reason. */
export function SourceCounters({ sourceId }: { sourceId: string }) {
  const { t } = useTranslation();
  const status = useSourceStatus(sourceId);
  if (!status || status.state === 'stopped') return null;
  const since = status.connectedSince ? `${t(L('connectedSince'))}: ${time(status.connectedSince)}` : '';
  const last = status.lastValueTime ? `${t(L('lastValueTime'))}: ${time(status.lastValueTime)}` : '';
  return (
    <Space size={4} wrap>
      <Tooltip title={[since, last].filter(Boolean).join(' · ')}>
        <span data-source-rate>
          {t(L('valuesPerSecond'), { rate: status.valuesPerSecond, total: status.values })}
        </span>
      </Tooltip>
      {status.rejected.map((r) => (
        <Tag key={r.reason} color="warning" data-rejected={r.reason}>
          {t(L(`reason_${r.reason}`), { defaultValue: r.message })} {r.count}
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
    description: `${serverText(answer.message)} (${answer.elapsedMs} ms)`,
    duration: 8,
  });
}
