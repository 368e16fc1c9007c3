import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cycleSelectQuery, type GroupRead, groupSelectQuery, levelSelectQuery } from '#src/api/alarm';
import {
  AGGREGATES,
  checkMetrics,
  fetchMetricColumns,
  fetchMetrics,
  fetchMetricTables,
  type MetricRead,
  type MetricWrite,
  removeMetrics,
  type SourceRead,
  saveMetric,
  trackingKeys,
} from '#src/api/alarmTracking';
import { toast } from '#src/app/feedback';
import { useAccess } from '#src/components/Access';
import { useSaving } from '#src/components/useSaving';
import { CODES, T } from './labels';

const A = (key: string) => `alarm.${key}`;
const KINDS = ['THRESHOLD', 'RANGE', 'RATE'];
const MODES = ['SIMPLE', 'DURATION', 'REPEATING'];
const OPERATORS = [
  { label: '>', value: 'gt' },
  { label: '≥', value: 'ge' },
  { label: '<', value: 'lt' },
  { label: '≤', value: 'le' },
];
const FILTER_OPS = [{ label: '=', value: 'eq' }, { label: '≠', value: 'ne' }, ...OPERATORS];

/** The source's metrics: what each measures, its condition, its last check and open alarms. */
export function Metrics({ source }: { source: SourceRead }) {
  const { t } = useTranslation();
  const can = useAccess();
  const queryClient = useQueryClient();
  const key = trackingKeys.metrics(source.id);
  const metrics = useQuery({ queryKey: key, queryFn: () => fetchMetrics(source.id) });
  const [editing, setEditing] = useState<MetricRead | 'new'>();
  const [checking, setChecking] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trackingKeys.all });
  const check = async () => {
    setChecking(true);
    try {
      const results = await checkMetrics((metrics.data ?? []).map((m) => m.id));
      toast.success(t(T('checked'), { count: results.length }));
      refresh();
    } finally {
      setChecking(false);
    }
  };
  const remove = async (metric: MetricRead) => {
    toast.success((await removeMetrics([metric.id])) ?? '');
    refresh();
  };
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        {can(CODES.add) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t(T('addMetric'))}
          </Button>
        )}
        <Button onClick={check} loading={checking} disabled={!metrics.data?.length}>
          {t(T('checkNow'))}
        </Button>
      </Space>
      <Table<MetricRead>
        size="small"
        rowKey="id"
        loading={metrics.isFetching}
        dataSource={metrics.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t(T('metricName')), dataIndex: 'name', width: 200 },
          { title: t(T('rules')), dataIndex: 'rules' },
          { title: t(A('level')), dataIndex: 'levelName', width: 90 },
          {
            title: t(T('lastValue')),
            dataIndex: 'lastValue',
            width: 100,
            render: (value: number | null, metric) =>
              metric.lastError ? (
                <Tooltip title={metric.lastError}>
                  <Tag color="warning">{t(T('error'))}</Tag>
                </Tooltip>
              ) : value === null || value === undefined ? (
                ''
              ) : (
                Number(value.toFixed(3))
              ),
          },
          { title: t(T('lastCheckTime')), dataIndex: 'lastCheckTime', width: 110 },
          {
            title: t(T('openCount')),
            dataIndex: 'openCount',
            width: 80,
            render: (count: number) => (count ? <Tag color="red">{count}</Tag> : <Tag color="green">0</Tag>),
          },
          {
            title: t(T('enabled')),
            dataIndex: 'enabled',
            width: 70,
            render: (enabled: number) => (enabled ? '✓' : ''),
          },
          {
            title: '',
            key: 'actions',
            width: 130,
            render: (_: unknown, metric) => (
              <Space size={0}>
                {can(CODES.edit) && (
                  <Button type="link" size="small" onClick={() => setEditing(metric)}>
                    {t(T('edit'))}
                  </Button>
                )}
                {can(CODES.delete) && (
                  <Popconfirm title={t(T('confirmDeleteMetric'))} onConfirm={() => remove(metric)}>
                    <Button type="link" size="small" danger>
                      {t(T('delete'))}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <MetricForm
          source={source}
          metric={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) refresh();
          }}
        />
      )}
    </>
  );
}

function flatten(groups: GroupRead[]): GroupRead[] {
  return groups.flatMap((g) => [g, ...flatten(g.children ?? [])]);
}

type MetricValues = MetricWrite & { enabled?: number | boolean };

