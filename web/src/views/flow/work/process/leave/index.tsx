import { PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLeave, type FlowRow, type LeaveRead, leaveApi } from '#src/api/flow';
import { toast } from '#src/app/feedback';
import { useAccess } from '#src/components/Access';
import { type CrudOption, CrudPage, READ_ONLY } from '#src/components/CrudPage';
import { useWorkChanged } from '../../changed';
import { ProcessDialog } from '../../ProcessDialog';

const L = (key: string) => `work.leave.${key}`;
export const LEAVE_TYPES = ['annual', 'sick', 'personal', 'marriage', 'maternity'] as const;
const FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface Values {
  leaveType: string;
  range: [Dayjs, Dayjs];
  days: number;
  reason: string;
}

/**
 * 请假流程 (/work/process/leave): the user's leave applications and the application form (type, start, end,
 * days, reason). Submitting starts the leave process: the department manager approves, then HR for more than 3
 * days; a rejection comes back to the applicant's 待办 with the comment.
 */
export default function LeavePage() {
  const { t } = useTranslation();
  const changed = useWorkChanged();
  const can = useAccess();
  const [form] = Form.useForm<Values>();
  const [applying, setApplying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState<LeaveRead | null>(null);

  const option = useMemo<CrudOption<LeaveRead>>(
    () => ({
      name: 'work-leave',
      permissions: {},
      ...READ_ONLY,
      columns: [
        { prop: 'leaveType', label: L('leaveType'), width: 120, render: (row) => t(L(row.leaveType)) },
        { prop: 'startTime', label: L('startTime'), width: 170 },
        { prop: 'endTime', label: L('endTime'), width: 170 },
        { prop: 'days', label: L('days'), width: 90 },
        { prop: 'reason', label: L('reason'), overHidden: true },
        { prop: 'applyTime', label: L('applyTime'), width: 170 },
        { prop: 'processInstanceId', label: 'flow.processInstanceId', width: 190 },
      ],
      toolbar: [
        {
          key: 'apply',
          code: 'leave_add',
          label: L('apply'),
          primary: true,
          icon: <PlusOutlined />,
          onClick: () => setApplying(true),
        },
      ],
      rowActions: [
        { key: 'detail', code: 'leave_view', label: 'work.detail', onClick: (row) => setViewing(row) },
      ],
    }),
    [t],
  );

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await applyLeave({
        leaveType: values.leaveType,
        startTime: values.range[0].format(FORMAT),
        endTime: values.range[1].format(FORMAT),
        days: values.days,
        reason: values.reason,
      });
      toast.success(t(L('applied')));
      setApplying(false);
      form.resetFields();
      await changed();
    } catch {
      // shown by the HTTP layer
    } finally {
      setBusy(false);
    }
  };

  const asRow = (leave: LeaveRead): FlowRow =>
    ({
      processInstanceId: leave.processInstanceId ?? '',
      processDefinitionName: t(L('title')),
      businessTable: 'wf_leave',
      businessId: leave.id,
    }) as FlowRow;

  return (
    <>
      <CrudPage option={option} api={leaveApi} />
      {applying && (
        <Modal
          open
          title={t(L('title'))}
          onCancel={() => setApplying(false)}
          footer={
            <Button type="primary" loading={busy} onClick={() => form.submit()} disabled={!can('leave_add')}>
              {t('common.submit')}
            </Button>
          }
          destroyOnHidden
        >
          <Form
            form={form}
            layout="vertical"
            name="leave"
            onFinish={submit}
            initialValues={{ leaveType: 'annual' }}
          >
            <Form.Item name="leaveType" label={t(L('leaveType'))} rules={[{ required: true }]}>
              <Select options={LEAVE_TYPES.map((value) => ({ value, label: t(L(value)) }))} />
            </Form.Item>
            <Form.Item
              name="range"
              label={`${t(L('startTime'))} ~ ${t(L('endTime'))}`}
              rules={[{ required: true, message: `${t(L('startTime'))} ~ ${t(L('endTime'))}` }]}
            >
              <DatePicker.RangePicker showTime format={FORMAT} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="days" label={t(L('days'))} rules={[{ required: true, message: t(L('days')) }]}>
              <InputNumber min={0.5} max={365} step={0.5} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t(L('reason'))}
              rules={[{ required: true, message: t(L('reason')) }]}
            >
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          </Form>
        </Modal>
      )}
      {viewing && <ProcessDialog row={asRow(viewing)} onClose={() => setViewing(null)} />}
    </>
  );
}
