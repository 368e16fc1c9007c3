import { useQuery } from '@tanstack/react-query';
import { Layout, Menu, type MenuProps } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { fetchRoutes } from '#src/api/menu';
import { systemKeys } from '#src/api/system';
import type { MenuNode } from '#src/api/types';
import { flattenMenus, menuLabel, menuTarget, sidebarMenus } from '#src/app/menus';
import { siteLinks } from '#src/app/siteLinks';
import { useSession } from '#src/app/stores/session';
import { type Language, useSettings } from '#src/app/stores/settings';
import { tabUrl } from '#src/app/stores/tabs';
import { logoMode, THEMES } from '#src/themes';
import { useChromeReady } from './useChromeReady';
import { useMenuIcon } from './useMenuIcon';
import { useScreen } from './useScreen';

type Item = Required<MenuProps>['items'][number];

export function Sidebar({ collapsed, topMenuId }: { collapsed: boolean; topMenuId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const screen = useScreen();
  const theme = useSettings((s) => s.theme);
  const setCollapsed = useSettings((s) => s.setCollapsed);
  const roleName = useSession((s) => s.auth?.role_name);
  const allMenus = useSession((s) => s.menus);
  // A top menu narrows the sidebar to its own routes (spec §2 "top menu").
  const topRoutes = useQuery({
    queryKey: systemKeys.of('routes', topMenuId),
    queryFn: () => fetchRoutes(topMenuId),
    enabled: Boolean(topMenuId),
  });
  const menus = useMemo(
    () => sidebarMenus(topMenuId ? (topRoutes.data ?? []) : allMenus, roleName),
    [topMenuId, topRoutes.data, allMenus, roleName],
  );
  const language = useSettings((s) => s.language);
  const icon = useMenuIcon();
  const items = toItems(menus, language, icon);
  const byId = useMemo(() => new Map(flattenMenus(menus).map((m) => [m.id, m])), [menus]);
  const selected = flattenMenus(menus).find((m) => m.path === location.pathname);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const menu = byId.get(key);
    if (!menu) return;
    const target = menuTarget(menu, siteLinks);
    if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
    else navigate(tabUrl(target.to));
    // Spec §2: on small screens the menu collapses after an item is opened.
    if (screen === 0) setCollapsed(true);
  };

  const ready = useChromeReady();
  const dark = THEMES[theme]?.siderDark ?? true;
  const logo = useSession((s) => s.logos.find((l) => l.type === 'BACKEND' && l.mode === logoMode(theme)));

  return (
    <Layout.Sider
      className="pd-sider"
      width={220}
      collapsedWidth={screen === 0 ? 0 : 64}
      collapsed={collapsed}
      trigger={null}
      collapsible
    >
      <div className={`pd-logo ${dark ? 'pd-logo-dark' : ''}`}>
        {logo ? <img src={logo.url} alt={logo.document ?? ''} /> : <span className="pd-logo-mark">P</span>}
        {!collapsed && <span className="pd-logo-text">{t('app.short')}</span>}
      </div>
      {ready && (
        <Menu
          className="pd-menu"
          mode="inline"
          theme={dark ? 'dark' : 'light'}
          items={items}
          selectedKeys={selected ? [selected.id] : []}
          defaultOpenKeys={selected ? [selected.parentId] : []}
          onClick={onClick}
        />
      )}
    </Layout.Sider>
  );
}

function toItems(menus: MenuNode[], language: Language, icon: (source?: string) => ReactNode): Item[] {
  return menus.map((m) => ({
    key: m.id,
    icon: icon(m.source),
    label: menuLabel(m, language),
    ...(m.children?.length ? { children: toItems(m.children, language, icon) } : {}),
  }));
}
