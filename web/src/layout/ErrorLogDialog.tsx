import { Button, Modal, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { uploadLogs } from '#src/api/system';
import { confirm, toast } from '#src/app/feedback';
import { type LogEntry, useLogs } from '#src/app/stores/logs';

/** Locally collected errors, with upload to the server and clear (spec §2, §8). */
export default function ErrorLogDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { logs, clear } = useLogs();

  const upload = async () => {
    if (!(await confirm(t('logs.uploadConfirm'), { title: t('common.tip') }))) return;
    await uploadLogs(logs);
    clear();
    toast.success(t('logs.uploaded'));
  };

  const clearAll = async () => {
    if (!(await confirm(t('logs.clearConfirm'), { title: t('common.tip'), danger: true }))) return;
    clear();
    toast.success(t('logs.cleared'));
  };

  return (
    <Modal open width="80%" title={t('logs.title')} onCancel={onClose} footer={null}>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={upload} disabled={!logs.length}>
          {t('logs.upload')}
        </Button>
        <Button danger onClick={clearAll} disabled={!logs.length}>
          {t('logs.clear')}
        </Button>
      </Space>
      <Table<LogEntry>
        rowKey={(log) => `${log.time}-${log.message}-${log.url}`}
        size="small"
        dataSource={logs}
        pagination={{ pageSize: 10 }}
        scroll={{ x: 900 }}
        columns={[
          {
            title: t('logs.type'),
            dataIndex: 'type',
            width: 80,
            render: (type: string) => <Tag color={type === 'error' ? 'red' : 'orange'}>{type}</Tag>,
          },
          { title: t('logs.url'), dataIndex: 'url', width: 220, ellipsis: true },
          { title: t('logs.message'), dataIndex: 'message', width: 220, ellipsis: true },
          {
            title: t('logs.stack'),
            dataIndex: 'stack',
            ellipsis: true,
            render: (stack: string, log) => <span title={stack || log.info}>{stack || log.info}</span>,
          },
          { title: t('logs.time'), dataIndex: 'time', width: 170 },
        ]}
      />
    </Modal>
  );
}
