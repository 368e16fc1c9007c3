import {
  ClearOutlined,
  CloudUploadOutlined,
  CodeOutlined,
  EyeOutlined,
  ImportOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Space, Tooltip, TreeSelect } from 'antd';
import { type Dispatch, memo, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormCatalogueNode, fetchCatalogueTree, fetchDesigns, formKeys } from '#src/api/formAdmin';

/**
 * The design screen's two bars, memoised: a change of the form (an undo, a drop) re-renders neither, so the
 * canvas alone answers a command.
 */

const L = (key: string) => `form.design.${key}`;

export interface DesignMeta {
  name: string;
  catalogueId?: string;
  status?: number;
  version?: number;
}

/** The form being designed: pick or start one, its name and folder, its version, save and publish. */
export const DesignBar = memo(function DesignBar({
  designId,
  meta,
  onMeta,
  onOpen,
  canSave,
  busy,
  onSave,
  onPublish,
}: {
  designId?: string;
  meta: DesignMeta;
  onMeta: Dispatch<SetStateAction<DesignMeta>>;
  onOpen: (id?: string) => void;
  canSave: boolean;
  busy: boolean;
  onSave: () => void;
  onPublish: () => void;
}) {
  const { t } = useTranslation();
  const designs = useQuery({ queryKey: formKeys.of('designs'), queryFn: fetchDesigns });
  const catalogue = useQuery({ queryKey: formKeys.of('catalogue', 'tree'), queryFn: fetchCatalogueTree });
  return (
    <div className="pd-designer-bar">
      <Select
        style={{ width: 220 }}
        placeholder={t(L('pickForm'))}
        value={designId}
        showSearch
        optionFilterProp="label"
        options={(designs.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
        onChange={(id) => onOpen(id || undefined)}
        allowClear
        onClear={() => onOpen()}
        data-form-pick
      />
      <Button onClick={() => onOpen()}>{t(L('newForm'))}</Button>
      <Input
        style={{ width: 220 }}
        placeholder={t(L('name'))}
        aria-label={t(L('name'))}
        value={meta.name}
        onChange={(e) => onMeta((m) => ({ ...m, name: e.target.value }))}
        data-form-name
      />
      <TreeSelect
        style={{ width: 200 }}
        placeholder={t(L('catalogue'))}
        value={meta.catalogueId}
        allowClear
        treeDefaultExpandAll
        treeData={toTree(catalogue.data ?? [])}
        onChange={(v) => onMeta((m) => ({ ...m, catalogueId: v }))}
        data-form-catalogue
      />
      {meta.version ? (
        <span style={{ color: 'var(--ant-color-text-secondary)' }}>
          v{meta.version}
          {meta.status === 0 ? ' *' : ''}
        </span>
      ) : null}
      <Space style={{ marginLeft: 'auto' }}>
        {canSave && (
          <Button icon={<SaveOutlined />} onClick={onSave} loading={busy}>
            {t(L('save'))}
          </Button>
        )}
        {canSave && (
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={onPublish} loading={busy}>
            {t(L('publish'))}
          </Button>
        )}
      </Space>
    </div>
  );
});

export type CanvasAction = 'import' | 'json' | 'preview' | 'clear' | 'undo' | 'redo';

/** Above the canvas: import JSON, generate JSON, preview, clear, undo and redo (spec §2). */
export const CanvasToolbar = memo(function CanvasToolbar({
  canUndo,
  canRedo,
  onAction,
}: {
  canUndo: boolean;
  canRedo: boolean;
  onAction: (action: CanvasAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pd-canvas-toolbar">
      <Button size="small" icon={<ImportOutlined />} onClick={() => onAction('import')}>
        {t(L('importJson'))}
      </Button>
      <Button size="small" icon={<CodeOutlined />} onClick={() => onAction('json')}>
        {t(L('generateJson'))}
      </Button>
      <Button size="small" icon={<EyeOutlined />} onClick={() => onAction('preview')}>
        {t(L('preview'))}
      </Button>
      <Button size="small" danger icon={<ClearOutlined />} onClick={() => onAction('clear')}>
        {t(L('clear'))}
      </Button>
      <Tooltip title="Ctrl/⌘+Z">
        <Button
          size="small"
          icon={<UndoOutlined />}
          aria-label={t(L('undo'))}
          disabled={!canUndo}
          onClick={() => onAction('undo')}
        />
      </Tooltip>
      <Tooltip title="Ctrl/⌘+Shift+Z, Ctrl+Y">
        <Button
          size="small"
          icon={<RedoOutlined />}
          aria-label={t(L('redo'))}
          disabled={!canRedo}
          onClick={() => onAction('redo')}
        />
      </Tooltip>
    </div>
  );
});

function toTree(
  nodes: FormCatalogueNode[],
): { value: string; title: string; children?: ReturnType<typeof toTree> }[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.name,
    children: n.children?.length ? toTree(n.children as FormCatalogueNode[]) : undefined,
  }));
}
