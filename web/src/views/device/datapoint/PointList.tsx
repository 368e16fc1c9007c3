import { AlertOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Switch } from 'antd';
import { Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DataPoint,
  datapointApi,
  deviceSelectQuery,
  POINT_EXPORT_URL,
  POINT_IMPORT_URL,
  POINT_TEMPLATE_URL,
  switchAlarm,
} from '#src/api/deviceAdmin';
import { download } from '#src/api/download';
import { confirm, toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { useAccess } from '#src/components/Access';
import { type CrudColumn, type CrudHandle, type CrudOption, CrudPage } from '#src/components/CrudPage';
import { AreaImport } from '../AreaImport';
import { pointColumns } from './pointColumns';

const AlarmDialog = lazyChunk(() => import('./AlarmDialog'));

const L = (key: string) => `device.datapoint.${key}`;

const POINT_CRUD = {
  add: 'datapoint_add',
  edit: 'datapoint_edit',
  view: 'datapoint_view',
  delete: 'datapoint_delete',
};

/** `columns` with `extra` right after the column of `prop` (the alarm switch beside the point's name). */
export function withAfter<T>(columns: CrudColumn<T>[], prop: string, extra: CrudColumn<T>): CrudColumn<T>[] {
  const at = columns.findIndex((c) => c.prop === prop);
  return at < 0 ? [...columns, extra] : [...columns.slice(0, at + 1), extra, ...columns.slice(at + 1)];
}

export interface PointListProps {
  name?: string;
  /** Only this device's points (the ledger's points drawer); the device column and search go. */
  deviceId?: string;
}

/**
 * The data-point list: search by device, code and name; points normally come from the device's model, and
 * here they are added, removed and overridden per device; alarm settings
 * (detail, submit) in a dialog and the alarm switch in the row; Excel export and import (a job, see the
 * import-export log). Button codes: datapoint_add / _edit / _delete / _view / _import / _export.
 */
export function PointList({ name = 'datapoint', deviceId }: PointListProps) {
  const { t } = useTranslation();
  const can = useAccess();
  const handle = useRef<CrudHandle>(null);
  const [importing, setImporting] = useState(false);
  const [alarm, setAlarm] = useState<DataPoint | null>(null);
  const query = useMemo(() => (deviceId ? { deviceId } : undefined), [deviceId]);

  const option = useMemo<CrudOption<DataPoint>>(() => {
    const lead: CrudColumn<DataPoint>[] = deviceId
      ? []
      : [
          {
            prop: 'deviceId',
            label: L('deviceId'),
            type: 'select',
            dicQuery: deviceSelectQuery,
            props: { label: 'name', value: 'id' },
            search: true,
            required: true,
            editDisabled: true,
            hide: true,
          },
          { prop: 'deviceName', label: L('deviceName'), display: false, width: 150, overHidden: true },
        ];
    const toggle = async (row: DataPoint, on: boolean) => {
      try {
        await switchAlarm(row.id, on);
        toast.success(t(L(on ? 'switchOnDone' : 'switchOffDone')));
        await handle.current?.refresh();
      } catch {
        // shown by the HTTP layer
      }
    };
    const alarmColumn: CrudColumn<DataPoint> = {
      prop: 'alarmSwitch',
      label: L('alarmSwitch'),
      display: false,
      width: 100,
      render: (row) => (
        <Switch
          size="small"
          aria-label={t(L('alarmSwitch'))}
          checked={row.alarmSwitch === 1}
          disabled={!can('datapoint_edit')}
          onChange={(on) => void toggle(row, on)}
        />
      ),
    };
    return {
      name,
      permissions: POINT_CRUD,
      // A point of the device drawer belongs to that device.
      beforeSubmit: (body) => (deviceId ? { ...body, deviceId } : body),
      dialogWidth: 860,
      columns: [...withAfter(pointColumns(lead), 'name', alarmColumn)],
      toolbar: deviceId
        ? []
        : [
            {
              key: 'import',
              code: 'datapoint_import',
              label: 'shared.import',
              icon: <UploadOutlined />,
              onClick: () => setImporting(true),
            },
            {
              key: 'export',
              code: 'datapoint_export',
              label: 'shared.export',
              icon: <DownloadOutlined />,
              onClick: async (rows) => {
                if (!(await confirm(t('shared.exportConfirm'), { title: t('common.tip') }))) return;
                const ids = rows.map((row) => row.id).join(',');
                await download(POINT_EXPORT_URL, {
                  params: ids ? { ids } : {},
                  filename: t(L('exportName')),
                });
              },
            },
          ],
      rowActions: [
        {
          key: 'alarm',
          code: 'datapoint_edit',
          label: L('alarm'),
          icon: <AlertOutlined />,
          onClick: (row) => setAlarm(row),
        },
      ],
    };
  }, [name, deviceId, can, t]);

  return (
    <>
      <CrudPage ref={handle} option={option} api={datapointApi} query={query} />
      <Suspense>
        {importing && (
          <AreaImport
            action={POINT_IMPORT_URL}
            templateUrl={POINT_TEMPLATE_URL}
            templateName={t(L('templateName'))}
            onClose={() => setImporting(false)}
            onDone={() => void handle.current?.refresh()}
          />
        )}
        {alarm && (
          <AlarmDialog
            point={alarm}
            onClose={() => setAlarm(null)}
            onSaved={() => {
              setAlarm(null);
              void handle.current?.refresh();
            }}
          />
        )}
      </Suspense>
    </>
  );
}
