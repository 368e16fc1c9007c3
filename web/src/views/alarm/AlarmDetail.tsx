import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Form, Input, Modal, Spin, Tag, Timeline, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AFFIRMED,
  affirmAlarms,
  alarmKeys,
  type AlarmDetail as Detail,
  fetchAlarmRecord,
  REMOVED,
} from '#src/api/alarm';
import { toast } from '#src/app/feedback';
import { useSession } from '#src/app/stores/session';
import { useSettings } from '#src/app/stores/settings';
import EventKnowledge from '#src/components/EventKnowledge';
import { useSaving } from '#src/components/useSaving';
import { AlarmChart } from './AlarmChart';
import { levelLabel, pointLabel, ruleText } from './labels';

const L = (key: string) => `alarm.${key}`;
const ACTION_COLOR: Record<string, string> = {
  raised: 'red',
  retriggered: 'red',
  escalated: 'orange',
  acknowledged: 'blue',
  cleared: 'green',
};

/** A measured value to three decimals at most. */
export function formatValue(value?: number | null) {
  return value == null ? '-' : String(Number(value.toFixed(3)));
}

export const alarmRecordKey = (eventId: string, batch?: number | string | null) =>
  alarmKeys.of('record', eventId, batch ?? null);

/** 已解除 / 未解除, 已确认 / 未确认 as tags. */
export function RemoveTag({ status }: { status?: string | null }) {
  const { t } = useTranslation();
  return status === REMOVED ? (
    <Tag color="green">{t(L('removed'))}</Tag>
  ) : (
    <Tag color="red">{t(L('notRemoved'))}</Tag>
  );
}

export function AffirmTag({ status }: { status?: string | null }) {
  const { t } = useTranslation();
  return status === AFFIRMED ? (
    <Tag color="blue">{t(L('affirmed'))}</Tag>
  ) : (
    <Tag color="orange">{t(L('notAffirmed'))}</Tag>
  );
}

/**
 * The event detail dialog (spec §3): the result of (eventId, batch), its trigger rules, a chart of its point
 * before, during and after it with the rule's limits, the timeline of its transitions (cols / rowData), the linked
 * procedures, and the confirmation form. Confirming shows 确认成功, closes the form and hides the confirm
 * button (spec §4).
 */
export function AlarmDetailDialog({
  eventId,
  batch,
  onClose,
}: {
  eventId: string;
  batch?: number | string | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: alarmRecordKey(eventId, batch),
    queryFn: () => fetchAlarmRecord(eventId, batch),
  });
  const detail = query.data;
  const confirmed = detail?.affirmStatus === AFFIRMED;
  return (
    <Modal
      open
      width={860}
      title={t(L('detail'))}
      onCancel={onClose}
      footer={
        detail && !confirmed ? (
          <Button type="primary" data-testid="alarm-affirm" onClick={() => setConfirming(true)}>
            {t(L('affirm'))}
          </Button>
        ) : null
      }
    >
      {!detail ? <Spin spinning={query.isFetching} /> : <DetailBody eventId={eventId} detail={detail} />}
      {confirming && detail && (
        <AffirmDialog
          ids={[detail.id]}
          onClose={() => setConfirming(false)}
          onDone={async () => {
            setConfirming(false);
            await queryClient.invalidateQueries({ queryKey: alarmKeys.all });
          }}
        />
      )}
    </Modal>
  );
}

function DetailBody({ eventId, detail }: { eventId: string; detail: Detail }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const item = (key: string, value: React.ReactNode) => (
    <Descriptions.Item label={t(L(key))}>{value ?? '-'}</Descriptions.Item>
  );
  return (
    <>
      <Descriptions column={2} size="small" bordered data-testid="alarm-detail">
        {item('name', detail.eventName)}
        {item('level', levelLabel(detail.levelName, language))}
        {item('group', detail.groupName || '-')}
        {item('device', `${detail.deviceName} / ${pointLabel(detail.pointName, t)}`)}
        {item('firstTime', detail.firstTime)}
        {item('batch', detail.batch)}
        {item('removeStatus', <RemoveTag status={detail.removeStatus} />)}
        {item('removeTime', detail.removeTime)}
        {item('keepTime', detail.keepTime)}
        {item('frequency', detail.frequencyContent)}
        {item('affirmStatus', <AffirmTag status={detail.affirmStatus} />)}
        {item('affirmTime', detail.affirmTime)}
        {item('affirmPerson', detail.affirmPerson)}
        {item('affirmReason', detail.affirmReason)}
        {item('peakValue', formatValue(detail.peakValue))}
        {item('interval', ruleText(detail.intervalContent, t))}
        <Descriptions.Item label={t(L('rules'))} span={2}>
          {ruleText(detail.rules, t)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t(L('around'))}
      </Typography.Title>
      <AroundChart detail={detail} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t(L('timeline'))}
      </Typography.Title>
      <Timeline
        data-testid="alarm-timeline"
        items={detail.rowData.map((row) => ({
          key: row.id,
          color: ACTION_COLOR[row.action] ?? 'gray',
          children: (
            <>
              <b>{t(L(`action_${row.action}`), { defaultValue: row.action })}</b> · {row.createTime}
              {row.value != null && ` · ${t(L('value'))} ${formatValue(row.value)}`}
              {row.person && ` · ${row.person}`}
              {row.remark && <div style={{ opacity: 0.75 }}>{row.remark}</div>}
            </>
          ),
        }))}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t(L('knowledge'))}
      </Typography.Title>
      <EventKnowledge eventId={eventId} />
    </>
  );
}

