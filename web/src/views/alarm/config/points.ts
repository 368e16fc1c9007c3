import { alarmKeys } from '#src/api/alarm';
import { getDeviceManagementDatapointsList, getDeviceManagementDeviceList } from '#src/api/generated/client';

/** Every data point of the tenant as "device / point" (a rule's source). */
export const pointQuery = {
  queryKey: alarmKeys.of('points'),
  queryFn: async () =>
    ((await getDeviceManagementDatapointsList({ current: 1, size: 1000 } as never)).data?.records ?? []).map(
      (p) => ({
        id: p.id,
        title: `${p.deviceName ?? ''} / ${p.name}`,
        unit: p.unit,
      }),
    ),
};

/** Every device of the tenant (a device-offline rule's device). */
export const deviceQuery = {
  queryKey: alarmKeys.of('devices'),
  queryFn: async () =>
    (await getDeviceManagementDeviceList({ current: 1, size: 1000 } as never)).data?.records ?? [],
};
