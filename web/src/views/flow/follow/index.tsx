import { Input, Modal, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteInstance, type FlowRow, followApi } from '#src/api/flow';
import { toast } from '#src/app/feedback';
import { type CrudHandle, type CrudOption, CrudPage, READ_ONLY } from '#src/components/CrudPage';
import { ProcessDialog } from '../work/ProcessDialog';

const L = (key: string) => `flow.${key}`;

/**
 * 流程跟踪 (/flow/follow): running (and suspended) process instances; details with the progress diagram; delete
 * an instance with a reason (its history stays). Button codes: follow_view / follow_delete.
 */
export default function FollowPage() {
  const { t } = useTranslation();
  const handle = useRef<CrudHandle>(null);
  const [viewing, setViewing] = useState<FlowRow | null>(null);
  const [deleting, setDeleting] = useState<FlowRow | null>(null);
  const [reason, setReason] = useState('');
  const option = useMemo<CrudOption<FlowRow>>(
    () => ({
      name: 'flow-follow',
      rowKey: 'processInstanceId',
      permissions: {},
      ...READ_ONLY,
      columns: [
        { prop: 'processInstanceId', label: L('processInstanceId'), width: 190 },
        { prop: 'processDefinitionName', label: L('processName'), width: 180 },
        { prop: 'processDefinitionKey', label: L('key'), search: true, width: 150 },
        { prop: 'startUserName', label: L('startUser'), width: 120 },
        { prop: 'startTime', label: L('startTime'), width: 170 },
        {
          prop: 'suspensionState',
          label: L('suspensionState'),
          width: 100,
          render: (row) =>
            row.suspensionState === 2 ? (
              <Tag color="orange">{t(L('suspended'))}</Tag>
            ) : (
              <Tag color="green">{t(L('active'))}</Tag>
            ),
        },
      ],
      rowActions: [
        { key: 'detail', code: 'follow_view', label: 'work.detail', onClick: (row) => setViewing(row) },
        {
          key: 'delete',
          code: 'follow_delete',
          label: L('deleteInstance'),
          danger: true,
          onClick: (row) => {
            setReason('');
            setDeleting(row);
          },
        },
      ],
    }),
    [t],
  );
  const remove = async () => {
    if (!deleting) return;
    if (!reason.trim()) {
      toast.warning(t(L('deleteReasonRequired')));
      return;
    }
    try {
      toast.success(await deleteInstance(deleting.processInstanceId, reason.trim()));
      setDeleting(null);
      await handle.current?.refresh();
    } catch {
      // shown by the HTTP layer
    }
  };
  return (
    <>
      <CrudPage option={option} api={followApi} ref={handle} />
      {viewing && <ProcessDialog row={viewing} onClose={() => setViewing(null)} />}
      {deleting && (
        <Modal
          open
          title={t(L('deleteInstance'))}
          onOk={remove}
          onCancel={() => setDeleting(null)}
          okButtonProps={{ danger: true }}
        >
          <Input.TextArea
            aria-label={t(L('deleteReason'))}
            placeholder={t(L('deleteReason'))}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Modal>
      )}
    </>
  );
}
