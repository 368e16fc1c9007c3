import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  Modal,
  Row,
  Segmented,
  Select,
  Space,
  Statistic,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { crudKeys } from '#src/api/queryKeys';
import {
  type Analysis,
  fetchAnalysis,
  formatMeasure,
  MEASURES,
  MODES,
  type Mode,
  publishRecords,
  type RecordRead,
  recordApi,
  warningKeys,
} from '#src/api/warning';
import { toast } from '#src/app/feedback';
import { useSettings } from '#src/app/stores/settings';
import { useAccess } from '#src/components/Access';
import { type CrudOption, CrudPage, READ_ONLY } from '#src/components/CrudPage';
import { useSaving } from '#src/components/useSaving';
import { levelLabel } from '#src/views/alarm/labels';
import { Chart } from './Chart';

const L = (key: string) => `index.warnManagement.${key}`;
const I = (key: string) => `index.warnIndicators.${key}`;
const DATE = 'YYYY-MM-DD';
const PUBLISH = 'warnManagement_publish';
/** How far back each period's analysis looks by default. */
const SPAN: Record<Mode, [number, 'day' | 'week' | 'month']> = {
  day: [13, 'day'],
  week: [11, 'week'],
  month: [11, 'month'],
};

/**
 * 预警管理 (/index/warnManagement, a frame route): the alarms by day, week or month (counts, cleared and
 * confirmed, mean minutes to confirm and clear, the devices and events with most alarms, the count by level),
 * publishing the indicators' warning records for a period, and the published records. Button codes:
 * warnManagement_view / _publish.
 */
