import {
  AlertOutlined,
  ApartmentOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  CheckSquareOutlined,
  DeploymentUnitOutlined,
  IdcardOutlined,
  LayoutOutlined,
  LineChartOutlined,
  NotificationOutlined,
  ProductOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  Drawer,
  Empty,
  List,
  Progress,
  Row,
  Skeleton,
  Space,
  Statistic,
  Switch,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  fetchHomeLayout,
  fetchHomeSummary,
  type HomeCard,
  type HomeSummary,
  homeKeys,
  saveHomeLayout,
} from '#src/api/home';
import { type LiveValue, REALTIME_TOPIC } from '#src/api/live';
import { findMenuByPath } from '#src/app/menus';
import { useSession } from '#src/app/stores/session';
import { useLive } from '#src/app/useLive';
import { LevelName } from '#src/views/alarm/LevelName';
import { TrendChart } from './TrendChart';
import './wel.css';

const AlarmDetailDialog = lazy(() =>
  import('#src/views/alarm/AlarmDetail').then((m) => ({ default: m.AlarmDetailDialog })),
);

/** Without the live channel the summary is read every 10 s; with it, alarms arrive at once and the rest each 30 s. */
const POLL_MS = 10_000;
const LIVE_REFRESH_MS = 30_000;
const L = (key: string) => `wel.${key}`;

type Section = keyof Pick<HomeSummary, 'devices' | 'alarms' | 'trend' | 'production' | 'tasks' | 'admin'>;
type TrendPoint = NonNullable<HomeSummary['trend']>['points'][number];
/** 首页 (/wel/index): the plant at a glance, live, in the user's own order of cards; each card opens its screen. */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const auth = useSession((s) => s.auth);
  const tenantId = useSession((s) => s.tenantId);
  const [arranging, setArranging] = useState(false);
  const summaryKey = homeKeys.of('summary');

  const live = useLive('alarm', { queryKey: summaryKey });
  const summary = useQuery({
    queryKey: summaryKey,
    queryFn: fetchHomeSummary,
    refetchInterval: live ? LIVE_REFRESH_MS : POLL_MS,
  });
  const layout = useQuery({ queryKey: homeKeys.of('layout'), queryFn: fetchHomeLayout });
  const pointIds = useMemo(
    () => (summary.data?.trend?.points ?? []).map((p) => p.pointId),
    [summary.data?.trend?.points],
  );
  // The key points' newest values, straight from the collectors.
  useLive<LiveValue>(REALTIME_TOPIC, {
    keys: pointIds,
    queryKey: summaryKey,
    enabled: pointIds.length > 0,
    apply: (old, events) => patchValues(old as HomeSummary | undefined, events),
  });

  const data = summary.data;
  const cards = (layout.data?.cards ?? []).filter((c) => !c.hidden && data?.sections.includes(c.key));

  return (
    <div className="pd-wel" data-testid="plant-home">
      <Card className="pd-wel-hello">
        <div className="pd-wel-hello-body">
          <Avatar size={56} src={user?.avatar || undefined} icon={<UserOutlined />} />
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t(greetingKey(dayjs().hour()), { name: user?.realName || user?.account || '' })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {[auth?.role_name, user?.deptName, `${t(L('tenant'))} ${tenantId}`].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
          <div className="pd-wel-date">
            <div>{dayjs().format('YYYY-MM-DD dddd')}</div>
            <Badge
              status={live ? 'processing' : 'default'}
              text={t(live ? L('live') : L('polling'))}
              data-testid="home-live"
            />
          </div>
          <Button icon={<LayoutOutlined />} onClick={() => setArranging(true)} data-testid="home-arrange">
            {t(L('arrange'))}
          </Button>
        </div>
      </Card>

      {summary.isPending || layout.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {cards.map((card) => (
            <Col key={card.key} xs={24} xl={WIDE.has(card.key as Section) ? 24 : 12}>
              <HomeCardView section={card.key as Section} data={data as HomeSummary} />
            </Col>
          ))}
          {!cards.length && (
            <Col span={24}>
              <Card>
                <Empty description={t(L('noCards'))} />
              </Card>
            </Col>
          )}
        </Row>
      )}

      {arranging && layout.data && (
        <ArrangeDrawer
          cards={layout.data.cards}
          available={data?.sections ?? []}
          onClose={() => setArranging(false)}
        />
      )}
    </div>
  );
}

const WIDE = new Set<Section>(['trend']);

