import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemNotice } from '#src/api/system';
import { fetchUnreadNotices, systemKeys } from '#src/api/system';
import { AlarmDetailDialog } from '#src/views/alarm/AlarmDetail';
import { parseNotice } from './NoticeBell';

/** The bell's dialogs, loaded on first use: one notification's detail and the full unread list. An alarm
 * notification opens the event detail dialog with the confirmation form. */
export function NoticeDetail({ notice, onClose }: { notice: SystemNotice; onClose(): void }) {
  if (notice.alarmId)
    return <AlarmDetailDialog eventId={notice.alarmId} batch={notice.batch} onClose={onClose} />;
  return <PlainNotice notice={notice} onClose={onClose} />;
}

function PlainNotice({ notice, onClose }: { notice: SystemNotice; onClose(): void }) {
  const { t } = useTranslation();
  const parsed = parseNotice(notice);
  return (
    <Modal open title={t('notice.detail')} footer={null} onCancel={onClose}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('notice.name')}>{parsed.name}</Descriptions.Item>
        <Descriptions.Item label={t('notice.level')}>{parsed.level ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('notice.firstTime')}>{parsed.firstTime ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('notice.removeStatus')}>
          {parsed.removeStatus === 'remove' ? t('notice.removed') : t('notice.notRemoved')}
        </Descriptions.Item>
        <Descriptions.Item label={t('notice.affirmStatus')}>
          {parsed.affirmStatus === 'affirm' ? t('notice.affirmed') : t('notice.notAffirmed')}
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

export function AllNotices({ onOpen, onClose }: { onOpen(notice: SystemNotice): void; onClose(): void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = useQuery({
    queryKey: systemKeys.of('unread-notices', 'all', page),
    queryFn: () => fetchUnreadNotices(page.current, page.size),
  });
  return (
    <Modal open width={720} title={t('notice.title')} footer={null} onCancel={onClose}>
      <Table<SystemNotice>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.records ?? []}
        onRow={(notice) => ({ onClick: () => onOpen(notice), className: 'pd-notice-item' })}
        columns={[
          { title: t('notice.name'), render: (_, n) => parseNotice(n).name },
          { title: t('notice.level'), render: (_, n) => parseNotice(n).level ?? '-' },
          { title: t('notice.firstTime'), render: (_, n) => parseNotice(n).firstTime ?? '-' },
        ]}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: query.data?.total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
        }}
      />
    </Modal>
  );
}
