import { useQuery } from '@tanstack/react-query';
import { DatePicker, Empty, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '#src/api/types';
import { type EventMetrics, formatMeasure, metricsApi, warningKeys } from '#src/api/warning';

const L = (key: string) => `index.warnIndicators.${key}`;
const DATE = 'YYYY-MM-DD';

/** 告警指标 (alarmMetrics/page): per event, its alarms raised in the range and how they were handled. */
export function AlarmMetrics() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day'), dayjs()]);
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const params = { startTime: range[0].format(DATE), endTime: range[1].format(DATE), ...paging };
  const query = useQuery({
    queryKey: warningKeys.of('alarmMetrics', params),
    queryFn: async () => (await metricsApi.list(params)) as Page<EventMetrics>,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <span>{t(L('range'))}</span>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(value) => {
            if (value?.[0] && value[1]) {
              setRange([value[0], value[1]]);
              setPaging((p) => ({ ...p, current: 1 }));
            }
          }}
        />
      </Space>
      <Table<EventMetrics>
        rowKey="eventId"
        size="small"
        data-testid="alarm-metrics"
        loading={query.isFetching}
        dataSource={query.data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(L('none'))} /> }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, size) => setPaging({ current, size }),
        }}
        columns={[
          { title: t(L('eventName')), dataIndex: 'eventName', ellipsis: true },
          {
            title: t(L('device')),
            render: (_, row) => `${row.deviceName} / ${row.pointName}`,
            ellipsis: true,
          },
          { title: t(L('level')), dataIndex: 'levelName', width: 90 },
          { title: t(L('count')), dataIndex: 'count', width: 80 },
          { title: t(L('open')), dataIndex: 'open', width: 80 },
          { title: t(L('unconfirmed')), dataIndex: 'unconfirmed', width: 90 },
          {
            title: t(L('meanConfirm')),
            width: 130,
            render: (_, row) => formatMeasure(row.meanConfirmMinutes),
          },
          { title: t(L('meanClear')), width: 130, render: (_, row) => formatMeasure(row.meanClearMinutes) },
          { title: t(L('keepMinutes')), dataIndex: 'keepMinutes', width: 120 },
          { title: t(L('lastTime')), dataIndex: 'lastTime', width: 170 },
        ]}
      />
    </Space>
  );
}