function patchValues(old: HomeSummary | undefined, events: LiveValue[]): HomeSummary | undefined {
  if (!old?.trend) return old;
  const latest = new Map(events.map((e) => [String(e.pointId), e.value]));
  return {
    ...old,
    trend: {
      ...old.trend,
      points: old.trend.points.map((p) =>
        latest.has(p.pointId) ? { ...p, value: latest.get(p.pointId) ?? null, stale: false } : p,
      ),
    },
  };
}

function HomeCardView({ section, data }: { section: Section; data: HomeSummary }) {
  switch (section) {
    case 'devices':
      return <DevicesCard data={data} />;
    case 'alarms':
      return <AlarmsCard data={data} />;
    case 'trend':
      return <TrendCard data={data} />;
    case 'production':
      return <ProductionCard data={data} />;
    case 'tasks':
      return <TasksCard data={data} />;
    case 'admin':
      return <AdminCard data={data} />;
    default:
      return null;
  }
}

/** Navigates to the first of `paths` the user has a menu for. */
function useOpen() {
  const navigate = useNavigate();
  const menus = useSession((s) => s.menus);
  return (...paths: string[]) => {
    const to = paths.find((p) => findMenuByPath(menus, p.split('?')[0]));
    if (to) navigate(to);
  };
}

function CardTitle({ icon, title }: { icon: ReactNode; title: string }) {
  return (
    <Space>
      {icon}
      {title}
    </Space>
  );
}

function Counter({
  label,
  value,
  color,
  onClick,
  testId,
}: {
  label: string;
  value: ReactNode;
  color?: string;
  onClick?: () => void;
  testId?: string;
}) {
  return (
    <button type="button" className="pd-wel-counter" onClick={onClick} data-testid={testId}>
      <Statistic title={label} value={value as number} valueStyle={color ? { color } : undefined} />
    </button>
  );
}

function DevicesCard({ data }: { data: HomeSummary }) {
  const { t } = useTranslation();
  const open = useOpen();
  const d = data.devices;
  if (!d) return null;
  const toLedger = () => open('/device/device', '/device/overview', '/device/monitordata');
  return (
    <Card
      className="pd-wel-card"
      data-card="devices"
      title={<CardTitle icon={<DeploymentUnitOutlined />} title={t(L('devices'))} />}
      extra={<Typography.Text type="secondary">{t(L('deviceTotal'), { count: d.total })}</Typography.Text>}
    >
      <div className="pd-wel-counters">
        <Counter
          label={t(L('online'))}
          value={d.online}
          color="#52c41a"
          onClick={toLedger}
          testId="home-online"
        />
        <Counter label={t(L('offline'))} value={d.offline} color="#8c8c8c" onClick={toLedger} />
        <Counter label={t(L('fault'))} value={d.fault} color="#fa8c16" onClick={toLedger} />
        <Counter
          label={t(L('inAlarm'))}
          value={d.inAlarm}
          color="#cf1322"
          onClick={() => open('/alarm/overview', '/alarm/database')}
        />
      </div>
      {d.total > 0 && (
        <Progress
          percent={Math.round((100 * d.online) / d.total)}
          success={{ percent: 0 }}
          format={(p) => t(L('onlineShare'), { percent: p })}
        />
      )}
    </Card>
  );
}

