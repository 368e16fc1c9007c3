import { Drawer } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Device,
  type DeviceComponent,
  deviceComponentApiFor,
  deviceComponentTreeQuery,
} from '#src/api/deviceAdmin';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { DEVICE_CRUD } from './DeviceLedger';

const L = (key: string) => `device.device.${key}`;

/** The parts of one device (copied from its model's components, then its own), as a tree. */
export default function DeviceParts({ device, onClose }: { device: Device; onClose(): void }) {
  const { t } = useTranslation();
  const api = useMemo(() => deviceComponentApiFor(device.id), [device.id]);
  const parents = useMemo(() => deviceComponentTreeQuery(device.id), [device.id]);
  const option = useMemo<CrudOption<DeviceComponent>>(
    () => ({
      name: 'device-component',
      tree: true,
      selection: false,
      permissions: { ...DEVICE_CRUD, add: DEVICE_CRUD.edit, delete: DEVICE_CRUD.edit },
      columns: [
        { prop: 'name', label: L('partName'), required: true, rules: [{ max: 128 }] },
        { prop: 'code', label: L('partCode'), required: true, rules: [{ max: 64 }] },
        {
          prop: 'parentId',
          label: L('partParent'),
          type: 'tree-select',
          dicQuery: parents,
          props: { label: 'name', value: 'id' },
          hide: true,
        },
        { prop: 'category', label: L('partCategory'), rules: [{ max: 64 }] },
        { prop: 'sort', label: L('sort'), type: 'number', value: 0, width: 80 },
        { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true },
      ],
    }),
    [parents],
  );
  return (
    <Drawer
      open
      size="min(900px, 94vw)"
      title={t(L('partsTitle'), { name: device.name })}
      onClose={onClose}
      destroyOnHidden
    >
      <CrudPage option={option} api={api} query={{ deviceId: device.id }} />
    </Drawer>
  );
}
