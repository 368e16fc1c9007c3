import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { fetchGrantTree } from '#src/api/org';
import { systemKeys } from '#src/api/system';
import type { TenantPackage } from '#src/api/systemAdmin';
import type { CrudFieldProps } from '#src/components/CrudPage';
import { MenuGrantTree } from '#src/components/MenuGrantTree';

/**
 * The package's menus: the grant tree (menus with their buttons; a package must list buttons too, or
 * its tenants lose them) as a check tree. The value is the id list; CrudPage joins it with commas.
 */
export default function MenuTreeField({ id, value, onChange, disabled }: CrudFieldProps<TenantPackage>) {
  const tree = useQuery({
    queryKey: systemKeys.of('menu-grant-tree'),
    queryFn: fetchGrantTree,
    staleTime: 60_000,
  });
  return (
    <Spin spinning={tree.isLoading}>
      <div id={id} className="pd-menu-tree-field">
        <MenuGrantTree
          treeData={tree.data?.menu ?? []}
          value={(value as string[] | undefined) ?? []}
          onChange={onChange}
          disabled={disabled}
          height={320}
        />
      </div>
    </Spin>
  );
}