/** The point around the alarm: its average (min–max band) before, during (shaded) and after it, with the limits. */
function AroundChart({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const chart = detail.chart;
  const option = useMemo(() => {
    if (!chart) return null;
    const name = `${detail.pointName}${chart.unit ? ` (${chart.unit})` : ''}`;
    const points = chart.buckets.filter((b) => b.avg != null);
    // The axis spans the values and the limits, so a limit is drawn even where the values stay clear of it.
    const seen = [
      ...points.flatMap((b) => [b.min ?? b.avg, b.max ?? b.avg]),
      ...chart.limits.map((l) => l.value),
    ].filter((v): v is number => v != null);
    const low = Math.min(...seen);
    const high = Math.max(...seen);
    const pad = (high - low) * 0.1 || Math.abs(high) * 0.1 || 1;
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 56, top: 24, bottom: 24 },
      xAxis: { type: 'time', min: chart.start, max: chart.end },
      yAxis: {
        type: 'value',
        name: chart.unit ?? '',
        ...(seen.length
          ? { min: Number((low - pad).toPrecision(3)), max: Number((high + pad).toPrecision(3)) }
          : {}),
      },
      series: [
        {
          type: 'line',
          name,
          showSymbol: false,
          data: points.map((b) => [b.ts, b.avg]),
          markLine: {
            symbol: 'none',
            lineStyle: { color: '#cf1322', type: 'dashed' },
            label: { formatter: '{b}: {c}', position: 'insideEndTop' },
            data: chart.limits.map((l) => ({ name: t(L(l.name)), yAxis: l.value })),
          },
          markArea: {
            itemStyle: { color: 'rgba(207, 19, 34, 0.08)' },
            data: [
              [{ name: t(L('action_raised')), xAxis: chart.raised }, { xAxis: chart.cleared ?? chart.end }],
            ],
          },
        },
        {
          type: 'line',
          name: 'max',
          showSymbol: false,
          lineStyle: { opacity: 0.25 },
          data: points.map((b) => [b.ts, b.max]),
          tooltip: { show: false },
        },
        {
          type: 'line',
          name: 'min',
          showSymbol: false,
          lineStyle: { opacity: 0.25 },
          data: points.map((b) => [b.ts, b.min]),
          tooltip: { show: false },
        },
      ],
    };
  }, [chart, detail.pointName, t]);
  if (!option) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(L('noChart'))} />;
  return <AlarmChart option={option} height={220} testId="alarm-around" />;
}

interface AffirmValues {
  userName: string;
  password: string;
  affirmReason: string;
}

/** The confirmation form: account, password (sent as its md5 hex) and reason, each required (spec §5). */
export function AffirmDialog({ ids, onClose, onDone }: { ids: string[]; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const account = useSession((s) => s.auth?.account ?? '');
  const [form] = Form.useForm<AffirmValues>();
  const { saving: busy, run } = useSaving();
  // A refused form shows what is missing, a refused confirmation the server's message: the form stays open.
  const submit = () =>
    run(async () => {
      const values = await form.validateFields();
      await affirmAlarms(values, ids);
      toast.success(t(L('confirmed')));
      onDone();
    });
  return (
    <Modal open title={t(L('affirm'))} onCancel={onClose} onOk={submit} confirmLoading={busy} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ userName: account }}
        data-testid="alarm-affirm-form"
      >
        <Form.Item
          name="userName"
          label={t(L('userName'))}
          rules={[{ required: true, message: t(L('userNameRequired')) }]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t(L('password'))}
          rules={[{ required: true, message: t(L('passwordRequired')) }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="affirmReason"
          label={t(L('affirmReason'))}
          rules={[{ required: true, message: t(L('reasonRequired')) }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