function MetricForm({
  source,
  metric,
  onClose,
}: {
  source: SourceRead;
  metric?: MetricRead;
  onClose: (saved?: MetricRead) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MetricValues>();
  const { saving: busy, run } = useSaving();
  const table = Form.useWatch('tableName', form) ?? metric?.tableName;
  const aggregate = Form.useWatch('aggregate', form) ?? metric?.aggregate ?? 'LATEST';
  const kind = Form.useWatch('kind', form) ?? metric?.kind ?? 'THRESHOLD';
  const mode = Form.useWatch('mode', form) ?? metric?.mode ?? 'SIMPLE';
  const tables = useQuery({
    queryKey: trackingKeys.metricTables(source.id),
    queryFn: () => fetchMetricTables(source.id),
  });
  const columns = useQuery({
    queryKey: trackingKeys.columns(source.id, table ?? ''),
    queryFn: () => fetchMetricColumns(source.id, table ?? ''),
    enabled: Boolean(table),
  });
  const levels = useQuery(levelSelectQuery);
  const groups = useQuery(groupSelectQuery);
  const cycles = useQuery(cycleSelectQuery);
  const option = (name: string, type: string) => ({ label: `${name} (${type})`, value: name });
  const numeric = (columns.data ?? []).filter((c) => c.numeric).map((c) => option(c.name, c.type));
  const temporal = (columns.data ?? []).filter((c) => c.temporal).map((c) => option(c.name, c.type));
  const every = (columns.data ?? []).map((c) => option(c.name, c.type));
  const save = () =>
    run(async () => {
      const values = await form.validateFields();
      const saved = await saveMetric({
        ...values,
        id: metric?.id,
        sourceId: source.id,
        enabled: values.enabled ? 1 : 0,
        valueColumn: values.aggregate === 'COUNT' ? null : values.valueColumn,
        timeColumn: values.timeColumn ?? null,
        filters: values.filters ?? [],
      });
      onClose(saved);
    });
  return (
    <Modal
      open
      width={860}
      title={t(T(metric ? 'editMetric' : 'addMetric'))}
      onCancel={() => onClose()}
      onOk={save}
      okText={t(T('save'))}
      okButtonProps={{ loading: busy }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          aggregate: 'LATEST',
          windowSeconds: 0,
          kind: 'THRESHOLD',
          operator: 'gt',
          mode: 'SIMPLE',
          repeatCount: 1,
          hysteresis: 0,
          clearSeconds: 0,
          durationSeconds: 0,
          filters: [],
          ...metric,
          enabled: metric ? metric.enabled === 1 : true,
        }}
        onValuesChange={(changed) => {
          if ('tableName' in changed)
            form.setFieldsValue({ valueColumn: undefined, timeColumn: undefined, filters: [] });
        }}
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t(T('metricName'))}
              rules={[{ required: true, whitespace: true, max: 128 }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="tableName" label={t(T('tableName'))} rules={[{ required: true }]}>
              <Select
                showSearch
                loading={tables.isFetching}
                options={(tables.data ?? []).map((x) => ({ label: x.tableName, value: x.tableName }))}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="aggregate" label={t(T('aggregate'))} rules={[{ required: true }]}>
              <Select options={AGGREGATES.map((a) => ({ label: t(T(`aggregate_${a}`)), value: a }))} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="valueColumn"
              label={t(T('valueColumn'))}
              rules={[{ required: aggregate !== 'COUNT' }]}
            >
              <Select disabled={aggregate === 'COUNT'} loading={columns.isFetching} options={numeric} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="timeColumn"
              label={t(T('timeColumn'))}
              rules={[{ required: aggregate === 'LATEST' }]}
            >
              <Select allowClear loading={columns.isFetching} options={temporal} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="windowSeconds" label={t(T('windowSeconds'))} tooltip={t(T('windowTip'))}>
              <InputNumber min={0} max={2_678_400} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="filters">
          {(fields, { add, remove }) => (
            <Form.Item label={t(T('filters'))}>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'column']} rules={[{ required: true }]}>
                    <Select style={{ width: 220 }} options={every} placeholder={t(T('columnName'))} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'op']} initialValue="eq">
                    <Select style={{ width: 70 }} options={FILTER_OPS} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']} rules={[{ required: true }]}>
                    <Input style={{ width: 200 }} placeholder={t(T('value'))} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button
                type="dashed"
                disabled={!table}
                onClick={() => add({ op: 'eq' })}
                icon={<PlusOutlined />}
              >
                {t(T('addFilter'))}
              </Button>
            </Form.Item>
          )}
        </Form.List>
        <Divider titlePlacement="start">{t(T('condition'))}</Divider>
        <Row gutter={12}>
          <Col span={6}>
            <Form.Item name="kind" label={t(A('kind'))}>
              <Select options={KINDS.map((k) => ({ label: t(A(`kind_${k}`)), value: k }))} />
            </Form.Item>
          </Col>
          {kind !== 'RANGE' ? (
            <>
              <Col span={6}>
                <Form.Item name="operator" label={t(A('operator'))}>
                  <Select options={OPERATORS} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="threshold" label={t(A('threshold'))} rules={[{ required: true }]}>
                  <InputNumber style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </>
          ) : (
            <>
              <Col span={6}>
                <Form.Item name="low" label={t(A('low'))}>
                  <InputNumber style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="high" label={t(A('high'))}>
                  <InputNumber style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col span={6}>
            <Form.Item name="hysteresis" label={t(A('hysteresis'))}>
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="mode" label={t(A('mode'))}>
              <Select options={MODES.map((m) => ({ label: t(A(`mode_${m}`)), value: m }))} />
            </Form.Item>
          </Col>
          {mode === 'DURATION' && (
            <Col span={6}>
              <Form.Item name="durationSeconds" label={t(A('durationSeconds'))} rules={[{ required: true }]}>
                <InputNumber min={1} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          {mode === 'REPEATING' && (
            <Col span={6}>
              <Form.Item name="repeatCount" label={t(A('repeatCount'))}>
                <InputNumber min={1} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          <Col span={6}>
            <Form.Item name="clearSeconds" label={t(A('clearSeconds'))}>
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="levelId" label={t(A('level'))}>
              <Select allowClear options={(levels.data ?? []).map((l) => ({ label: l.name, value: l.id }))} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="groupId" label={t(A('group'))}>
              <Select
                allowClear
                options={flatten(groups.data ?? []).map((g) => ({ label: g.name, value: g.id }))}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="timeCycleId" label={t(A('timeCycle'))}>
              <Select allowClear options={(cycles.data ?? []).map((c) => ({ label: c.name, value: c.id }))} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="enabled" label={t(T('enabled'))} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t(T('remark'))} rules={[{ max: 500 }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
