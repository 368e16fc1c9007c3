import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUS_TOPIC, runStatesPoll, runStatesQuery } from '#src/api/deviceAdmin';
import { useLive } from '#src/app/useLive';

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

/**
 * Every device's run state, kept current: reloaded when the live channel says a device's state changed, polled
 * while the channel is down. Call it once in the screen; the badges read the shared query.
 */
export function useRunStates() {
  const live = useLive(DEVICE_STATUS_TOPIC, { queryKey: runStatesQuery.queryKey });
  return useQuery({ ...runStatesQuery, refetchInterval: runStatesPoll(live) });
}

/** The run state of one device, from the monitor's states of all devices (one query, shared; see useRunStates). */
export function DeviceRunState({ deviceId }: { deviceId: string }) {
  const states = useQuery(runStatesQuery);
  return <StatusBadge value={states.data?.[deviceId]?.status} />;
}
