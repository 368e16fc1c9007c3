import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, InputNumber, Row, Space, Statistic, Switch, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AFFIRMED, REMOVED, type ResultRead } from '#src/api/alarm';
import {
  fetchCensus,
  fetchDetection,
  fetchEvents,
  fetchTimely,
  type SourceRead,
  saveDetection,
  trackingKeys,
} from '#src/api/alarmTracking';
import { toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { useAccess } from '#src/components/Access';
import { useSaving } from '#src/components/useSaving';
import { CODES, T } from './labels';

const AlarmDetailDialog = lazyChunk(() =>
  import('../AlarmDetail').then((m) => ({ default: m.AlarmDetailDialog })),
);

/** Counts of the source: its published tables' rows, its metrics and their alarms. */
export function Census({ source }: { source: SourceRead }) {
  const { t } = useTranslation();
  const census = useQuery({
    queryKey: trackingKeys.census(source.id),
    queryFn: () => fetchCensus(source.id),
  });
  const data = census.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Row gutter={12}>
        <Col span={8}>
          <Card size="small">
            <Statistic title={t(T('metricCount'))} value={data?.metrics ?? 0} />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic
              title={t(T('openAlarms'))}
              value={data?.openAlarms ?? 0}
              valueStyle={data?.openAlarms ? { color: '#cf1322' } : undefined}
            />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic title={t(T('alarmsToday'))} value={data?.alarmsToday ?? 0} />
          </Card>
        </Col>
      </Row>
      {data && data.tables.length === 0 && <Alert type="info" showIcon title={t(T('noPublished'))} />}
      <Table
        size="small"
        rowKey="tableName"
        loading={census.isFetching}
        dataSource={data?.tables ?? []}
        pagination={false}
        columns={[
          { title: t(T('tableName')), dataIndex: 'tableName' },
          { title: t(T('timeColumn')), dataIndex: 'timeColumn' },
          { title: t(T('rowCount')), dataIndex: 'rows', align: 'right' },
          { title: t(T('recentRows')), dataIndex: 'recentRows', align: 'right' },
          { title: t(T('newest')), dataIndex: 'newest' },
          { title: t(T('error')), dataIndex: 'error' },
        ]}
      />
    </Space>
  );
}

/** Whether each published table is fed on time, and the tenant's timely-detection schedule. */
export function Timely({ source }: { source: SourceRead }) {
  const { t } = useTranslation();
  const timely = useQuery({
    queryKey: trackingKeys.timely(source.id),
    queryFn: () => fetchTimely(source.id),
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Detection />
      {timely.data && timely.data.tables.length === 0 && (
        <Alert type="info" showIcon title={t(T('noPublished'))} />
      )}
      <Table
        size="small"
        rowKey="tableName"
        loading={timely.isFetching}
        dataSource={timely.data?.tables ?? []}
        pagination={false}
        columns={[
          { title: t(T('tableName')), dataIndex: 'tableName' },
          { title: t(T('timeColumn')), dataIndex: 'timeColumn' },
          { title: t(T('newest')), dataIndex: 'newest' },
          { title: t(T('delaySeconds')), dataIndex: 'delaySeconds', align: 'right' },
          {
            title: t(T('timely')),
            dataIndex: 'late',
            render: (late: boolean) =>
              late ? <Tag color="red">{t(T('late'))}</Tag> : <Tag color="green">{t(T('onTime'))}</Tag>,
          },
          { title: t(T('error')), dataIndex: 'error' },
        ]}
      />
    </Space>
  );
}

interface DetectionValues {
  enabled: boolean;
  intervalSeconds: number;
  lateSeconds: number;
}

function Detection() {
  const { t } = useTranslation();
  const can = useAccess();
  const queryClient = useQueryClient();
  const detection = useQuery({ queryKey: trackingKeys.detection, queryFn: fetchDetection });
  const [form] = Form.useForm<DetectionValues>();
  const { saving: busy, run } = useSaving();
  useEffect(() => {
    if (detection.data)
      form.setFieldsValue({
        enabled: detection.data.enabled === 1,
        intervalSeconds: detection.data.intervalSeconds,
        lateSeconds: detection.data.lateSeconds,
      });
  }, [detection.data, form]);
  const save = () =>
    run(async () => {
      const values = await form.validateFields();
      toast.success((await saveDetection({ ...values, enabled: values.enabled ? 1 : 0 })) ?? '');
      queryClient.invalidateQueries({ queryKey: trackingKeys.all });
    });
  return (
    <Card size="small" title={t(T('detection'))}>
      <Form form={form} layout="inline" disabled={!can(CODES.edit)}>
        <Form.Item name="enabled" label={t(T('detectionEnabled'))} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="intervalSeconds" label={t(T('intervalSeconds'))} rules={[{ required: true }]}>
          <InputNumber min={10} max={86_400} />
        </Form.Item>
        <Form.Item name="lateSeconds" label={t(T('lateSeconds'))} rules={[{ required: true }]}>
          <InputNumber min={10} max={2_678_400} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" onClick={save} loading={busy}>
            {t(T('save'))}
          </Button>
        </Form.Item>
      </Form>
      {detection.data?.lastRun && (
        <div style={{ marginTop: 8, color: '#888' }}>
          {t(T('lastCheckTime'))}: {detection.data.lastRun}
        </div>
      )}
    </Card>
  );
}

/** The alarm results of the source's metrics, newest first; a row opens the alarm's detail. */
export function Events({ source }: { source: SourceRead }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [open, setOpen] = useState<ResultRead>();
  const events = useQuery({
    queryKey: trackingKeys.events(source.id, page),
    queryFn: () => fetchEvents(source.id, page.current, page.size),
  });
  return (
    <>
      <Table<ResultRead>
        size="small"
        rowKey="id"
        loading={events.isFetching}
        dataSource={events.data?.records ?? []}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: events.data?.total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          { title: t(T('eventName')), dataIndex: 'eventName' },
          { title: t(T('level')), dataIndex: 'levelName', width: 90 },
          { title: t(T('firstTime')), dataIndex: 'firstTime', width: 160 },
          {
            title: t(T('removeStatus')),
            dataIndex: 'removeStatus',
            width: 100,
            render: (v: string) => <Tag color={v === REMOVED ? 'green' : 'red'}>{v}</Tag>,
          },
          {
            title: t(T('affirmStatus')),
            dataIndex: 'affirmStatus',
            width: 100,
            render: (v: string) => <Tag color={v === AFFIRMED ? 'blue' : 'orange'}>{v}</Tag>,
          },
          { title: t(T('peakValue')), dataIndex: 'peakValue', width: 90 },
          { title: t(T('frequency')), dataIndex: 'frequency', width: 80 },
          {
            title: '',
            key: 'detail',
            width: 80,
            render: (_: unknown, row) => (
              <Button type="link" size="small" onClick={() => setOpen(row)}>
                {t(T('detail'))}
              </Button>
            ),
          },
        ]}
      />
      {open && (
        <AlarmDetailDialog eventId={open.eventId} batch={open.batch} onClose={() => setOpen(undefined)} />
      )}
    </>
  );
}
