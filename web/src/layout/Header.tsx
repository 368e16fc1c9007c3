import {
  BellOutlined,
  BgColorsOutlined,
  BugOutlined,
  ClusterOutlined,
  DatabaseOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  FundProjectionScreenOutlined,
  HomeOutlined,
  LockOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
  SkinOutlined,
} from '@ant-design/icons';
import { Badge, Button, type ButtonProps, ConfigProvider, Layout, Menu, Popover, Spin, Tooltip } from 'antd';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuLabel } from '#src/app/menus';
import { lazyChunk } from '#src/app/registry';
import { siteLinks } from '#src/app/siteLinks';
import { useLogs } from '#src/app/stores/logs';
import { useSession } from '#src/app/stores/session';
import { useSettings } from '#src/app/stores/settings';
import { HOME_PATH } from '#src/app/stores/tabs';
import { headerMenuTheme } from '#src/themes';
import { LanguageMenu } from './LanguageMenu';
import { UserMenu } from './UserMenu';
import { useChromeReady } from './useChromeReady';

// Rarely opened panels load on first use to keep the shell small (frontend.md §6.4).
const ColorPanel = lazyChunk(() => import('./settings/ColorPanel'));
const ThemePanel = lazyChunk(() => import('./settings/ThemePanel'));
const MenuSearch = lazyChunk(() => import('./MenuSearch'));
const LockDialog = lazyChunk(() => import('./LockDialog'));
const ErrorLogDialog = lazyChunk(() => import('./ErrorLogDialog'));
// The bell brings its popover list, the live channel and the alarm herald with its settings form (antd's Form,
// InputNumber, Typography): none of it is needed for a deep link's first rows, and the tools render after the page.
const NoticeBell = lazyChunk(() => import('./NoticeBell').then((m) => ({ default: m.NoticeBell })));

interface HeaderProps {
  topMenuId?: string;
  onTopMenu(id: string | undefined): void;
  onLock(): void;
}

export function Header({ topMenuId, onTopMenu, onLock }: HeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { collapsed, setCollapsed, theme, color, language } = useSettings();
  const topMenus = useSession((s) => s.topMenus);
  const lockPasswordSet = useSession((s) => s.lockPasswordSet);
  const [dialog, setDialog] = useState<'search' | 'lock' | 'logs' | null>(null);
  const closeDialog = () => setDialog(null);
  const ready = useChromeReady();

  const topItems = [
    { key: 'home', label: t('header.home') },
    ...topMenus.map((m) => ({ key: m.id, label: menuLabel(m, language) })),
  ];
  const onTopItem = ({ key }: { key: string }) => {
    if (key === 'home') {
      onTopMenu(undefined);
      navigate(HOME_PATH);
    } else onTopMenu(key);
  };

  return (
    <Layout.Header className="pd-header">
      <Button
        type="text"
        className="pd-header-btn"
        aria-label={t('header.collapse')}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={() => setCollapsed(!collapsed)}
      />
      {ready && (
        <>
          <ConfigProvider theme={headerMenuTheme(theme, color)}>
            <Menu
              className="pd-top-menu"
              mode="horizontal"
              selectedKeys={[topMenuId ?? 'home']}
              items={topItems}
              onClick={onTopItem}
            />
          </ConfigProvider>
          <div className="pd-header-tools">
            <Tool title={t('header.search')} icon={<SearchOutlined />} onClick={() => setDialog('search')} />
            <SiteButtons />
            <Popover trigger="click" placement="bottom" content={<Lazy>{<ColorPanel />}</Lazy>}>
              <Tool title={t('header.color')} icon={<BgColorsOutlined />} />
            </Popover>
            <Popover trigger="click" placement="bottom" content={<Lazy>{<ThemePanel />}</Lazy>}>
              <Tool title={t('header.theme')} icon={<SkinOutlined />} />
            </Popover>
            <Suspense
              fallback={
                <Button type="text" className="pd-header-btn" aria-hidden disabled icon={<BellOutlined />} />
              }
            >
              <NoticeBell />
            </Suspense>
            <ErrorLogButton onOpen={() => setDialog('logs')} />
            <FullscreenButton />
            <Tool
              title={t('header.lock')}
              icon={<LockOutlined />}
              onClick={() => (lockPasswordSet ? onLock() : setDialog('lock'))}
            />
            <LanguageMenu />
            <UserMenu />
          </div>
        </>
      )}
      <Suspense fallback={null}>
        {dialog === 'search' && <MenuSearch onClose={closeDialog} />}
        {dialog === 'lock' && <LockDialog onClose={closeDialog} onLock={onLock} />}
        {dialog === 'logs' && <ErrorLogDialog onClose={closeDialog} />}
      </Suspense>
    </Layout.Header>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spin size="small" />}>{children}</Suspense>;
}

type ToolProps = { title: string } & Omit<ButtonProps, 'title'>;

/** A header icon button with a tooltip; extra props (a popover's trigger handlers) reach the button. */
function Tool({ title, ...button }: ToolProps) {
  return (
    <Tooltip title={title}>
      <Button type="text" className="pd-header-btn" aria-label={title} {...button} />
    </Tooltip>
  );
}

/**
 * Buttons from the user's button menus (codes datacenter / largepage) and the configured sibling
 * sites; each opens in a new window (spec §1, §2).
 */
function SiteButtons() {
  const { t } = useTranslation();
  const buttonMenus = useSession((s) => s.buttonMenus);
  const has = (code: string) => buttonMenus.some((m) => m.code === code);
  const open = (url: string) => window.open(url, '_blank', 'noopener');
  const links = [
    {
      show: has('datacenter'),
      url: siteLinks.dataCentre,
      title: t('header.dataCentre'),
      icon: <DatabaseOutlined />,
    },
    {
      show: has('largepage'),
      url: siteLinks.largeScreen,
      title: t('header.largeScreen'),
      icon: <FundProjectionScreenOutlined />,
    },
    { show: true, url: siteLinks.topology, title: t('header.topology'), icon: <ClusterOutlined /> },
    { show: true, url: siteLinks.frontPage, title: t('header.frontPage'), icon: <HomeOutlined /> },
  ];
  return links
    .filter((link) => link.show && link.url)
    .map((link) => (
      <Tool key={link.title} title={link.title} icon={link.icon} onClick={() => open(link.url)} />
    ));
}

function ErrorLogButton({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation();
  const count = useLogs((s) => s.logs.length);
  if (!count) return null;
  return (
    <Badge count={count} size="small" offset={[-6, 6]}>
      <Tool title={t('logs.title')} icon={<BugOutlined />} onClick={onOpen} />
    </Badge>
  );
}

function FullscreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () =>
    (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined);
  return (
    <Tool
      title={full ? t('header.exitFullscreen') : t('header.fullscreen')}
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={toggle}
    />
  );
}
