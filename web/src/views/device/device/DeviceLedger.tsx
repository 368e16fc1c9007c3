import {
  ApartmentOutlined,
  DownloadOutlined,
  NodeIndexOutlined,
  ShareAltOutlined,
  UploadOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_EXPORT_URL,
  DEVICE_IMPORT_URL,
  DEVICE_TEMPLATE_URL,
  type Device,
  deviceApi,
  modelSelectQuery,
} from '#src/api/deviceAdmin';
import { download } from '#src/api/download';
import { deptTreeQuery } from '#src/api/org';
import type { Query } from '#src/api/types';
import { confirm } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { type CrudHandle, type CrudOption, CrudPage } from '#src/components/CrudPage';
import { AreaImport } from '../AreaImport';
import { DeviceSources, useDeviceSources } from '../datapoint/SourceStatus';
import { DeviceRunState, useRunStates } from './StatusBadge';

const DeviceParts = lazyChunk(() => import('./DeviceParts'));
const DevicePoints = lazyChunk(() => import('./DevicePoints'));
const DateField = lazyChunk(() => import('./DateField'));
const DeviceWatch = lazyChunk(() => import('./DeviceWatch'));

const L = (key: string) => `device.device.${key}`;

export const DEVICE_CRUD = {
  add: 'device_device_add',
  edit: 'device_device_edit',
  view: 'device_device_view',
  delete: 'device_device_delete',
};

export interface DeviceLedgerProps {
  /** Narrows the list (deptId of the organisation view, modelId of the framework view). */
  query?: Query;
  /** The CrudPage name (and cache key) of this use of the ledger. */
  name?: string;
}

/**
 * The device ledger: devices with their run state, created from a model (whose components and data
 * points they copy), with parts and points in drawers and Excel import / export. Button codes:
 * device_device_add / _edit / _delete / _view / _import / _export.
 */
export function DeviceLedger({ query, name = 'device' }: DeviceLedgerProps) {
  const { t } = useTranslation();
  const handle = useRef<CrudHandle>(null);
  const [importing, setImporting] = useState(false);
  const [drawer, setDrawer] = useState<{
    kind: 'parts' | 'points' | 'cameras' | 'topology';
    device: Device;
  } | null>(null);
  // The run state and sources columns: one subscription each for the screen, the cells read the shared queries.
  useRunStates();
  useDeviceSources();

  const option = useMemo<CrudOption<Device>>(
    () => ({
      name,
      permissions: DEVICE_CRUD,
      dialogWidth: 860,
      columns: [
        { prop: 'name', label: L('name'), search: true, required: true, rules: [{ max: 128 }], width: 180 },
        { prop: 'code', label: L('code'), search: true, required: true, rules: [{ max: 64 }], width: 150 },
        {
          prop: 'modelId',
          label: L('modelId'),
          type: 'select',
          dicQuery: modelSelectQuery,
          props: { label: 'name', value: 'id' },
          editDisabled: true,
          tip: L('modelTip'),
          hide: true,
        },
        { prop: 'modelName', label: L('modelName'), display: false, width: 150, overHidden: true },
        {
          prop: 'id',
          label: L('runStatus'),
          display: false,
          width: 100,
          render: (row) => <DeviceRunState deviceId={row.id} />,
        },
        {
          prop: 'status',
          label: L('sources'),
          display: false,
          width: 190,
          render: (row) => <DeviceSources deviceId={row.id} />,
        },
        { prop: 'category', label: L('category'), rules: [{ max: 64 }], width: 110 },
        {
          prop: 'deptId',
          label: L('deptId'),
          type: 'tree-select',
          dicQuery: deptTreeQuery(),
          hide: true,
        },
        { prop: 'deptName', label: L('deptName'), display: false, width: 130, overHidden: true },
        { prop: 'line', label: L('line'), search: true, rules: [{ max: 128 }], width: 110 },
        { prop: 'area', label: L('area'), rules: [{ max: 128 }], width: 110 },
        { prop: 'location', label: L('location'), rules: [{ max: 255 }], hide: true },
        { prop: 'manufacturer', label: L('manufacturer'), rules: [{ max: 128 }], hide: true },
        { prop: 'serialNo', label: L('serialNo'), rules: [{ max: 128 }], hide: true },
        { prop: 'installDate', label: L('installDate'), formComponent: DateField, width: 110 },
        { prop: 'pointCount', label: 'device.model.pointCount', display: false, width: 80 },
        { prop: 'sort', label: L('sort'), type: 'number', value: 0, hide: true },
        { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true },
      ],
      toolbar: [
        {
          key: 'import',
          code: 'device_device_import',
          label: 'shared.import',
          icon: <UploadOutlined />,
          onClick: () => setImporting(true),
        },
        {
          key: 'export',
          code: 'device_device_export',
          label: 'shared.export',
          icon: <DownloadOutlined />,
          onClick: async () => {
            if (!(await confirm(t('shared.exportConfirm'), { title: t('common.tip') }))) return;
            await download(DEVICE_EXPORT_URL, { params: query, filename: t(L('exportName')) });
          },
        },
      ],
      rowActions: [
        {
          key: 'parts',
          code: 'device_device_view',
          label: L('parts'),
          icon: <ApartmentOutlined />,
          onClick: (device) => setDrawer({ kind: 'parts', device }),
        },
        {
          key: 'points',
          code: 'device_device_view',
          label: L('points'),
          icon: <NodeIndexOutlined />,
          onClick: (device) => setDrawer({ kind: 'points', device }),
        },
        {
          key: 'cameras',
          code: 'device_device_view',
          label: 'video.camera.deviceCameras',
          icon: <VideoCameraOutlined />,
          onClick: (device) => setDrawer({ kind: 'cameras', device }),
        },
        {
          key: 'topology',
          code: 'device_device_view',
          label: 'topology.deviceTopologies',
          icon: <ShareAltOutlined />,
          onClick: (device) => setDrawer({ kind: 'topology', device }),
        },
      ],
    }),
    [name, query, t],
  );

  return (
    <>
      <CrudPage ref={handle} option={option} api={deviceApi} query={query} />
      <Suspense>
        {importing && (
          <AreaImport
            action={DEVICE_IMPORT_URL}
            templateUrl={DEVICE_TEMPLATE_URL}
            templateName={t(L('templateName'))}
            onClose={() => setImporting(false)}
            onDone={() => void handle.current?.refresh()}
          />
        )}
        {drawer?.kind === 'parts' && <DeviceParts device={drawer.device} onClose={() => setDrawer(null)} />}
        {drawer?.kind === 'points' && <DevicePoints device={drawer.device} onClose={() => setDrawer(null)} />}
        {(drawer?.kind === 'cameras' || drawer?.kind === 'topology') && (
          <DeviceWatch device={drawer.device} tab={drawer.kind} onClose={() => setDrawer(null)} />
        )}
      </Suspense>
    </>
  );
}
