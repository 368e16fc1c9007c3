import { useQuery } from '@tanstack/react-query';
import { Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchGrantTopTree, fetchTopTreeKeys, grantTopMenus, type TopMenuRow } from '#src/api/menuAdmin';
import { systemKeys } from '#src/api/system';
import { toast } from '#src/app/feedback';
import { MenuGrantTree } from '#src/components/MenuGrantTree';
import { useSaving } from '#src/components/useSaving';

/**
 * 菜单配置: the menus of the selected top menus. Half-checked parents are saved too: the sidebar of a
 * top menu shows exactly the attached menus, so a sub-menu needs its parents attached.
 */
export default function SettingDialog({
  rows,
  onClose,
}: {
  rows: TopMenuRow[];
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const ids = rows.map((r) => String(r.id));
  const tree = useQuery({
    queryKey: systemKeys.of('menu-grant-top-tree'),
    queryFn: fetchGrantTopTree,
    staleTime: 60_000,
  });
  const keys = useQuery({
    queryKey: systemKeys.of('menu-top-tree-keys', ids.join(',')),
    queryFn: () => fetchTopTreeKeys(ids),
    gcTime: 0,
  });
  const [value, setValue] = useState<string[] | null>(null);
  const { saving, run } = useSaving();
  useEffect(() => {
    if (keys.data && value === null) setValue(keys.data);
  }, [keys.data, value]);
  const save = async () => {
    await run(async () => {
      await grantTopMenus(ids, value ?? []);
      toast.success(t('system.topmenu.settingSaved'));
      onClose(true);
    });
  };
  return (
    <Modal
      open
      title={t('system.topmenu.settingTitle', { names: rows.map((r) => r.name).join(', ') })}
      onCancel={() => onClose(false)}
      onOk={save}
      confirmLoading={saving}
      okButtonProps={{ disabled: value === null }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Spin spinning={tree.isLoading || keys.isLoading}>
        <div className="pd-topmenu-tree" data-testid="topmenu-tree">
          <MenuGrantTree
            treeData={tree.data ?? []}
            value={value ?? []}
            onChange={setValue}
            withHalfChecked
            height={420}
          />
        </div>
      </Spin>
    </Modal>
  );
}
