import { useQuery } from '@tanstack/react-query';
import { Form, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchDeptTree, fetchPostSelect, fetchRoleTree, type TreeNode } from '#src/api/org';
import type { Post } from '#src/api/systemAdmin';
import { userKeys } from '#src/api/user';
import type { User } from '#src/api/userAdmin';
import type { CrudFieldProps } from '#src/components/CrudPage';

const SOURCES = { roleId: fetchRoleTree, deptId: fetchDeptTree, postId: fetchPostSelect };

/** The tenant the dialog works in: the form's tenant (platform administrator), else the caller's own. */
export function useFormTenant(form: CrudFieldProps<User>['form']) {
  return Form.useWatch('tenantId', form) as string | undefined;
}

/**
 * Roles, departments (check trees) and posts (multi select) of the user's tenant: the lists follow the
 * tenant picked in the dialog, so a platform administrator never hands out another tenant's roles.
 */
export default function OrgField({ id, value, onChange, disabled, form, column }: CrudFieldProps<User>) {
  const { t } = useTranslation();
  const tenantId = useFormTenant(form);
  const prop = column.prop as keyof typeof SOURCES;
  const source = SOURCES[prop];
  const list = useQuery({
    queryKey: userKeys.of('user-org', prop, tenantId ?? ''),
    queryFn: (): Promise<unknown[]> => source(tenantId),
    staleTime: 30_000,
  });
  const placeholder = t('crud.selectPlaceholder', { label: t(column.label) });
  const values = (value as string[] | undefined) ?? [];
  if (prop === 'postId') {
    return (
      <Select
        id={id}
        mode="multiple"
        allowClear
        disabled={disabled}
        loading={list.isLoading}
        value={values}
        placeholder={placeholder}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(v) => onChange?.(v)}
        options={((list.data ?? []) as Post[]).map((p) => ({ value: String(p.id), label: p.postName }))}
      />
    );
  }
  return (
    <TreeSelect
      id={id}
      multiple
      treeCheckable
      treeCheckStrictly
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      allowClear
      disabled={disabled}
      loading={list.isLoading}
      value={values}
      placeholder={placeholder}
      maxTagCount="responsive"
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      style={{ width: '100%' }}
      treeData={(list.data ?? []) as TreeNode[]}
      fieldNames={{ label: 'title', value: 'id', children: 'children' }}
      onChange={(v) =>
        onChange?.((v as (string | { value: string })[]).map((x) => (typeof x === 'object' ? x.value : x)))
      }
    />
  );
}
