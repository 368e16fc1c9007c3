import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout, reloadAccount } from '#src/app/account';
import { toast } from '#src/app/feedback';
import { refreshSession } from '#src/app/refreshSession';
import { lazyChunk } from '#src/app/registry';
import { useSession } from '#src/app/stores/session';
import { HOME_PATH } from '#src/app/stores/tabs';

const DeptRoleDialog = lazyChunk(() =>
  import('#src/components/DeptRoleDialog').then((m) => ({ default: m.DeptRoleDialog })),
);

/** Avatar and name with home, user info, switch department (switch mode) and logout (spec §2). */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const auth = useSession((s) => s.auth);
  const switchMode = useSession((s) => s.config.switchMode);
  const [switching, setSwitching] = useState(false);

  const items: MenuProps['items'] = [
    { key: 'home', label: t('header.home') },
    { key: 'info', label: t('header.userInfo') },
    ...(switchMode ? [{ key: 'switch', label: t('header.switchDept') }] : []),
    { type: 'divider' },
    { key: 'logout', label: t('header.logout') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'home') navigate(HOME_PATH);
    else if (key === 'info') navigate('/info/index');
    else if (key === 'switch') setSwitching(true);
    else logout();
  };

  const onSwitch = async (choice: { deptId: string; roleId: string }) => {
    await refreshSession(choice);
    await reloadAccount();
    setSwitching(false);
    toast.success(t('common.success'));
    navigate(HOME_PATH);
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <button type="button" className="pd-user" aria-label={t('header.account')}>
          <Avatar size={28} src={user?.avatar || undefined} icon={<UserOutlined />} />
          <span className="pd-user-name">{user?.realName || user?.account}</span>
          <DownOutlined />
        </button>
      </Dropdown>
      {switching && user && (
        <Suspense fallback={null}>
          <DeptRoleDialog
            userId={user.id}
            initial={{ deptId: auth?.dept_id, roleId: auth?.role_id }}
            onOk={onSwitch}
            onCancel={() => setSwitching(false)}
          />
        </Suspense>
      )}
    </>
  );
}
