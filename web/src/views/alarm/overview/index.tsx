import {
  AlertOutlined,
  CheckCircleOutlined,
  CloseOutlined,
  ExclamationCircleOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  Row,
  Segmented,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  TreeSelect,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import {
  alarmKeys,
  deviceSelectQuery,
  fetchOverview,
  fetchResults,
  fetchTrend,
  groupSelectQuery,
  levelSelectQuery,
  type OverviewFilters,
  type ResultRead,
} from '#src/api/alarm';
import { useSettings } from '#src/app/stores/settings';
import { useLive } from '#src/app/useLive';
import { FILTER_PREFIX } from '#src/components/CrudPage/tableState';
import { AlarmChart } from '../AlarmChart';
import { AffirmTag, AlarmDetailDialog, formatValue, RemoveTag } from '../AlarmDetail';
import { levelLabel, pointLabel } from '../labels';

const L = (key: string) => `alarm.${key}`;
const STATUS_COLOR: Record<string, string> = {
  active_unack: '#cf1322',
  active_ack: '#fa8c16',
  cleared_unack: '#1677ff',
  cleared_ack: '#52c41a',
};
const STATES = ['open', 'unaffirmed', 'active_unack', 'active_ack', 'cleared_unack', 'cleared_ack'];
const FILTERS = ['levelId', 'groupId', 'deviceId', 'state'] as const;
const HOUR_MS = 3_600_000;
const PAGE_SIZE = 10;

/** `2026-11-27 13:00:00` → `13:00` (per hour) or `11-27` (per day). */
function bucketLabel(start: string, unit: 'hour' | 'day') {
  return unit === 'hour' ? start.slice(11, 16) : start.slice(5, 10);
}

/** `2026-11-27 13:00:00` plus one step, in the same form (local time, as the server writes it). */
function stepAfter(start: string, unit: 'hour' | 'day') {
  const [date, time] = start.split(' ');
  const [y, m, d] = date.split('-').map(Number);
  const [h] = time.split(':').map(Number);
  const next = new Date(new Date(y, m - 1, d, h).getTime() + (unit === 'hour' ? HOUR_MS : 24 * HOUR_MS));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())} ${pad(next.getHours())}:00:00`;
}

/**
 * 事件总览 (/alarm/overview): counters by state and level, the raised/cleared trend per hour or day and the alarms
 * they count, narrowed by level, group, device and state, live. Every counter, bar and row clicks through: a counter
 * or bar narrows the list to what it counts, a row opens the alarm's detail. The choice lives in the URL, so the
 * home page and a shared link open the same view (`q.state=open`; `q.eventId` and `q.batch` open one alarm's detail).
 */
export default function AlarmOverviewPage() {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  // Kept as table state (`q.` parameters): the same tab whatever is chosen. Kept alive in a hidden tab, the page
  // sees other pages' locations: only its own path's is read.
  const [, setParams] = useSearchParams();
  const location = useLocation();
  const path = useRef(location.pathname);
  const [search, setSearch] = useState(() => new URLSearchParams(location.search));
  useEffect(() => {
    if (location.pathname === path.current) setSearch(new URLSearchParams(location.search));
  }, [location]);
  const params = useMemo(() => {
    const own = new URLSearchParams();
    for (const [name, value] of search)
      if (name.startsWith(FILTER_PREFIX)) own.set(name.slice(FILTER_PREFIX.length), value);
    return own;
  }, [search]);
  const [unit, setUnit] = useState<'hour' | 'day'>('hour');
  const [current, setCurrent] = useState(1);
  const filters = useMemo(() => {
    const out: OverviewFilters = {};
    for (const key of FILTERS) {
      const value = params.get(key);
      if (value) out[key] = value;
    }
    return out;
  }, [params]);
  const span = params.get('from') ? { from: params.get('from') ?? '', to: params.get('to') ?? '' } : null;
  const set = useCallback(
    (changes: Record<string, string | null | undefined>, keepPage = false) => {
      if (!keepPage) setCurrent(1);
      setParams(
        (before) => {
          const next = new URLSearchParams(before);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(FILTER_PREFIX + key, value);
            else next.delete(FILTER_PREFIX + key);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const toggle = (key: string, value: string | null) =>
    set({ [key]: filters[key as keyof OverviewFilters] === value ? null : value });

  // A raise, clear or confirmation reloads the alarm screens' queries; the 10 s poll is the fallback.
  const live = useLive('alarm', { queryKey: alarmKeys.all });
  const refetchInterval = live ? false : 10_000;
  const overview = useQuery({
    queryKey: alarmKeys.of('overview', filters),
    queryFn: () => fetchOverview(filters),
    refetchInterval,
  });
  const trend = useQuery({
    queryKey: alarmKeys.of('trend', unit, filters),
    queryFn: () => fetchTrend(unit, filters),
    refetchInterval,
  });
  const listed = { ...filters, ...(span ? { firstTime_datege: span.from, firstTime_datelt: span.to } : {}) };
  const results = useQuery({
    queryKey: alarmKeys.of('overview-results', listed, current),
    queryFn: () => fetchResults(listed, current, PAGE_SIZE),
    refetchInterval,
  });
  const levels = useQuery(levelSelectQuery);
  const groups = useQuery(groupSelectQuery);
  const devices = useQuery(deviceSelectQuery);
  const data = overview.data;
  const eventId = params.get('eventId');
  const buckets = trend.data?.buckets ?? [];

  const trendOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 32, bottom: 24 },
      xAxis: { type: 'category', data: buckets.map((b) => bucketLabel(b.start, unit)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: t(L('raised')),
          data: buckets.map((b) => b.raised),
          itemStyle: { color: '#cf1322' },
          cursor: 'pointer',
        },
        {
          type: 'bar',
          name: t(L('clearedCount')),
          data: buckets.map((b) => b.cleared),
          itemStyle: { color: '#52c41a' },
          cursor: 'pointer',
        },
      ],
    }),
    [buckets, unit, t],
  );
  const onBar = useCallback(
    (index: number) => {
      const bucket = buckets[index];
      if (bucket) set({ from: bucket.start, to: stepAfter(bucket.start, unit) });
    },
    [buckets, unit, set],
  );

  const counter = (
    key: string,
    title: string,
    value: number,
    state: string | null,
    icon: React.ReactNode,
    color?: string,
  ) => (
    <Col xs={24} md={8}>
      <Card
        size="small"
        hoverable
        className={filters.state === (state ?? undefined) ? 'pd-alarm-counter-on' : undefined}
        style={filters.state === (state ?? undefined) ? { borderColor: '#1677ff' } : undefined}
        data-testid={`alarm-counter-${key}`}
        onClick={() => set({ state })}
      >
        <Statistic title={title} value={value} prefix={icon} valueStyle={color ? { color } : undefined} />
      </Card>
    </Col>
  );

  return (
    <div className="pd-alarm-overview" data-testid="alarm-overview">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t(L('level'))}
          value={filters.levelId}
          onChange={(v) => set({ levelId: v })}
          options={(levels.data ?? []).map((l) => ({ value: l.id, label: levelLabel(l.name, language) }))}
          data-testid="alarm-filter-level"
        />
        <TreeSelect
          allowClear
          style={{ width: 180 }}
          placeholder={t(L('group'))}
          value={filters.groupId}
          onChange={(v) => set({ groupId: v })}
          treeData={(groups.data ?? []) as never}
          fieldNames={{ label: 'name', value: 'id', children: 'children' }}
          treeDefaultExpandAll
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          placeholder={t(L('device'))}
          value={filters.deviceId}
          onChange={(v) => set({ deviceId: v })}
          options={(devices.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
        />
        <Select
          allowClear
          style={{ width: 170 }}
          placeholder={t(L('state'))}
          value={filters.state}
          onChange={(v) => set({ state: v })}
          options={STATES.map((s) => ({
            value: s,
            label: t(L(s === 'open' || s === 'unaffirmed' ? `state_${s}` : `status_${s}`)),
          }))}
          data-testid="alarm-filter-state"
        />
        <Button
          onClick={() =>
            set({ levelId: null, groupId: null, deviceId: null, state: null, from: null, to: null })
          }
        >
          {t(L('reset'))}
        </Button>
      </Space>
      <Row gutter={[16, 16]}>
        {counter('total', t(L('total')), data?.total ?? 0, null, <AlertOutlined />)}
        {counter('open', t(L('open')), data?.open ?? 0, 'open', <ExclamationCircleOutlined />, '#cf1322')}
        {counter(
          'unaffirmed',
          t(L('unaffirmed')),
          data?.unaffirmed ?? 0,
          'unaffirmed',
          <CheckCircleOutlined />,
          '#fa8c16',
        )}
        <Col xs={24} md={12}>
          <Card size="small" title={t(L('byLevel'))}>
            {(data?.byLevel ?? []).map((c) => (
              <Tag.CheckableTag
                key={c.key}
                checked={filters.levelId === c.key}
                onChange={() => toggle('levelId', c.key)}
                style={{ marginBottom: 8, fontSize: 14, padding: '4px 10px', border: '1px solid #d9d9d9' }}
                data-testid={`alarm-level-${c.key}`}
              >
                {levelLabel(c.name, language)}: <b>{c.count}</b>
              </Tag.CheckableTag>
            ))}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t(L('byStatus'))}>
            {(data?.byStatus ?? []).map((c) => (
              <Tag.CheckableTag
                key={c.key}
                checked={filters.state === c.key}
                onChange={() => toggle('state', c.key)}
                style={{
                  marginBottom: 8,
                  fontSize: 14,
                  padding: '4px 10px',
                  border: `1px solid ${STATUS_COLOR[c.key]}`,
                }}
                data-testid={`alarm-status-${c.key}`}
              >
                {t(L(`status_${c.key}`))}: <b>{c.count}</b>
              </Tag.CheckableTag>
            ))}
          </Card>
        </Col>
        <Col span={24}>
          <Card
            size="small"
            title={t(L('trend'))}
            extra={
              <Segmented
                size="small"
                value={unit}
                onChange={(v) => setUnit(v as 'hour' | 'day')}
                options={[
                  { value: 'hour', label: t(L('perHour')) },
                  { value: 'day', label: t(L('perDay')) },
                ]}
              />
            }
          >
            <AlarmChart option={trendOption} height={220} testId="alarm-trend" onBar={onBar} />
          </Card>
        </Col>
        <Col span={24}>
          <Card
            size="small"
            title={t(L('alarms'))}
            extra={
              span && (
                <Tag closable closeIcon={<CloseOutlined />} onClose={() => set({ from: null, to: null })}>
                  {span.from.slice(0, 16)} — {span.to.slice(0, 16)}
                </Tag>
              )
            }
          >
            <Table<ResultRead>
              rowKey="id"
              size="small"
              loading={results.isFetching && !results.data}
              dataSource={results.data?.records ?? []}
              pagination={{
                current,
                pageSize: PAGE_SIZE,
                total: results.data?.total ?? 0,
                showSizeChanger: false,
                onChange: setCurrent,
              }}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(L('none'))} />,
              }}
              onRow={(row) => ({
                onClick: () => set({ eventId: row.eventId, batch: String(row.batch) }, true),
                style: { cursor: 'pointer' },
              })}
              columns={[
                { title: t(L('name')), dataIndex: 'eventName' },
                {
                  title: t(L('level')),
                  dataIndex: 'levelName',
                  render: (value: string, row) => (
                    <Tag color={row.color ?? undefined}>{levelLabel(value, language)}</Tag>
                  ),
                },
                {
                  title: t(L('device')),
                  render: (_, row) => `${row.deviceName} / ${pointLabel(row.pointName, t)}`,
                },
                { title: t(L('firstTime')), dataIndex: 'firstTime' },
                { title: t(L('removeStatus')), render: (_, row) => <RemoveTag status={row.removeStatus} /> },
                { title: t(L('affirmStatus')), render: (_, row) => <AffirmTag status={row.affirmStatus} /> },
                { title: t(L('peakValue')), render: (_, row) => formatValue(row.peakValue) },
              ]}
            />
          </Card>
        </Col>
      </Row>
      {eventId && (
        <AlarmDetailDialog
          eventId={eventId}
          batch={params.get('batch')}
          onClose={() => set({ eventId: null, batch: null }, true)}
        />
      )}
    </div>
  );
}
