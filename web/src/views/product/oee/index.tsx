import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Empty, Row, Select, Space, Table, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  computeOee,
  deviceSelectQuery,
  fetchOeeAnalysis,
  type OeeDevice,
  oeeDeviceApi,
  productKeys,
  productSelectQuery,
  type Shift,
  shiftApi,
} from '#src/api/product';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { PointField } from '../PointField';
import { OeeChart } from './OeeChart';

const DAY = 'YYYY-MM-DD';
const percent = (value?: number | null) => (value == null ? '-' : `${(value * 100).toFixed(1)}%`);
/** Performance is stored raw; shown capped at 100 % (industrial.md §7). */
const shown = (value?: number | null) => (value == null ? 0 : Math.min(value, 1) * 100);

const shiftOption: CrudOption<Shift> = {
  name: 'oee-shift',
  permissions: { add: 'oee_add', edit: 'oee_edit', view: 'oee_view', delete: 'oee_delete' },
  columns: [
    { prop: 'shiftName', label: 'product.oee.shiftName', required: true, rules: [{ max: 64 }] },
    {
      prop: 'startTime',
      label: 'product.oee.startTime',
      required: true,
      rules: [{ pattern: /^\d\d:\d\d$/ }],
    },
    { prop: 'endTime', label: 'product.oee.endTime', required: true, rules: [{ pattern: /^\d\d:\d\d$/ }] },
    { prop: 'weekdays', label: 'product.oee.weekdays', value: '1,2,3,4,5,6,7' },
    {
      prop: 'breaks',
      label: 'product.oee.breaks',
      span: 24,
      render: (row) => row.breaks.map((b) => `${b.start}-${b.end}`).join(', '),
    },
  ],
  beforeOpen: (_mode, row) =>
    row ? { ...row, breaks: row.breaks.map((b) => `${b.start}-${b.end}`).join(',') as never } : undefined,
  beforeSubmit: (values) => ({
    ...values,
    breaks: String(values.breaks ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [start, end] = part.split('-');
        return { start, end };
      }),
  }),
};

const deviceOption: CrudOption<OeeDevice> = {
  name: 'oee-device',
  permissions: { add: 'oee_add', edit: 'oee_edit', view: 'oee_view', delete: 'oee_delete' },
  dialogWidth: 820,
  columns: [
    {
      prop: 'deviceId',
      label: 'product.oee.deviceId',
      type: 'select',
      required: true,
      dicQuery: deviceSelectQuery,
      props: { label: 'name', value: 'id' },
    },
    {
      prop: 'productId',
      label: 'product.oee.productId',
      type: 'select',
      dicQuery: productSelectQuery,
      props: { label: 'productName', value: 'id' },
    },
    {
      prop: 'statePointId',
      label: 'product.oee.statePointId',
      required: true,
      hide: true,
      formComponent: PointField,
    },
    {
      prop: 'totalPointId',
      label: 'product.oee.totalPointId',
      required: true,
      hide: true,
      formComponent: PointField,
    },
    { prop: 'goodPointId', label: 'product.oee.goodPointId', hide: true, formComponent: PointField },
    { prop: 'counterMax', label: 'product.oee.counterMax', type: 'number', hide: true },
    { prop: 'idealCycleTime', label: 'product.oee.idealCycleTime', type: 'number' },
  ],
};

