import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearServerCache } from '#src/api/auth';
import { confirm, toast } from '#src/app/feedback';
import { findMenuByPath, menuLabel } from '#src/app/menus';
import { queryClient } from '#src/app/queryClient';
import { useSession } from '#src/app/stores/session';
import { useSettings } from '#src/app/stores/settings';
import { HOME_PATH, isClosable, neighbourOf, type Tab, useTabs } from '#src/app/stores/tabs';

/** The tab strip with its right-click / dropdown menu (spec §2). */
export function TabStrip({ activeKey }: { activeKey?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tabs, close, closeOthers, closeAll, clearCache } = useTabs();
  const [menuKey, setMenuKey] = useState(HOME_PATH);
  const [contextOpen, setContextOpen] = useState(false);
  const menus = useSession((s) => s.menus);
  const language = useSettings((s) => s.language);

  // A tab opens where it was left: its table state (CrudPage `urlState`) included.
  const go = (key: string) => navigate(tabs.find((tab) => tab.key === key)?.url ?? key);

  const closeTab = (key: string) => {
    if (key === activeKey) go(neighbourOf(tabs, key).key);
    close(key);
  };

  const actions = (key: string): MenuProps => ({
    items: [
      { key: 'cache', label: t('tabs.clearCache') },
      { key: 'others', label: t('tabs.closeOthers') },
      { key: 'all', label: t('tabs.closeAll') },
    ],
    onClick: async ({ key: action, domEvent }) => {
      domEvent.stopPropagation();
      if (action === 'others') {
        closeOthers(key);
        if (key !== activeKey) go(key);
      } else if (action === 'all') {
        closeAll();
        navigate(HOME_PATH);
      } else if (await confirm(t('tabs.clearCacheConfirm'), { title: t('common.tip') })) {
        await clearServerCache().catch(() => undefined);
        queryClient.clear();
        clearCache();
        toast.success(t('tabs.cacheCleared'));
      }
    },
  });

  const label = (tab: Tab) => {
    const menu = findMenuByPath(menus, tab.path);
    return tab.label ?? (menu ? menuLabel(menu, language) : tab.labelKey ? t(tab.labelKey) : tab.path);
  };

  // One context menu for the whole strip: a right-click anywhere on a tab (label, padding or close button)
  // opens it for that tab; elsewhere on the strip, for the active one.
  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const node = (event.target as HTMLElement).closest('[data-node-key]');
    setMenuKey(node?.getAttribute('data-node-key') ?? activeKey ?? HOME_PATH);
  };

  return (
    <Dropdown
      menu={actions(menuKey)}
      trigger={['contextMenu']}
      classNames={{ root: 'pd-tab-menu-context' }}
      open={contextOpen}
      onOpenChange={setContextOpen}
    >
      <div className="pd-tabs" role="toolbar" onContextMenu={onContextMenu}>
        <Tabs
          type="editable-card"
          hideAdd
          size="small"
          activeKey={activeKey ?? ''}
          onChange={(key) => go(key)}
          onEdit={(key, action) => action === 'remove' && typeof key === 'string' && closeTab(key)}
          items={tabs.map((tab) => ({
            key: tab.key,
            closable: isClosable(tabs, tab),
            label: <span data-tab={tab.key}>{label(tab)}</span>,
          }))}
          tabBarExtraContent={{
            right: (
              // The button lies inside the context menu's own target, so clicking it does not count as a
              // click outside that menu: close it here, or both menus stay open.
              <Dropdown
                menu={actions(activeKey ?? HOME_PATH)}
                trigger={['click']}
                classNames={{ root: 'pd-tab-menu-more' }}
                onOpenChange={(open) => open && setContextOpen(false)}
              >
                <Button size="small" type="text" aria-label={t('tabs.more')} icon={<DownOutlined />} />
              </Dropdown>
            ),
          }}
        />
      </div>
    </Dropdown>
  );
}
