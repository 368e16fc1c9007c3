import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Input, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMenuOnlyLevel, type MenuRow, searchMenus } from '#src/api/menuAdmin';
import { systemKeys } from '#src/api/system';
import { menuLabel } from '#src/app/menus';
import { useSettings } from '#src/app/stores/settings';

export interface MenuSideTreeProps {
  selected?: MenuRow;
  onSelect(menu: MenuRow | undefined): void;
}

interface Built {
  nodes: DataNode[];
  byKey: Map<string, MenuRow>;
}

function build(rows: MenuRow[], children: Record<string, MenuRow[]>, label: (m: MenuRow) => string): Built {
  const byKey = new Map<string, MenuRow>();
  const walk = (level: MenuRow[]): DataNode[] =>
    level.map((row) => {
      const key = String(row.id);
      byKey.set(key, row);
      const kids = row.children ?? children[key];
      return {
        key,
        title: label(row),
        isLeaf: kids ? kids.length === 0 : !row.hasChildren,
        ...(kids ? { children: walk(kids) } : {}),
      };
    });
  return { nodes: walk(rows), byKey };
}

/**
 * The menus (no buttons) as a side tree for the scope screens: the first level is listed, children load
 * on expand (lazy-menu-list); a search lists the matching menus as a forest (menu-list?name=).
 */
export function MenuSideTree({ selected, onSelect }: MenuSideTreeProps) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const [search, setSearch] = useState('');
  const [children, setChildren] = useState<Record<string, MenuRow[]>>({});
  const roots = useQuery({
    queryKey: systemKeys.of('scope-menu-level', '0'),
    queryFn: () => fetchMenuOnlyLevel('0'),
  });
  const found = useQuery({
    queryKey: systemKeys.of('scope-menu-search', search),
    queryFn: () => searchMenus(search),
    enabled: Boolean(search),
  });
  const searching = Boolean(search);
  const { nodes, byKey } = useMemo(() => {
    const label = (m: MenuRow) => `${menuLabel(m, language)} (${m.code})`;
    return build((searching ? found.data : roots.data) ?? [], searching ? {} : children, label);
  }, [searching, found.data, roots.data, children, language]);
  const loading = searching ? found.isLoading : roots.isLoading;
  return (
    <Card size="small" className="pd-scope-side" title={t('authority.datascope.menus')}>
      <Input.Search
        allowClear
        placeholder={t('authority.datascope.menuSearch')}
        aria-label={t('authority.datascope.menuSearch')}
        onSearch={(v) => setSearch(v.trim())}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={loading}>
        {nodes.length ? (
          <Tree
            key={searching ? `search-${search}` : 'lazy'}
            blockNode
            height={560}
            treeData={nodes}
            defaultExpandAll={searching}
            selectedKeys={selected ? [String(selected.id)] : []}
            onSelect={(keys) => onSelect(keys.length ? byKey.get(String(keys[0])) : undefined)}
            loadData={
              searching
                ? undefined
                : async (node) => {
                    const key = String(node.key);
                    if (children[key]) return;
                    const level = await fetchMenuOnlyLevel(key);
                    setChildren((c) => ({ ...c, [key]: level }));
                  }
            }
          />
        ) : (
          !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Spin>
    </Card>
  );
}
