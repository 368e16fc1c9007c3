import { useQuery } from '@tanstack/react-query';
import { Card, Input, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceTreeNode } from '#src/api/deviceAdmin';

/** The title shown: a node the platform names itself (no department, no model) has an English one. */
export const nodeTitle = (node: DeviceTreeNode, english: boolean) => (english && node.titleEn) || node.title;

/** Keeps the nodes whose shown title contains `text` (any case), with their ancestors. */
export function filterNodes(nodes: DeviceTreeNode[], text: string, english = false): DeviceTreeNode[] {
  if (!text) return nodes;
  const needle = text.toLowerCase();
  return nodes.flatMap((node) => {
    const children = filterNodes(node.children ?? [], text, english);
    if (nodeTitle(node, english).toLowerCase().includes(needle) || children.length)
      return [{ ...node, children }];
    return [];
  });
}

export interface DeviceTreeProps {
  title: string;
  placeholder: string;
  query: { queryKey: readonly unknown[]; queryFn: () => Promise<DeviceTreeNode[]> };
  /** Nodes of these types can be picked (the others only group). */
  pickable: string[];
  value?: DeviceTreeNode;
  onChange(node: DeviceTreeNode | undefined): void;
}

/** The side tree of the organisation (departments and their devices) and framework (models, devices,
 * components) views; clicking the picked node again clears the pick. */
export function DeviceTree({ title, placeholder, query, pickable, value, onChange }: DeviceTreeProps) {
  const [text, setText] = useState('');
  const english = useTranslation().i18n.language === 'en';
  const tree = useQuery(query);
  const data = useMemo(() => filterNodes(tree.data ?? [], text.trim(), english), [tree.data, text, english]);
  const index = useMemo(() => {
    const map = new Map<string, DeviceTreeNode>();
    const walk = (nodes: DeviceTreeNode[]) => {
      for (const node of nodes) {
        map.set(node.key, node);
        walk(node.children ?? []);
      }
    };
    walk(tree.data ?? []);
    return map;
  }, [tree.data]);
  return (
    <Card size="small" title={title}>
      <Input.Search allowClear placeholder={placeholder} onChange={(e) => setText(e.target.value)} />
      <Spin spinning={tree.isLoading}>
        <Tree<DeviceTreeNode>
          blockNode
          defaultExpandAll
          key={`${text}-${tree.dataUpdatedAt}`}
          treeData={data}
          fieldNames={{ title: 'title', key: 'key', children: 'children' }}
          titleRender={(node) => nodeTitle(node, english)}
          selectedKeys={value ? [value.key] : []}
          onSelect={(keys) => {
            const node = keys.length ? index.get(String(keys[0])) : undefined;
            if (!node) onChange(undefined);
            else if (pickable.includes(node.type)) onChange(node);
          }}
          style={{ marginTop: 8, maxHeight: 'calc(100vh - 300px)', overflow: 'auto' }}
        />
      </Spin>
    </Card>
  );
}
