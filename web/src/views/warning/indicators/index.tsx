import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Tabs, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { eventSelectQuery, groupSelectQuery, levelSelectQuery } from '#src/api/alarm';
import { deviceSelectQuery } from '#src/api/deviceAdmin';
import { formatMeasure, type IndicatorRead, indicatorApi, MEASURES, MODES } from '#src/api/warning';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { AlarmMetrics } from './AlarmMetrics';

const L = (key: string) => `index.warnIndicators.${key}`;
const WARNED = '预警';

/**
 * 预警指标 (/index/warnIndicators, a frame route): the tenant's warning indicators (a measure of the alarms of a
 * day, week or month, in a scope, against a threshold) with their newest published value, and the per-event
 * alarm metrics. Button codes: warnIndicators_add / _edit / _delete / _view.
 */
export default function WarnIndicatorsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const option = useMemo<CrudOption<IndicatorRead>>(
    () => ({
      name: 'warning-indicator',
      permissions: {
        add: 'warnIndicators_add',
        edit: 'warnIndicators_edit',
        delete: 'warnIndicators_delete',
        view: 'warnIndicators_view',
      },
      urlState: true,
      invalidates: ['warning-record'],
      // The page rows carry everything the dialogs show.
      beforeOpen: (_mode, row) => row,
      columns: [
        { prop: 'name', label: L('name'), required: true, search: true, rules: [{ max: 128 }], width: 200 },
        {
          prop: 'measure',
          label: L('measure'),
          type: 'select',
          required: true,
          search: true,
          dicData: MEASURES.map((value) => ({ value, label: L(`measure_${value}`) })),
          width: 190,
        },
        {
          prop: 'period',
          label: L('period'),
          type: 'select',
          required: true,
          search: true,
          value: 'day',
          dicData: MODES.map((value) => ({ value, label: L(`period_${value}`) })),
          width: 80,
        },
        {
          prop: 'threshold',
          label: L('threshold'),
          type: 'number',
          required: true,
          tip: L('thresholdTip'),
          width: 100,
        },
        {
          prop: 'levelId',
          label: L('level'),
          type: 'select',
          dicQuery: levelSelectQuery,
          props: { label: 'name', value: 'id' },
          hide: true,
        },
        {
          prop: 'groupId',
          label: L('group'),
          type: 'tree-select',
          dicQuery: groupSelectQuery,
          props: { label: 'name', value: 'id' },
          hide: true,
        },
        {
          prop: 'deviceId',
          label: L('device'),
          type: 'select',
          dicQuery: deviceSelectQuery,
          props: { label: 'name', value: 'id' },
          hide: true,
        },
        {
          prop: 'eventId',
          label: L('event'),
          type: 'select',
          dicQuery: eventSelectQuery,
          props: { label: 'name', value: 'id' },
          hide: true,
          span: 24,
        },
        {
          prop: 'levelName',
          label: L('scope'),
          display: false,
          overHidden: true,
          width: 200,
          render: (row) =>
            [row.levelName, row.groupName, row.deviceName, row.eventName].filter(Boolean).join(' · ') ||
            t(L('all')),
        },
        {
          prop: 'lastValue',
          label: L('lastValue'),
          display: false,
          width: 90,
          render: (row) => formatMeasure(row.lastValue),
        },
        {
          prop: 'lastStatus',
          label: L('lastStatus'),
          display: false,
          width: 130,
          render: (row) =>
            row.lastStatus ? (
              <Tag color={row.lastStatus === WARNED ? 'red' : 'green'}>
                {t(L(`status_${row.lastStatus === WARNED ? 1 : 0}`))} · {row.lastPeriod}
              </Tag>
            ) : (
              '-'
            ),
        },
        { prop: 'enabled', label: L('enabled'), type: 'switch', value: 1, width: 80 },
        { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true, rules: [{ max: 500 }] },
      ],
    }),
    [t],
  );

  return (
    <div style={{ padding: 16, minHeight: '100vh' }} data-testid="warn-indicators">
      <Card
        title={t(L('title'))}
        extra={
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/'))}
          >
            {t(L('back'))}
          </Button>
        }
      >
        <Tabs
          items={[
            {
              key: 'indicators',
              label: t(L('indicators')),
              children: <CrudPage option={option} api={indicatorApi} />,
            },
            { key: 'metrics', label: t(L('metrics')), children: <AlarmMetrics /> },
          ]}
        />
      </Card>
    </div>
  );
}
