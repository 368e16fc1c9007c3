import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device } from '#src/api/deviceAdmin';
import { PointList } from '../datapoint/PointList';

/** The data points of one device, edited as on the data-point screen. */
export default function DevicePoints({ device, onClose }: { device: Device; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      size="min(1200px, 94vw)"
      title={t('device.device.pointsTitle', { name: device.name })}
      onClose={onClose}
      destroyOnHidden
    >
      <PointList name="device-points" deviceId={device.id} />
    </Drawer>
  );
}