function Analysis() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(6, 'day'), dayjs()]);
  const [shiftId, setShiftId] = useState<string>();
  const params = { startTime: range[0].format(DAY), endTime: range[1].format(DAY), shiftId };
  const shifts = useQuery({
    queryKey: productKeys.of('oee', 'shifts'),
    queryFn: () => shiftApi.list({ size: 100 }),
  });
  const analysis = useQuery({
    queryKey: productKeys.of('oee', 'analyse', params),
    queryFn: () => fetchOeeAnalysis(params),
  });
  const data = analysis.data;
  const shiftRows = shifts.data && 'records' in shifts.data ? shifts.data.records : [];

  const gauges = useMemo(
    () =>
      (['availability', 'performance', 'quality', 'oee'] as const).map((key) => ({
        key,
        option: {
          series: [
            {
              type: 'gauge',
              min: 0,
              max: 100,
              radius: '95%',
              progress: { show: true, width: 10 },
              axisLine: { lineStyle: { width: 10 } },
              axisTick: { show: false },
              splitLine: { length: 6, distance: 2 },
              axisLabel: { distance: 14, fontSize: 10 },
              pointer: { width: 4, length: '55%' },
              title: { offsetCenter: [0, '78%'], fontSize: 13 },
              detail: { formatter: '{value}%', fontSize: 18, offsetCenter: [0, '45%'] },
              data: [{ value: Number(shown(data?.summary[key]).toFixed(1)), name: t(`product.oee.${key}`) }],
            },
          ],
        },
      })),
    [data, t],
  );
  const trend = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 20, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: data?.trend.map((p) => p.day) ?? [] },
      yAxis: { type: 'value', max: 100 },
      series: (['oee', 'availability', 'performance', 'quality'] as const).map((key) => ({
        type: 'line',
        name: t(`product.oee.${key}`),
        data: data?.trend.map((p) => Number(shown(p[key]).toFixed(1))) ?? [],
      })),
    }),
    [data, t],
  );
  const pareto = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 50, right: 50, bottom: 30 },
      xAxis: { type: 'category', data: data?.pareto.map((l) => l.name) ?? [] },
      yAxis: [
        { type: 'value', name: t('product.oee.lossSeconds') },
        { type: 'value', max: 100, name: '%' },
      ],
      series: [
        {
          type: 'bar',
          name: t('product.oee.lossSeconds'),
          data: data?.pareto.map((l) => Math.round(l.seconds / 60)) ?? [],
        },
        {
          type: 'line',
          yAxisIndex: 1,
          name: t('product.oee.cumulative'),
          data: data?.pareto.map((l) => Number((l.cumulative * 100).toFixed(1))) ?? [],
        },
      ],
    }),
    [data, t],
  );

  const recompute = async () => {
    message.success(await computeOee(params.startTime, params.endTime));
    await client.invalidateQueries({ queryKey: productKeys.of('oee', 'analyse') });
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="oee-analysis">
      <Space wrap>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
        />
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('product.oee.allShifts')}
          value={shiftId}
          onChange={setShiftId}
          options={shiftRows.map((s) => ({ label: s.shiftName, value: s.id }))}
        />
        <Button icon={<ReloadOutlined />} onClick={recompute}>
          {t('product.oee.compute')}
        </Button>
      </Space>
      {data && data.trend.length === 0 ? (
        <Empty description={t('product.oee.noData')} />
      ) : (
        <>
          <Row gutter={12}>
            {gauges.map((g) => (
              <Col key={g.key} xs={24} md={12} xl={6}>
                <Card size="small">
                  <OeeChart option={g.option} height={200} testId={`oee-gauge-${g.key}`} />
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={12}>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('product.oee.trend')}>
                <OeeChart option={trend} testId="oee-trend" />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('product.oee.pareto')}>
                <OeeChart option={pareto} testId="oee-pareto" />
              </Card>
            </Col>
          </Row>
          <Card size="small" title={t('product.oee.byDevice')}>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={data?.devices ?? []}
              columns={[
                { dataIndex: 'name', title: t('product.oee.deviceId') },
                ...(['availability', 'performance', 'quality', 'oee'] as const).map((key) => ({
                  dataIndex: key,
                  title: t(`product.oee.${key}`),
                  render: (value: number | null) => percent(value),
                })),
              ]}
            />
          </Card>
        </>
      )}
    </Space>
  );
}

/** OEE 分析 (/product/oee): A × P × Q per device, line, shift and day with the losses, the shifts and devices. */
export default function OeePage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'analysis', label: t('product.oee.oee'), children: <Analysis /> },
        {
          key: 'shifts',
          label: t('product.oee.shifts'),
          children: <CrudPage option={shiftOption} api={shiftApi} />,
        },
        {
          key: 'devices',
          label: t('product.oee.devices'),
          children: <CrudPage option={deviceOption} api={oeeDeviceApi} />,
        },
      ]}
    />
  );
}
