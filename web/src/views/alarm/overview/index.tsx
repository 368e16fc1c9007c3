import { AlertOutlined, CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmKeys, fetchOverview, type ResultRead } from '#src/api/alarm';
import { useSettings } from '#src/app/stores/settings';
import { useLive } from '#src/app/useLive';
import { AffirmTag, AlarmDetailDialog, formatValue, RemoveTag } from '../AlarmDetail';
import { levelLabel } from '../labels';

const L = (key: string) => `alarm.${key}`;
const STATUS_COLOR: Record<string, string> = {
  active_unack: '#cf1322',
  active_ack: '#fa8c16',
  cleared_unack: '#1677ff',
  cleared_ack: '#52c41a',
};

/** 事件总览 (/alarm/overview): counts by level and by status, and the newest results (newest first), live. */
export default function AlarmOverviewPage() {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const [opened, setOpened] = useState<ResultRead | null>(null);
  // A raise, clear or confirmation reloads the alarm screens' queries; the 10 s poll is the fallback.
  const live = useLive('alarm', { queryKey: alarmKeys.all });
  const query = useQuery({
    queryKey: alarmKeys.of('overview'),
    queryFn: fetchOverview,
    refetchInterval: live ? false : 10_000,
  });
  const data = query.data;
  return (
    <div className="pd-alarm-overview" data-testid="alarm-overview">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic title={t(L('total'))} value={data?.total ?? 0} prefix={<AlertOutlined />} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic
              title={t(L('open'))}
              value={data?.open ?? 0}
              valueStyle={{ color: '#cf1322' }}
              prefix={<ExclamationCircleOutlined />}
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic
              title={t(L('unaffirmed'))}
              value={data?.unaffirmed ?? 0}
              valueStyle={{ color: '#fa8c16' }}
              prefix={<CheckCircleOutlined />}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t(L('byLevel'))}>
            {(data?.byLevel ?? []).map((c) => (
              <Tag key={c.key} style={{ marginBottom: 8, fontSize: 14, padding: '4px 10px' }}>
                {levelLabel(c.name, language)}: <b>{c.count}</b>
              </Tag>
            ))}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t(L('byStatus'))}>
            {(data?.byStatus ?? []).map((c) => (
              <Tag
                key={c.key}
                color={STATUS_COLOR[c.key]}
                style={{ marginBottom: 8, fontSize: 14, padding: '4px 10px' }}
              >
                {t(L(`status_${c.key}`))}: <b>{c.count}</b>
              </Tag>
            ))}
          </Card>
        </Col>
        <Col span={24}>
          <Card size="small" title={t(L('newest'))}>
            <Table<ResultRead>
              rowKey="id"
              size="small"
              loading={query.isFetching && !data}
              dataSource={data?.newest ?? []}
              pagination={false}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(L('none'))} />,
              }}
              onRow={(row) => ({ onClick: () => setOpened(row), style: { cursor: 'pointer' } })}
              columns={[
                { title: t(L('name')), dataIndex: 'eventName' },
                {
                  title: t(L('level')),
                  dataIndex: 'levelName',
                  render: (value: string, row) => (
                    <Tag color={row.color ?? undefined}>{levelLabel(value, language)}</Tag>
                  ),
                },
                { title: t(L('device')), render: (_, row) => `${row.deviceName} / ${row.pointName}` },
                { title: t(L('firstTime')), dataIndex: 'firstTime' },
                { title: t(L('removeStatus')), render: (_, row) => <RemoveTag status={row.removeStatus} /> },
                { title: t(L('affirmStatus')), render: (_, row) => <AffirmTag status={row.affirmStatus} /> },
                { title: t(L('peakValue')), render: (_, row) => formatValue(row.peakValue) },
              ]}
            />
          </Card>
        </Col>
      </Row>
      {opened && (
        <AlarmDetailDialog eventId={opened.eventId} batch={opened.batch} onClose={() => setOpened(null)} />
      )}
    </div>
  );
}
