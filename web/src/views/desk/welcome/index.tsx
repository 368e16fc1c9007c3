import {
  ApartmentOutlined,
  IdcardOutlined,
  NotificationOutlined,
  SafetyOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { Avatar, Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  getBladeDeskNoticeList,
  getBladeSystemDeptList,
  getBladeSystemPostList,
  getBladeSystemRoleList,
  getBladeSystemTenantList,
  getBladeUserPage,
} from '#src/api/generated/client';
import { countRecords } from '#src/api/system';
import { findMenuByPath, flattenMenus, menuLabel, menuTarget, sidebarMenus } from '#src/app/menus';
import { siteLinks } from '#src/app/siteLinks';
import { useSession } from '#src/app/stores/session';
import { useSettings } from '#src/app/stores/settings';
import { useMenuIcon } from '#src/layout/useMenuIcon';
import './wel.css';
import { deskKeys } from '#src/api/desk';

interface Counter {
  key: string;
  /** The list endpoint counted (its generated function). */
  list: Parameters<typeof countRecords>[0];
  path: string;
  icon: ReactNode;
}

/** What the dashboard counts; a counter whose call fails (no grant, no module yet) is not shown. */
const COUNTERS: Counter[] = [
  { key: 'users', list: getBladeUserPage, path: '/system/user', icon: <UserOutlined /> },
  { key: 'notices', list: getBladeDeskNoticeList, path: '/desk/notice', icon: <NotificationOutlined /> },
  { key: 'roles', list: getBladeSystemRoleList, path: '/system/role', icon: <SafetyOutlined /> },
  { key: 'depts', list: getBladeSystemDeptList, path: '/system/dept', icon: <ApartmentOutlined /> },
  { key: 'posts', list: getBladeSystemPostList, path: '/system/post', icon: <IdcardOutlined /> },
  { key: 'tenants', list: getBladeSystemTenantList, path: '/system/tenant', icon: <TeamOutlined /> },
];

const SHORTCUT_COUNT = 8;

/** Home (/wel/index): who you are, counts of what you can reach, and shortcuts into your menus. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const auth = useSession((s) => s.auth);
  const tenantId = useSession((s) => s.tenantId);
  const menus = useSession((s) => s.menus);
  const language = useSettings((s) => s.language);
  const icon = useMenuIcon();
  const counts = useQueries({
    queries: COUNTERS.map((c) => ({
      queryKey: deskKeys.of('count', c.key),
      queryFn: () => countRecords(c.list),
    })),
  });
  const shortcuts = flattenMenus(sidebarMenus(menus, auth?.role_name))
    .filter((m) => !m.children?.length)
    .slice(0, SHORTCUT_COUNT);
  const visibleCounters = COUNTERS.map((counter, i) => ({ counter, query: counts[i] })).filter(
    ({ query }) => !query.isError,
  );

  return (
    <div className="pd-wel">
      <Card className="pd-wel-hello">
        <div className="pd-wel-hello-body">
          <Avatar size={64} src={user?.avatar || undefined} icon={<UserOutlined />} />
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t(greetingKey(dayjs().hour()), { name: user?.realName || user?.account || '' })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {[auth?.role_name, user?.deptName, `${t('wel.tenant')} ${tenantId}`]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          </div>
          <div className="pd-wel-date">{dayjs().format('YYYY-MM-DD dddd')}</div>
        </div>
      </Card>

      <Row gutter={[16, 16]}>
        {visibleCounters.map(({ counter, query }) => {
          const reachable = Boolean(findMenuByPath(menus, counter.path));
          return (
            <Col key={counter.key} xs={12} md={8} xl={4}>
              <Card
                hoverable={reachable}
                className="pd-wel-stat"
                data-counter={counter.key}
                onClick={() => reachable && navigate(counter.path)}
              >
                {query.isPending ? (
                  <Skeleton active paragraph={false} />
                ) : (
                  <Statistic title={t(`wel.${counter.key}`)} value={query.data} prefix={counter.icon} />
                )}
              </Card>
            </Col>
          );
        })}
      </Row>

      <Card title={t('wel.shortcuts')} className="pd-wel-shortcuts">
        {shortcuts.length ? (
          <Row gutter={[12, 12]}>
            {shortcuts.map((menu) => (
              <Col key={menu.id} xs={12} md={6} xl={3}>
                <button
                  type="button"
                  className="pd-wel-shortcut"
                  onClick={() => {
                    const target = menuTarget(menu, siteLinks);
                    if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
                    else navigate(target.to);
                  }}
                >
                  <span className="pd-wel-shortcut-icon">{icon(menu.source)}</span>
                  <span>{menuLabel(menu, language)}</span>
                </button>
              </Col>
            ))}
          </Row>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
    </div>
  );
}

function greetingKey(hour: number) {
  if (hour < 12) return 'wel.morning';
  if (hour < 18) return 'wel.afternoon';
  return 'wel.evening';
}
