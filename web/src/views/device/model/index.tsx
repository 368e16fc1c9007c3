import { ApartmentOutlined, CopyOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  copyModel,
  type DeviceModel,
  MODEL_EXPORT_URL,
  MODEL_IMPORT_URL,
  MODEL_TEMPLATE_URL,
  modelApi,
  modelSelectQuery,
} from '#src/api/deviceAdmin';
import { download } from '#src/api/download';
import { confirm, toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { type CrudHandle, type CrudOption, CrudPage, successMessage } from '#src/components/CrudPage';
import { AreaImport } from '../AreaImport';

const ModelStructure = lazyChunk(() => import('./ModelStructure'));

const L = (key: string) => `device.model.${key}`;

/**
 * 设备模型 (/device/model): the model library (a model may belong to a model family through its parent), each
 * model with its component tree and template points in a drawer; copy, Excel import (a job) and export.
 * Button codes: model_add / _edit / _delete / _view / _copy / _import / _export.
 */
export default function ModelPage() {
  const { t } = useTranslation();
  const handle = useRef<CrudHandle>(null);
  const [importing, setImporting] = useState(false);
  const [structure, setStructure] = useState<DeviceModel | null>(null);

  const option = useMemo<CrudOption<DeviceModel>>(
    () => ({
      name: 'device-model',
      permissions: { add: 'model_add', edit: 'model_edit', view: 'model_view', delete: 'model_delete' },
      dialogWidth: 760,
      columns: [
        { prop: 'name', label: L('name'), search: true, required: true, rules: [{ max: 128 }], width: 220 },
        { prop: 'code', label: L('code'), search: true, required: true, rules: [{ max: 64 }], width: 160 },
        {
          prop: 'parentId',
          label: L('parentId'),
          type: 'select',
          dicQuery: modelSelectQuery,
          props: { label: 'name', value: 'id' },
          hide: true,
        },
        { prop: 'category', label: L('category'), search: true, rules: [{ max: 64 }], width: 120 },
        {
          prop: 'manufacturer',
          label: L('manufacturer'),
          rules: [{ max: 128 }],
          width: 160,
          overHidden: true,
        },
        { prop: 'specification', label: L('specification'), rules: [{ max: 255 }], overHidden: true },
        { prop: 'componentCount', label: L('componentCount'), display: false, width: 90 },
        { prop: 'pointCount', label: L('pointCount'), display: false, width: 90 },
        { prop: 'sort', label: L('sort'), type: 'number', value: 0, hide: true },
        { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true },
        { prop: 'createTime', label: L('createTime'), display: false, width: 170 },
      ],
      toolbar: [
        {
          key: 'import',
          code: 'model_import',
          label: 'shared.import',
          icon: <UploadOutlined />,
          onClick: () => setImporting(true),
        },
        {
          key: 'export',
          code: 'model_export',
          label: 'shared.export',
          icon: <DownloadOutlined />,
          onClick: async (rows) => {
            if (!(await confirm(t('shared.exportConfirm'), { title: t('common.tip') }))) return;
            const ids = rows.map((row) => row.id).join(',');
            await download(MODEL_EXPORT_URL, { params: ids ? { ids } : {}, filename: t(L('exportName')) });
          },
        },
      ],
      rowActions: [
        {
          key: 'structure',
          code: 'model_view',
          label: L('structure'),
          icon: <ApartmentOutlined />,
          onClick: (row) => setStructure(row),
        },
        {
          key: 'copy',
          code: 'model_copy',
          label: L('copy'),
          icon: <CopyOutlined />,
          onClick: async (row, ctx) => {
            if (!(await confirm(t(L('copyConfirm'), { name: row.name }), { title: t('common.tip') }))) return;
            try {
              toast.success(successMessage(t(L('copyDone')), await copyModel(row.id)));
              await ctx.refresh();
            } catch {
              // shown by the HTTP layer
            }
          },
        },
      ],
    }),
    [t],
  );

  return (
    <>
      <CrudPage ref={handle} option={option} api={modelApi} />
      <Suspense>
        {importing && (
          <AreaImport
            action={MODEL_IMPORT_URL}
            templateUrl={MODEL_TEMPLATE_URL}
            templateName={t(L('templateName'))}
            onClose={() => setImporting(false)}
            onDone={() => void handle.current?.refresh()}
          />
        )}
        {structure && <ModelStructure model={structure} onClose={() => setStructure(null)} />}
      </Suspense>
    </>
  );
}