function AlarmsCard({ data }: { data: HomeSummary }) {
  const { t } = useTranslation();
  const open = useOpen();
  const [opened, setOpened] = useState<{ eventId: string; batch: number } | null>(null);
  const a = data.alarms;
  if (!a) return null;
  const toOverview = () => open('/alarm/overview', '/alarm/database');
  return (
    <Card
      className="pd-wel-card"
      data-card="alarms"
      title={<CardTitle icon={<AlertOutlined />} title={t(L('alarms'))} />}
      extra={
        <Button type="link" size="small" onClick={toOverview}>
          {t(L('more'))}
        </Button>
      }
    >
      <div className="pd-wel-counters">
        <Counter label={t(L('openAlarms'))} value={a.open} color="#cf1322" onClick={toOverview} />
        <Counter label={t(L('unaffirmed'))} value={a.unaffirmed} color="#fa8c16" onClick={toOverview} />
        <Counter label={t(L('raisedToday'))} value={a.raisedToday} onClick={toOverview} />
      </div>
      <div className="pd-wel-levels">
        {a.byLevel.map((lv) => (
          <Tag key={lv.id} color={lv.count ? lv.color || undefined : undefined} onClick={toOverview}>
            <LevelName name={lv.name} />: <b>{lv.count}</b>
          </Tag>
        ))}
      </div>
      <List
        size="small"
        dataSource={a.newest}
        locale={{ emptyText: t(L('noOpenAlarms')) }}
        renderItem={(row) => (
          <List.Item
            className="pd-wel-row"
            data-testid="home-alarm"
            onClick={() => setOpened({ eventId: row.eventId, batch: row.batch })}
          >
            <Space size={6} wrap>
              <Tag color={row.color || undefined}>
                <LevelName name={row.levelName} />
              </Tag>
              <span>{[row.deviceName, row.pointName].filter(Boolean).join(' · ')}</span>
              <Typography.Text type="secondary">{row.eventName}</Typography.Text>
            </Space>
            <Typography.Text type="secondary">{dayjs(row.firstTime).format('MM-DD HH:mm')}</Typography.Text>
          </List.Item>
        )}
      />
      {opened && (
        <Suspense fallback={null}>
          <AlarmDetailDialog eventId={opened.eventId} batch={opened.batch} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </Card>
  );
}

function TrendCard({ data }: { data: HomeSummary }) {
  const { t } = useTranslation();
  const open = useOpen();
  const trend = data.trend;
  if (!trend) return null;
  return (
    <Card
      className="pd-wel-card"
      data-card="trend"
      title={<CardTitle icon={<LineChartOutlined />} title={t(L('trend'))} />}
      extra={
        <Button type="link" size="small" onClick={() => open('/device/monitordata', '/device/overview')}>
          {t(L('more'))}
        </Button>
      }
    >
      {trend.points.length ? (
        <Row gutter={[16, 16]}>
          {trend.points.map((p) => (
            <Col key={p.pointId} xs={24} md={12} xl={6}>
              <PointTile point={p} start={trend.startTime} end={trend.endTime} />
            </Col>
          ))}
        </Row>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}

function PointTile({ point, start, end }: { point: TrendPoint; start: number; end: number }) {
  const open = useOpen();
  return (
    <button
      type="button"
      className="pd-wel-point"
      data-testid="home-point"
      onClick={() => open(`/device/monitordata?pointId=${point.pointId}`, '/device/overview')}
    >
      <div className="pd-wel-point-head">
        <span className="pd-wel-point-name">
          {point.deviceName} · {point.pointName}
        </span>
        <span className={point.stale ? 'pd-wel-point-value pd-stale' : 'pd-wel-point-value'}>
          {point.value == null ? '—' : formatNumber(point.value)} {point.unit ?? ''}
        </span>
      </div>
      <TrendChart buckets={point.buckets} start={start} end={end} />
    </button>
  );
}

function ProductionCard({ data }: { data: HomeSummary }) {
  const { t } = useTranslation();
  const open = useOpen();
  const p = data.production;
  if (!p) return null;
  return (
    <Card
      className="pd-wel-card"
      data-card="production"
      title={<CardTitle icon={<ProductOutlined />} title={t(L('production'))} />}
      extra={
        <Button type="link" size="small" onClick={() => open('/product/batch', '/product/oee')}>
          {t(L('more'))}
        </Button>
      }
    >
      <div className="pd-wel-production">
        <button type="button" className="pd-wel-counter" onClick={() => open('/product/oee')}>
          <Progress
            type="dashboard"
            size={108}
            percent={p.oee == null ? 0 : Math.round(p.oee * 1000) / 10}
            format={() => (p.oee == null ? '—' : `${(p.oee * 100).toFixed(1)}%`)}
          />
          <div>{t(L('oeeToday'))}</div>
        </button>
        <div className="pd-wel-counters">
          <Counter
            label={t(L('madeToday'))}
            value={formatNumber(p.madeToday)}
            onClick={() => open('/product/batch')}
          />
          <Counter
            label={t(L('runningBatches'))}
            value={p.runningBatches}
            onClick={() => open('/product/batch')}
          />
          <Counter
            label={t(L('quality'))}
            value={p.quality == null ? '—' : `${(p.quality * 100).toFixed(1)}%`}
            onClick={() => open('/product/oee')}
          />
        </div>
      </div>
      <List
        size="small"
        dataSource={p.batches.slice(0, 4)}
        locale={{ emptyText: t(L('noBatches')) }}
        renderItem={(b) => (
          <List.Item className="pd-wel-row" onClick={() => open('/product/batch')}>
            <span>
              {b.batchNo} · {b.productName}
            </span>
            <Typography.Text type="secondary">
              {t(L('madeOfPlan'), { made: formatNumber(b.madeToday), plan: formatNumber(b.planQuantity) })}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}

function TasksCard({ data }: { data: HomeSummary }) {
  const { t } = useTranslation();
  const open = useOpen();
  const tasks = data.tasks;
  const rows = [
    ...tasks.todo.map((r) => ({ ...r, kind: 'todo' as const })),
    ...tasks.claim.map((r) => ({ ...r, kind: 'claim' as const })),
  ].slice(0, 5);
  return (
    <Card
      className="pd-wel-card"
      data-card="tasks"
      title={<CardTitle icon={<CheckSquareOutlined />} title={t(L('tasks'))} />}
    >
      <div className="pd-wel-counters">
        <Counter label={t(L('todo'))} value={tasks.todo.length} onClick={() => open('/work/todo')} />
        <Counter label={t(L('claim'))} value={tasks.claim.length} onClick={() => open('/work/claim')} />
      </div>
      <List
        size="small"
        dataSource={rows}
        locale={{ emptyText: t(L('noTasks')) }}
        renderItem={(r) => (
          <List.Item className="pd-wel-row" onClick={() => open(`/work/${r.kind}`)}>
            <span>
              <Tag>{t(L(r.kind))}</Tag>
              {[r.process, r.task].filter(Boolean).join(' / ')}
            </span>
            <Typography.Text type="secondary">{r.since}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}

const ADMIN_COUNTERS: { key: keyof NonNullable<HomeSummary['admin']>; path: string; icon: ReactNode }[] = [
  { key: 'users', path: '/system/user', icon: <UserOutlined /> },
  { key: 'notices', path: '/desk/notice', icon: <NotificationOutlined /> },
  { key: 'roles', path: '/system/role', icon: <SafetyOutlined /> },
  { key: 'depts', path: '/system/dept', icon: <ApartmentOutlined /> },
  { key: 'posts', path: '/system/post', icon: <IdcardOutlined /> },
  { key: 'tenants', path: '/system/tenant', icon: <TeamOutlined /> },
];

function AdminCard({ data }: { data: HomeSummary }) {
  const { t } = useTranslation();
  const open = useOpen();
  const counts = data.admin;
  if (!counts) return null;
  return (
    <Card
      className="pd-wel-card"
      data-card="admin"
      title={<CardTitle icon={<SettingOutlined />} title={t(L('admin'))} />}
    >
      <div className="pd-wel-counters">
        {ADMIN_COUNTERS.filter((c) => counts[c.key] != null).map((c) => (
          <button
            key={c.key}
            type="button"
            className="pd-wel-counter"
            data-counter={c.key}
            onClick={() => open(c.path)}
          >
            <Statistic title={t(L(c.key))} value={counts[c.key] ?? 0} prefix={c.icon} />
          </button>
        ))}
      </div>
    </Card>
  );
}

function ArrangeDrawer({
  cards,
  available,
  onClose,
}: {
  cards: HomeCard[];
  available: string[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The draft is taken once, when the drawer opens: the live summary re-renders the page every few seconds, and
  // must not undo what the user is arranging.
  const [draft, setDraft] = useState(() => cards.filter((c) => available.includes(c.key)));
  const save = useMutation({
    mutationFn: saveHomeLayout,
    onSuccess: (saved) => {
      queryClient.setQueryData(homeKeys.of('layout'), saved);
      onClose();
    },
  });
  const move = (index: number, by: number) =>
    setDraft((list) => {
      const next = [...list];
      const [card] = next.splice(index, 1);
      next.splice(index + by, 0, card);
      return next;
    });
  return (
    <Drawer
      open
      title={t(L('arrange'))}
      onClose={onClose}
      width={360}
      extra={
        <Space>
          <Button onClick={() => save.mutate([])} loading={save.isPending}>
            {t(L('reset'))}
          </Button>
          <Button
            type="primary"
            onClick={() => save.mutate(draft)}
            loading={save.isPending}
            data-testid="home-save"
          >
            {t(L('save'))}
          </Button>
        </Space>
      }
    >
      <List
        dataSource={draft}
        renderItem={(card, index) => (
          <List.Item
            data-testid={`home-arrange-${card.key}`}
            actions={[
              <Button
                key="up"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                aria-label={t(L('up'))}
                onClick={() => move(index, -1)}
              />,
              <Button
                key="down"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index === draft.length - 1}
                aria-label={t(L('down'))}
                onClick={() => move(index, 1)}
              />,
            ]}
          >
            <Space>
              <Switch
                size="small"
                checked={!card.hidden}
                aria-label={t(L(card.key))}
                onChange={(shown) =>
                  setDraft((list) => list.map((c) => (c.key === card.key ? { ...c, hidden: !shown } : c)))
                }
              />
              {t(L(card.key))}
            </Space>
          </List.Item>
        )}
      />
    </Drawer>
  );
}

function formatNumber(value: number) {
  return Number.isInteger(value) ? String(value) : value.toFixed(Math.abs(value) < 10 ? 2 : 1);
}

function greetingKey(hour: number) {
  if (hour < 12) return 'wel.morning';
  if (hour < 18) return 'wel.afternoon';
  return 'wel.evening';
}
