import { Button, Space, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '#src/api/org';
import { allKeys, checkedForTree, grantKeys } from './grantKeys';

export interface MenuGrantTreeProps {
  /** `{id, parentId, title, key, children}` forest (menu/grant-tree `.menu`, menu/tree, scope trees). */
  treeData: TreeNode[];
  /** Saved keys (may list partial parents: they show half-checked, see checkedForTree). */
  value?: string[];
  /** The keys to save: fully checked ones (plus half-checked parents when `withHalfChecked`). */
  onChange?: (keys: string[]) => void;
  withHalfChecked?: boolean;
  disabled?: boolean;
  /** Scroll height of the tree (default 360). */
  height?: number;
}

/** A checkable menu tree with half-checked parents handled, in the console's language; for role grants and tenant packages. */
export function MenuGrantTree({
  treeData,
  value = [],
  onChange,
  withHalfChecked,
  disabled,
  height = 360,
}: MenuGrantTreeProps) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  const checked = useMemo(() => checkedForTree(treeData, value), [treeData, value]);
  const everything = useMemo(() => allKeys(treeData), [treeData]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  return (
    <div className="pd-grant-tree">
      <Space size="small" style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setExpanded(everything)}>
          {t('shared.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('shared.collapseAll')}
        </Button>
        {!disabled && (
          <Button size="small" onClick={() => onChange?.(everything)}>
            {t('shared.checkAll')}
          </Button>
        )}
      </Space>
      <Tree
        checkable
        selectable={false}
        disabled={disabled}
        height={height}
        treeData={treeData}
        fieldNames={{ title: 'title', key: 'key', children: 'children' }}
        titleRender={(node) => (english && node.titleEn) || node.title}
        checkedKeys={checked}
        expandedKeys={expanded ?? undefined}
        defaultExpandedKeys={treeData.map((n) => n.key)}
        onExpand={(keys) => setExpanded(keys.map(String))}
        onCheck={(keys, info) => {
          const full = (Array.isArray(keys) ? keys : keys.checked).map(String);
          onChange?.(grantKeys(full, (info.halfCheckedKeys ?? []).map(String), withHalfChecked));
        }}
      />
    </div>
  );
}
