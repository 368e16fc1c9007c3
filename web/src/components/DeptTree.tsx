import { useQuery } from '@tanstack/react-query';
import { Card, Input, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDeptTree, type TreeNode } from '#src/api/org';
import { systemKeys } from '#src/api/system';

export interface DeptTreeProps {
  /** Platform administrator looking into another tenant. */
  tenantId?: string;
  /** The selected department id. */
  value?: string;
  /** Called with the clicked department, or undefined when it is clicked again (= all departments). */
  onChange?: (deptId: string | undefined) => void;
}

/** Keeps the nodes whose title contains `text`, with their ancestors. */
export function filterTree(nodes: TreeNode[], text: string): TreeNode[] {
  if (!text) return nodes;
  const needle = text.toLowerCase();
  return nodes.flatMap((node) => {
    const children = filterTree(node.children ?? [], text);
    if (node.title.toLowerCase().includes(needle) || children.length) return [{ ...node, children }];
    return [];
  });
}

/**
 * The left-side department tree that filters a list (users): GET /blade-system/dept/tree. Put the
 * chosen id into the CrudPage `query` (`{ deptId }`).
 */
export function DeptTree({ tenantId, value, onChange }: DeptTreeProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const tree = useQuery({
    queryKey: systemKeys.of('dept-tree', tenantId ?? ''),
    queryFn: () => fetchDeptTree(tenantId),
  });
  const data = useMemo(() => filterTree(tree.data ?? [], text.trim()), [tree.data, text]);
  return (
    <Card size="small" className="pd-dept-tree" title={t('shared.allDepts')}>
      <Input.Search
        allowClear
        placeholder={t('shared.deptSearch')}
        onChange={(e) => setText(e.target.value)}
      />
      <Spin spinning={tree.isLoading}>
        <Tree<TreeNode>
          blockNode
          defaultExpandAll
          key={`${tenantId ?? ''}-${text}-${tree.dataUpdatedAt}`}
          treeData={data}
          fieldNames={{ title: 'title', key: 'id', children: 'children' }}
          selectedKeys={value ? [value] : []}
          onSelect={(keys) => onChange?.(keys.length ? String(keys[0]) : undefined)}
          style={{ marginTop: 8 }}
        />
      </Spin>
    </Card>
  );
}
