import { Layout } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { reloadAccount } from '#src/app/account';
import { type RouteMeta, tabFor } from '#src/app/guard';
import { useIdleLock } from '#src/app/idleLock';
import { useSession } from '#src/app/stores/session';
import { useSettings } from '#src/app/stores/settings';
import { useTabs } from '#src/app/stores/tabs';
import { useTokenRefresh } from '#src/app/useTokenRefresh';
import { Header } from './Header';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { Sidebar } from './Sidebar';
import { TabStrip } from './TabStrip';
import './layout.css';

/** The signed-in shell: sidebar, header, tab strip and the kept-alive pages. */
export default function ShellLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const meta = (useMatches().at(-1)?.handle as RouteMeta | undefined) ?? {};
  const lockTime = useSession((s) => s.config.lockTime);
  const collapsed = useSettings((s) => s.collapsed);
  const openTab = useTabs((s) => s.open);
  const [topMenuId, setTopMenuId] = useState<string>();

  const tab = useMemo(
    () => tabFor(location.pathname, new URLSearchParams(location.search), meta),
    [location.pathname, location.search, meta],
  );
  // Spec §2: platform=large hides the menu.
  const large = new URLSearchParams(location.search).get('platform') === 'large';

  useEffect(() => {
    if (tab) openTab(tab);
  }, [tab, openTab]);

  // Menus and user info can change between visits (grants, tenant packages): reload once per mount.
  useEffect(() => {
    reloadAccount().catch(() => undefined);
  }, []);

  const lock = useSession((s) => s.lock);
  const lockNow = useCallback(() => {
    lock(location.pathname + location.search);
    navigate('/lock');
  }, [lock, navigate, location.pathname, location.search]);
  useIdleLock(lockTime, lockNow);
  useTokenRefresh();

  return (
    <Layout className="pd-shell">
      {!large && <Sidebar collapsed={collapsed} topMenuId={topMenuId} />}
      <Layout className="pd-main">
        <Header topMenuId={topMenuId} onTopMenu={setTopMenuId} onLock={lockNow} />
        <TabStrip activeKey={tab?.key} />
        <Layout.Content className="pd-content">
          <KeepAliveOutlet activeKey={tab?.key} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
