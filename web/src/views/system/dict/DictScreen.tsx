import { DownloadOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { Modal, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '#src/api/crud';
import {
  type DictKind,
  type DictRow,
  dictChildApi,
  dictFileUrls,
  dictParentApi,
  fetchDictChildren,
} from '#src/api/dictAdmin';
import { download } from '#src/api/download';
import { confirm, toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import {
  type CrudColumn,
  type CrudHandle,
  type CrudOption,
  CrudPage,
  successMessage,
} from '#src/components/CrudPage';
import { useActingTenant } from '#src/components/TenantSelect';
import { i18n } from '#src/i18n';

const ExcelImport = lazyChunk(() => import('#src/components/ExcelImport'));

/** Menu code (permission prefix) of each kind: `dict_add`, `dictbiz_edit`, ... */
const CODE: Record<DictKind, string> = { dict: 'dict', 'dict-biz': 'dictbiz' };

export const isSealed = (row: DictRow) => Number(row.isSealed) === 1;

const SEALED_OPTIONS = [
  { label: 'crud.no', value: 0 },
  { label: 'crud.yes', value: 1 },
];

/**
 * Spec §5 rules of a dictionary row; the messages are the backend's (dicts.py), so the client and the
 * server say the same. `system`: the system dictionary limits the code to 1-20 characters.
 */
export function dictColumns(system: boolean, child: boolean): CrudColumn<DictRow>[] {
  const columns: CrudColumn<DictRow>[] = [
    {
      prop: 'code',
      label: 'system.dict.code',
      search: !child,
      required: true,
      // Items carry their dictionary's code (the backend refuses another one).
      addDisabled: child,
      editDisabled: child,
      rules: [
        { whitespace: true, message: 'system.dict.codeRequired' },
        system
          ? { max: 20, message: 'system.dict.codeLength' }
          : { max: 255, message: 'system.dict.codeTooLong' },
      ],
      width: 160,
    },
    {
      prop: 'dictValue',
      label: 'system.dict.dictValue',
      search: true,
      required: true,
      rules: [
        { whitespace: true, message: 'system.dict.dictValueRequired' },
        { max: 20, message: 'system.dict.dictValueLength' },
      ],
      width: 180,
    },
    {
      prop: 'dictValueEn',
      label: 'system.dict.dictValueEn',
      rules: [{ max: 255, message: 'system.dict.dictValueEnTooLong' }],
      width: 180,
    },
  ];
  if (child)
    columns.push({
      prop: 'dictKey',
      label: 'system.dict.dictKey',
      search: true,
      required: true,
      rules: [
        { whitespace: true, message: 'system.dict.dictKeyRequired' },
        { max: 255, message: 'system.dict.dictKeyTooLong' },
        {
          validator: async (_, value) => {
            if (String(value ?? '').trim() === '-1') throw new Error(i18n.t('system.dict.dictKeyParent'));
          },
        },
      ],
      width: 140,
    });
  columns.push(
    { prop: 'sort', label: 'system.dict.sort', type: 'number', required: true, width: 100 },
    {
      prop: 'isSealed',
      label: 'system.dict.isSealed',
      type: 'radio',
      dicData: SEALED_OPTIONS,
      required: true,
      value: 0,
      width: 100,
      render: (row) =>
        isSealed(row) ? (
          <Tag color="orange">{i18n.t('system.dict.sealed')}</Tag>
        ) : (
          <Tag>{i18n.t('crud.no')}</Tag>
        ),
    },
    {
      prop: 'remark',
      label: 'system.dict.remark',
      type: 'textarea',
      span: 24,
      rules: [{ max: 50, message: 'system.dict.remarkLength' }],
    },
  );
  return columns;
}

interface RemoveContext {
  refresh(): Promise<void>;
}

/** Delete with the spec's prompt; a sealed row's refusal is the server's message (HTTP layer toast). */
async function removeRows(api: CrudApi<DictRow>, rows: DictRow[], ctx: RemoveContext) {
  if (!(await confirm(i18n.t('crud.deleteConfirm'), { title: i18n.t('common.tip'), danger: true }))) return;
  try {
    const msg = await api.remove(rows.map((r) => String(r.id)));
    toast.success(successMessage(i18n.t('crud.deleteSuccess'), msg));
    await ctx.refresh();
  } catch {
    // shown by the HTTP layer (spec §8)
  }
}

async function exportDict(kind: DictKind, code?: string, tenantId?: string) {
  if (!(await confirm(i18n.t('shared.exportConfirm'), { title: i18n.t('common.tip') }))) return;
  const name = i18n.t(kind === 'dict' ? 'system.dict.fileSystem' : 'system.dict.fileBiz');
  await download(dictFileUrls(kind).export, {
    params: { code, tenantId },
    filename: `${name}${code ? `-${code}` : ''}.xlsx`,
  });
}

/**
 * The shared option of both tables. Sealed rows (isSealed 1) hide their edit and delete buttons; a batch
 * delete touching one (or a parent above one) shows the server's refusal.
 */
function useDictOption(
  kind: DictKind,
  child: boolean,
  api: CrudApi<DictRow>,
  extra: Partial<CrudOption<DictRow>>,
): CrudOption<DictRow> {
  const code = CODE[kind];
  return useMemo<CrudOption<DictRow>>(() => {
    return {
      name: child ? `${code}-child` : code,
      permissions: { add: `${code}_add`, view: `${code}_view` },
      editBtn: false,
      delBtn: false,
      dialogWidth: 720,
      columns: dictColumns(kind === 'dict', child),
      toolbar: [
        {
          key: 'batchDelete',
          code: `${code}_delete`,
          label: 'crud.batchDelete',
          danger: true,
          batch: true,
          onClick: (rows, ctx) => removeRows(api, rows, ctx),
        },
        ...(extra.toolbar ?? []),
      ],
      rowActions: [
        {
          key: 'edit',
          code: `${code}_edit`,
          label: 'crud.edit',
          show: (row: DictRow) => !isSealed(row),
          onClick: (row: DictRow, ctx: { open(mode: 'edit', row: DictRow): void }) => ctx.open('edit', row),
        },
        {
          key: 'delete',
          code: `${code}_delete`,
          label: 'crud.delete',
          danger: true,
          show: (row: DictRow) => !isSealed(row),
          onClick: (row: DictRow, ctx: RemoveContext) => removeRows(api, [row], ctx),
        },
        ...(extra.rowActions ?? []),
      ],
      actionWidth: extra.actionWidth,
      lazy: extra.lazy,
      beforeOpen: extra.beforeOpen,
      beforeSubmit: extra.beforeSubmit,
    };
  }, [api, child, code, extra, kind]);
}

/** The items of one dictionary, in a dialog over the parent table. */
function ChildTable({
  kind,
  parent,
  tenantId,
  onClose,
}: {
  kind: DictKind;
  parent: DictRow;
  tenantId?: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const api = useMemo(() => dictChildApi(kind, tenantId), [kind, tenantId]);
  const query = useMemo(() => ({ parentId: String(parent.id) }), [parent.id]);
  const extra = useMemo<Partial<CrudOption<DictRow>>>(
    () => ({
      lazy: (row) => fetchDictChildren(kind, String(row.id), tenantId ? { tenantId } : {}),
      beforeOpen: (mode) => (mode === 'add' ? { code: parent.code, isSealed: 0 } : undefined),
      beforeSubmit: (body, mode, row) => ({
        ...body,
        code: parent.code,
        parentId: mode === 'add' ? parent.id : (row?.parentId ?? parent.id),
      }),
    }),
    [kind, parent, tenantId],
  );
  const option = useDictOption(kind, true, api, extra);
  return (
    <Modal
      open
      width={1000}
      title={t('system.dict.childTitle', { name: parent.dictValue, code: parent.code })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <CrudPage option={option} api={api} query={query} />
    </Modal>
  );
}

/**
 * 系统字典 (/system/dict) and 业务字典 (/system/dictbiz): the dictionaries (parent table) and, per row,
 * their items (child table, 字典配置). Excel export of one or all dictionaries, import with row errors.
 * Business dictionaries belong to a tenant: the platform administrator picks one and manages its
 * dictionaries like the own tenant's (`tenantId` on every call).
 */
export function DictScreen({ kind }: { kind: DictKind }) {
  const code = CODE[kind];
  const { acting, picker } = useActingTenant();
  const [parent, setParent] = useState<DictRow | null>(null);
  const [importing, setImporting] = useState(false);
  const handle = useRef<CrudHandle>(null);
  const biz = kind === 'dict-biz';
  const tenantId = biz ? acting : undefined;
  const api = useMemo(() => dictParentApi(kind, tenantId), [kind, tenantId]);

  const extra = useMemo<Partial<CrudOption<DictRow>>>(
    () => ({
      actionWidth: 280,
      toolbar: [
        {
          key: 'import',
          code: `${code}_import`,
          label: 'shared.import',
          icon: <UploadOutlined />,
          onClick: () => setImporting(true),
        },
        {
          key: 'export',
          code: `${code}_export`,
          label: 'shared.export',
          icon: <DownloadOutlined />,
          onClick: () => exportDict(kind, undefined, tenantId),
        },
      ],
      rowActions: [
        {
          key: 'items',
          code: `${code}_view`,
          label: 'system.dict.items',
          icon: <SettingOutlined />,
          onClick: (row) => setParent(row),
        },
        {
          key: 'exportOne',
          code: `${code}_export`,
          label: 'shared.export',
          onClick: (row) => exportDict(kind, row.code, tenantId),
        },
      ],
    }),
    [code, kind, tenantId],
  );
  const option = useDictOption(kind, false, api, extra);
  const refresh = () => void handle.current?.refresh();

  return (
    <>
      <CrudPage ref={handle} option={option} api={api} searchExtra={biz && picker} />
      {parent && (
        <ChildTable
          kind={kind}
          parent={parent}
          tenantId={tenantId}
          onClose={() => {
            setParent(null);
            refresh();
          }}
        />
      )}
      {importing && (
        <ExcelImport
          open
          action={dictFileUrls(kind).import}
          params={tenantId ? { tenantId } : undefined}
          onClose={() => setImporting(false)}
          onDone={refresh}
        />
      )}
    </>
  );
}
