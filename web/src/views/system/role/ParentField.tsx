import { skipToken, useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '#src/api/org';
import { systemKeys } from '#src/api/system';
import type { CrudFieldProps } from '#src/components/CrudPage';

/**
 * The parent of a tree row (roles, departments): the tree of `column.dicQuery`, fetched fresh each time the
 * dialog opens so a node added a moment ago can be picked (and shows its name, not its id).
 */
// biome-ignore lint/suspicious/noExplicitAny: used by the role and the department column models.
export default function ParentField({ id, value, onChange, disabled, column }: CrudFieldProps<any>) {
  const { t } = useTranslation();
  const tree = useQuery({
    queryKey: systemKeys.of('parent-tree', ...(column.dicQuery?.queryKey ?? [])),
    queryFn: column.dicQuery?.queryFn ?? skipToken,
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <TreeSelect
      id={id}
      allowClear
      disabled={disabled}
      loading={tree.isFetching}
      value={tree.isFetching ? undefined : ((value as string | undefined) ?? undefined)}
      placeholder={t('crud.selectPlaceholder', { label: t(column.label) })}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      style={{ width: '100%' }}
      treeData={(tree.data ?? []) as TreeNode[]}
      fieldNames={{ label: 'title', value: 'id', children: 'children' }}
      onChange={(v) => onChange?.(v)}
    />
  );
}