export default function WarnManagementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useAccess();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('day');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [publishing, setPublishing] = useState(false);
  const shown = range ?? [dayjs().subtract(...SPAN[mode]), dayjs()];
  const params = { mode, startTime: shown[0].format(DATE), endTime: shown[1].format(DATE) };
  const analysis = useQuery({
    queryKey: warningKeys.of('analyse', params),
    queryFn: () => fetchAnalysis(params),
  });

  const records = useMemo<CrudOption<RecordRead>>(
    () => ({
      name: 'warning-record',
      permissions: {},
      ...READ_ONLY,
      columns: [
        { prop: 'name', label: L('name'), search: true, overHidden: true },
        {
          prop: 'measure',
          label: I('measure'),
          type: 'select',
          search: true,
          dicData: MEASURES.map((value) => ({ value, label: I(`measure_${value}`) })),
          width: 190,
        },
        {
          prop: 'mode',
          label: L('mode'),
          type: 'select',
          search: true,
          dicData: MODES.map((value) => ({ value, label: L(`mode_${value}`) })),
          width: 90,
        },
        { prop: 'period', label: L('period'), width: 110 },
        { prop: 'value', label: L('value'), width: 90, render: (row) => formatMeasure(row.value) },
        { prop: 'threshold', label: L('threshold'), width: 90 },
        { prop: 'alarms', label: L('alarms'), width: 80 },
        {
          prop: 'warned',
          label: L('status'),
          type: 'select',
          search: true,
          dicData: [1, 0].map((value) => ({ value, label: L(`status_${value}`) })),
          width: 90,
          render: (row) => <StatusTag warned={row.warned} />,
        },
        { prop: 'publishTime', label: L('publishTime'), width: 170 },
      ],
    }),
    [],
  );

  return (
    <div style={{ padding: 16, minHeight: '100vh' }} data-testid="warn-management">
      <Card
        title={t(L('title'))}
        extra={
          <Space>
            {can(PUBLISH) && (
              <Button type="primary" icon={<SendOutlined />} onClick={() => setPublishing(true)}>
                {t(L('publish'))}
              </Button>
            )}
            <Button
              icon={<ArrowLeftOutlined />}
              onClick={() => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/'))}
            >
              {t(L('back'))}
            </Button>
          </Space>
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Segmented<Mode>
            value={mode}
            onChange={(value) => {
              setMode(value);
              setRange(null);
            }}
            options={MODES.map((value) => ({ value, label: t(L(`mode_${value}`)) }))}
          />
          <DatePicker.RangePicker
            aria-label={t(L('range'))}
            value={shown}
            allowClear={false}
            onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
          />
        </Space>
        <Figures data={analysis.data ?? undefined} />
        <Card size="small" title={t(L('records'))} style={{ marginTop: 16 }}>
          <CrudPage option={records} api={recordApi} />
        </Card>
      </Card>
      {publishing && (
        <PublishDialog
          mode={mode}
          onClose={() => setPublishing(false)}
          onDone={() => {
            setPublishing(false);
            queryClient.invalidateQueries({ queryKey: warningKeys.all });
            queryClient.invalidateQueries({ queryKey: crudKeys.list('warning-record') });
          }}
        />
      )}
    </div>
  );
}

function Figures({ data }: { data?: Analysis }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const warned = data?.series.reduce((n, s) => n + (s.warned ?? 0), 0) ?? 0;
  const trend = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 48, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: data?.series.map((s) => s.period) ?? [] },
      yAxis: [
        { type: 'value', minInterval: 1, name: t(L('count')) },
        // The minutes' ticks fall on the counts' grid lines: each bar reads against the one grid.
        { type: 'value', name: t(L('minutes')), alignTicks: true, splitLine: { show: false } },
      ],
      series: [
        {
          type: 'bar',
          name: t(L('count')),
          data: data?.series.map((s) => s.count) ?? [],
          itemStyle: { color: '#ee6666' },
        },
        {
          type: 'bar',
          name: t(L('cleared')),
          data: data?.series.map((s) => s.cleared) ?? [],
          itemStyle: { color: '#91cc75' },
        },
        {
          type: 'bar',
          name: t(L('confirmed')),
          data: data?.series.map((s) => s.confirmed) ?? [],
          itemStyle: { color: '#5470c6' },
        },
        {
          type: 'line',
          yAxisIndex: 1,
          name: t(L('meanConfirm')),
          data: data?.series.map((s) => s.meanConfirmMinutes ?? null) ?? [],
          connectNulls: true,
        },
        {
          type: 'line',
          yAxisIndex: 1,
          name: t(L('meanClear')),
          data: data?.series.map((s) => s.meanClearMinutes ?? null) ?? [],
          connectNulls: true,
        },
      ],
    }),
    [data, t],
  );
  const top = (items: Analysis['topDevices']) => ({
    tooltip: { trigger: 'axis' },
    grid: { left: 140, right: 40, top: 8, bottom: 24 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: items.map((i) => i.name),
      axisLabel: { width: 130, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        data: items.map((i) => i.count),
        itemStyle: { color: '#fac858' },
        label: { show: true, position: 'right' },
      },
    ],
  });
  // The donut's labels stay inside its box: the names are in the legend, the counts in the slices.
  const levels = {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['38%', '62%'],
        center: ['50%', '42%'],
        label: { position: 'inside', formatter: '{c}', color: '#fff' },
        data: (data?.byLevel ?? []).map((l) => ({
          name: levelLabel(l.name, language),
          value: l.count,
          itemStyle: l.color ? { color: l.color } : undefined,
        })),
      },
    ],
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={t(L('total'))} value={data?.total ?? 0} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={t(L('meanConfirm'))} value={formatMeasure(data?.meanConfirmMinutes)} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={t(L('meanClear'))} value={formatMeasure(data?.meanClearMinutes)} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic
            title={t(L('warned'))}
            value={warned}
            valueStyle={warned ? { color: '#cf1322' } : undefined}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card size="small" title={t(L('trend'))}>
          <Chart option={trend} height={300} testId="warning-trend" />
        </Card>
      </Col>
      <Col xs={24} lg={9}>
        <Card size="small" title={t(L('topDevices'))}>
          {data?.topDevices.length ? <Chart option={top(data.topDevices)} /> : <Nothing />}
        </Card>
      </Col>
      <Col xs={24} lg={9}>
        <Card size="small" title={t(L('topEvents'))}>
          {data?.topEvents.length ? <Chart option={top(data.topEvents)} /> : <Nothing />}
        </Card>
      </Col>
      <Col xs={24} lg={6}>
        <Card size="small" title={t(L('byLevel'))}>
          {data?.byLevel.length ? <Chart option={levels} /> : <Nothing />}
        </Card>
      </Col>
    </Row>
  );
}

function StatusTag({ warned }: { warned: number | undefined }) {
  const { t } = useTranslation();
  return <Tag color={warned ? 'red' : 'green'}>{t(L(`status_${warned ? 1 : 0}`))}</Tag>;
}

function Nothing() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(L('none'))} style={{ height: 248 }} />;
}

function PublishDialog({ mode, onClose, onDone }: { mode: Mode; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ mode: Mode; date?: Dayjs }>();
  const { saving: busy, run } = useSaving();
  const submit = () =>
    run(async () => {
      const values = await form.validateFields();
      const answer = await publishRecords(values.mode, values.date?.format(DATE));
      toast.success(`${answer.msg} · ${t(L('published'), { count: answer.records.length })}`);
      onDone();
    });
  return (
    <Modal
      open
      title={t(L('publishTitle'))}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ mode }}>
        <Form.Item name="mode" label={t(L('mode'))} rules={[{ required: true }]}>
          <Select options={MODES.map((value) => ({ value, label: t(L(`mode_${value}`)) }))} />
        </Form.Item>
        <Form.Item name="date" label={t(L('publishDate'))}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
