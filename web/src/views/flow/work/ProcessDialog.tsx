import { Button, Descriptions, Empty, Form, Input, Modal, Space, Spin, Table, Tabs, Tag } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  completeTask,
  type FlowDiagram,
  type FlowHistoryRow,
  type FlowRow,
  type FlowTaskForm,
  fetchDiagram,
  fetchHistory,
  fetchLeave,
  fetchTaskForm,
  LEAVE_TABLE,
  type LeaveRead,
} from '#src/api/flow';
import { toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { parseOption } from '#src/designer/io';
import { FormRenderer } from '#src/designer/runtime/FormRenderer';
import { i18n } from '#src/i18n';

const DiagramView = lazyChunk(() => import('./DiagramView'));

const L = (key: string) => `work.${key}`;

/** The business form of a process: the leave row for `wf_leave:<id>`, else none. */
export function BusinessForm({ row }: { row: Pick<FlowRow, 'businessTable' | 'businessId'> }) {
  const { t } = useTranslation();
  const [leave, setLeave] = useState<LeaveRead | null>(null);
  useEffect(() => {
    if (row.businessTable === LEAVE_TABLE && row.businessId)
      fetchLeave(row.businessId).then(setLeave, () => {});
  }, [row.businessTable, row.businessId]);
  if (row.businessTable !== LEAVE_TABLE) return <Empty description={t(L('noForm'))} />;
  if (!leave) return <Spin />;
  return (
    <Descriptions column={2} bordered size="small" data-testid="leave-detail">
      <Descriptions.Item label={t(L('leave.leaveType'))}>
        {t(L(`leave.${leave.leaveType}`))}
      </Descriptions.Item>
      <Descriptions.Item label={t(L('leave.days'))}>{leave.days}</Descriptions.Item>
      <Descriptions.Item label={t(L('leave.startTime'))}>{leave.startTime}</Descriptions.Item>
      <Descriptions.Item label={t(L('leave.endTime'))}>{leave.endTime}</Descriptions.Item>
      <Descriptions.Item label={t(L('leave.reason'))} span={2}>
        {leave.reason}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The time a step took, in the console's language (the wire carries its start and end). */
export function duration(row: FlowHistoryRow): string {
  if (!row.createTime || !row.endTime) return '';
  const seconds = Math.max(
    0,
    Math.round(
      (Date.parse(row.endTime.replace(' ', 'T')) - Date.parse(row.createTime.replace(' ', 'T'))) / 1000,
    ),
  );
  return i18n.t(L('durationFormat'), {
    h: Math.floor(seconds / 3600),
    m: Math.floor((seconds % 3600) / 60),
    s: seconds % 60,
  });
}

export function History({ rows }: { rows: FlowHistoryRow[] }) {
  const { t } = useTranslation();
  return (
    <Table<FlowHistoryRow>
      size="small"
      rowKey={(r) => `${r.historyActivityId}-${r.createTime}-${r.endTime}`}
      pagination={false}
      dataSource={rows}
      data-testid="flow-history"
      columns={[
        { title: t(L('activity')), dataIndex: 'historyActivityName' },
        {
          title: t(L('assignee')),
          render: (_, r) =>
            r.assigneeName ??
            r.assignee ??
            (r.candidateNames.length ? t(L('candidates'), { names: r.candidateNames.join(', ') }) : ''),
        },
        { title: t(L('createTime')), dataIndex: 'createTime', width: 170 },
        { title: t(L('endTime')), dataIndex: 'endTime', width: 170 },
        { title: t(L('duration')), render: (_, r) => duration(r) },
        {
          title: t(L('result')),
          render: (_, r) =>
            r.passed == null ? null : (
              <Tag color={r.passed ? 'green' : 'red'}>{t(L(r.passed ? 'passed' : 'rejected'))}</Tag>
            ),
        },
        { title: t(L('comment')), dataIndex: 'comment' },
      ]}
    />
  );
}

/**
 * A process's details (business form, history, progress diagram); with `handle` also the approval: a comment
 * and 同意 / 驳回 (complete-task with flag ok / no; an empty comment on approval is the server's 同意). A task that
 * names a form (formKey) shows it first, filled in with the designer's renderer: an approval needs it complete,
 * and its values go with the completion as process variables (a rejection sends what was entered, unchecked).
 */
export function ProcessDialog({
  row,
  handle = false,
  onClose,
  onDone,
}: {
  row: FlowRow;
  handle?: boolean;
  onClose(): void;
  onDone?(): void;
}) {
  const { t } = useTranslation();
  const [history, setHistory] = useState<FlowHistoryRow[]>([]);
  const [diagram, setDiagram] = useState<FlowDiagram | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [taskForm, setTaskForm] = useState<FlowTaskForm | null>(null);
  const [tab, setTab] = useState('form');
  const [values] = Form.useForm();
  const option = useMemo(() => parseOption(taskForm?.content), [taskForm]);
  useEffect(() => {
    fetchHistory(row.processInstanceId).then(setHistory, () => {});
    fetchDiagram(row.processInstanceId).then(setDiagram, () => {});
  }, [row.processInstanceId]);
  useEffect(() => {
    if (!handle || !row.taskId || !row.formKey) return;
    fetchTaskForm(row.taskId).then(
      (found) => {
        setTaskForm(found);
        if (found) setTab('task');
      },
      () => {},
    );
  }, [handle, row.taskId, row.formKey]);

  /** The task form's values: checked for an approval (the form shown when it is not complete). */
  const formValues = async (pass: boolean): Promise<Record<string, unknown> | null> => {
    if (!taskForm) return {};
    if (!pass) return values.getFieldsValue();
    try {
      return await values.validateFields();
    } catch {
      setTab('task');
      return null;
    }
  };

  const finish = async (pass: boolean) => {
    if (!pass && !comment.trim()) {
      toast.warning(t(L('rejectNeedsComment')));
      return;
    }
    if (!row.taskId) return;
    const variables = await formValues(pass);
    if (!variables) return;
    setBusy(true);
    try {
      toast.success(
        (await completeTask(row.taskId, pass, comment.trim() || t(L('approve')), variables)) || t(L('done')),
      );
      onDone?.();
      onClose();
    } catch {
      // shown by the HTTP layer
    } finally {
      setBusy(false);
    }
  };

  const name = row.taskName && handle ? row.taskName : row.processDefinitionName;
  return (
    <Modal
      open
      width={960}
      title={t(L(handle ? 'handleTitle' : 'detailTitle'), { name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        handle ? (
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button danger loading={busy} onClick={() => finish(false)} data-testid="flow-reject">
              {t(L('reject'))}
            </Button>
            <Button type="primary" loading={busy} onClick={() => finish(true)} data-testid="flow-approve">
              {t(L('approve'))}
            </Button>
          </Space>
        ) : null
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          ...(taskForm
            ? [
                {
                  key: 'task',
                  label: t(L('taskForm'), { name: taskForm.name }),
                  forceRender: true,
                  children: (
                    <div data-testid="flow-task-form">
                      <FormRenderer option={option} form={values} />
                    </div>
                  ),
                },
              ]
            : []),
          { key: 'form', label: t(L('businessForm')), children: <BusinessForm row={row} /> },
          { key: 'history', label: t(L('history')), children: <History rows={history} /> },
          {
            key: 'progress',
            label: t(L('progress')),
            children: diagram ? (
              <Suspense fallback={<Spin />}>
                <DiagramView xml={diagram.xml} completed={diagram.completed} active={diagram.active} />
              </Suspense>
            ) : (
              <Spin />
            ),
          },
        ]}
      />
      {handle && (
        <Form layout="vertical">
          <Form.Item label={t(L('comment'))} htmlFor="flow-comment">
            <Input.TextArea
              id="flow-comment"
              rows={3}
              maxLength={1000}
              value={comment}
              placeholder={t(L('approve'))}
              onChange={(e) => setComment(e.target.value)}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
