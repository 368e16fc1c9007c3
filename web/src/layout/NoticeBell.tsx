import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Popover, Space, Tooltip } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchUnreadNotices, markNoticesRead, type SystemNotice, systemKeys } from '#src/api/system';
import { lazyChunk } from '#src/app/registry';
import { useLive } from '#src/app/useLive';
import { HeraldSettings, useAlarmHerald } from '#src/views/alarm/Herald';

/**
 * Spec §9: a page of 4, every 10 s; the "more" button appears when there are more. The live channel's bell topic
 * reloads it when a notification arrives; the 10 s poll runs only while the channel is down.
 */
export const NOTICE_POLL_MS = 10_000;
export const BELL_TOPIC = 'bell';
export const NOTICE_PAGE_SIZE = 4;
export const NOTICE_QUERY_KEY = systemKeys.of('unread-notices');

const NoticeDetail = lazyChunk(() => import('./NoticeDialogs').then((m) => ({ default: m.NoticeDetail })));
const AllNotices = lazyChunk(() => import('./NoticeDialogs').then((m) => ({ default: m.AllNotices })));

/**
 * The header bell: a red dot only while unread notifications exist. A failed call stops the polling
 * and clears the list (spec §8); opening a notification marks it read. A new alarm of the most urgent levels
 * sounds and flashes it as the user's own setting says (the alarm area's herald; off by default).
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [polling, setPolling] = useState(true);
  const [opened, setOpened] = useState<SystemNotice | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const live = useLive(BELL_TOPIC, { queryKey: NOTICE_QUERY_KEY, enabled: polling });
  const query = useQuery({
    queryKey: NOTICE_QUERY_KEY,
    queryFn: () => fetchUnreadNotices(1, NOTICE_PAGE_SIZE),
    refetchInterval: polling && !live ? NOTICE_POLL_MS : false,
    enabled: polling,
  });

  useEffect(() => {
    if (!query.isError) return;
    setPolling(false);
    queryClient.removeQueries({ queryKey: NOTICE_QUERY_KEY });
  }, [query.isError, queryClient]);

  const records = polling ? (query.data?.records ?? []) : [];
  const total = polling ? (query.data?.total ?? 0) : 0;
  const heard = useMemo(
    () => query.data?.records.map((n) => ({ id: n.id, ...parseNotice(n) })),
    [query.data],
  );
  const herald = useAlarmHerald(heard);

  const open = async (notice: SystemNotice) => {
    setListOpen(false);
    setOpened(notice);
    await markNoticesRead([notice.id]).catch(() => undefined);
    queryClient.invalidateQueries({ queryKey: NOTICE_QUERY_KEY });
  };

  const content = (
    <div className="pd-notice-list">
      {records.length ? (
        <List
          size="small"
          dataSource={records}
          renderItem={(notice) => (
            <List.Item className="pd-notice-item" onClick={() => open(notice)}>
              <List.Item.Meta
                title={parseNotice(notice).text ?? parseNotice(notice).name}
                description={parseNotice(notice).firstTime}
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />
      )}
      {total > NOTICE_PAGE_SIZE && (
        <Button type="link" block onClick={() => setShowAll(true)}>
          {t('notice.more')}
        </Button>
      )}
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        title={
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            {t('notice.title')}
            <HeraldSettings />
          </Space>
        }
        content={content}
        open={listOpen}
        onOpenChange={(open) => {
          setListOpen(open);
          herald.stop();
        }}
      >
        <Tooltip title={t('notice.title')}>
          <Button
            type="text"
            className={herald.flashing ? 'pd-header-btn pd-bell-flash' : 'pd-header-btn'}
            aria-label={t('notice.title')}
            data-flashing={herald.flashing || undefined}
          >
            <Badge dot={total > 0}>
              <BellOutlined />
            </Badge>
          </Button>
        </Tooltip>
      </Popover>
      <Suspense fallback={null}>
        {opened && <NoticeDetail notice={opened} onClose={() => setOpened(null)} />}
        {showAll && <AllNotices onOpen={open} onClose={() => setShowAll(false)} />}
      </Suspense>
    </>
  );
}

interface ParsedNotice {
  name: string;
  /** The row's text as the tenant's bell template renders it (alarm notifications). */
  text?: string;
  level?: string;
  firstTime?: string;
  removeStatus?: string;
  affirmStatus?: string;
  /** An alarm's transition (raise, clear, affirm, escalate) and its level's rank (1 most urgent). */
  action?: string;
  rank?: number | null;
}

/** `content` is JSON text (level, name, firstTime, removeStatus, affirmStatus); plain text is shown as is. */
export function parseNotice(notice: SystemNotice): ParsedNotice {
  try {
    const parsed = JSON.parse(notice.content) as ParsedNotice;
    return {
      ...parsed,
      name: parsed.name ?? notice.content,
      firstTime: parsed.firstTime ?? notice.createTime ?? undefined,
    };
  } catch {
    return { name: notice.content, firstTime: notice.createTime ?? undefined };
  }
}
