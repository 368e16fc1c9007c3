import { useQuery } from '@tanstack/react-query';
import { Modal, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchRoleGrantTree,
  fetchRoleTreeKeys,
  type GrantKeys,
  grantRole,
  type Role,
} from '#src/api/roleAdmin';
import { systemKeys } from '#src/api/system';
import { toast } from '#src/app/feedback';
import { successMessage } from '#src/components/CrudPage';
import { MenuGrantTree } from '#src/components/MenuGrantTree';
import { useSaving } from '#src/components/useSaving';

export interface GrantDialogProps {
  roles: Role[];
  onClose(): void;
  onSaved(): void;
}

const EMPTY: GrantKeys = { menu: [], dataScope: [], apiScope: [] };
const TABS = ['menu', 'dataScope', 'apiScope'] as const;

/**
 * 权限设置: three check trees (menus with buttons, data scopes, API scopes) from menu/grant-tree, checked
 * from role-tree-keys, saved with role/grant (fully checked keys; the backend adds the ancestors). The
 * calls act in the roles' tenant (the platform administrator may grant another tenant's roles).
 */
export default function GrantDialog({ roles, onClose, onSaved }: GrantDialogProps) {
  const { t } = useTranslation();
  const ids = roles.map((r) => String(r.id));
  const tenantId = roles[0]?.tenantId;
  const tree = useQuery({
    queryKey: systemKeys.of('role-grant-tree'),
    queryFn: fetchRoleGrantTree,
    staleTime: 60_000,
  });
  const saved = useQuery({
    queryKey: systemKeys.of('role-tree-keys', ids.join(','), tenantId),
    queryFn: () => fetchRoleTreeKeys(ids, tenantId),
    gcTime: 0,
  });
  const [keys, setKeys] = useState<GrantKeys>(EMPTY);
  const { saving, run } = useSaving();
  useEffect(() => {
    if (saved.data) setKeys({ ...EMPTY, ...saved.data });
  }, [saved.data]);

  const save = async () => {
    await run(async () => {
      toast.success(successMessage(t('common.success'), await grantRole(ids, keys, tenantId)));
      onSaved();
    });
  };

  return (
    <Modal
      open
      title={`${t('system.role.grantTitle')}: ${roles.map((r) => r.roleName).join(', ')}`}
      onCancel={onClose}
      onOk={save}
      okButtonProps={{ disabled: saved.isLoading || tree.isLoading }}
      confirmLoading={saving}
      width={560}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Spin spinning={tree.isLoading || saved.isLoading}>
        <Tabs
          items={TABS.map((tab) => ({
            key: tab,
            label: t(`system.role.${tab}`),
            children: (
              <MenuGrantTree
                treeData={tree.data?.[tab] ?? []}
                value={saved.isLoading ? [] : keys[tab]}
                onChange={(next) => setKeys((k) => ({ ...k, [tab]: next }))}
                height={400}
              />
            ),
          }))}
        />
      </Spin>
    </Modal>
  );
}
