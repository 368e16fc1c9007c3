import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { runStatesQuery } from '#src/api/deviceAdmin';

/** The run states the monitor derives from data freshness, with their badge colours. */
export const RUN_STATES = { online: 'success', offline: 'default', fault: 'error' } as const;
export type RunState = keyof typeof RUN_STATES;

export const isRunState = (value: unknown): value is RunState =>
  typeof value === 'string' && Object.hasOwn(RUN_STATES, value);

/** A device's run state as the API sends it; a state the console does not know is shown as sent. */
export function StatusBadge({ value }: { value?: string | null }) {
  const { t } = useTranslation();
  if (!value) return <Badge status="default" text={t('device.device.status_unknown')} />;
  if (!isRunState(value)) return <Badge status="warning" text={value} />;
  return <Badge status={RUN_STATES[value]} text={t(`device.device.status_${value}`)} />;
}

/** The run state of one device, from the monitor's states of all devices (one query, shared, polled). */
export function DeviceRunState({ deviceId }: { deviceId: string }) {
  const states = useQuery(runStatesQuery);
  return <StatusBadge value={states.data?.[deviceId]?.status} />;
}
