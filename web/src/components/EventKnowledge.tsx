import { DeleteOutlined } from '@ant-design/icons';
import { Button, List, Select, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { eventKnowledgeApi, type InfoRead, knowledgeApi, type SearchHit } from '#src/api/knowledge';
import { useAccess } from './Access';

/**
 * The knowledge entries linked to an alarm event, for the alarm detail: each opens the entry; with
 * knowledge_edit (or an alarm screen's code, checked by the server) entries can be found and linked, or
 * unlinked. `eventId` is the alarm area's event id.
 */
export default function EventKnowledge({
  eventId,
  editable = true,
}: {
  eventId: string;
  editable?: boolean;
}) {
  const { t } = useTranslation();
  const can = useAccess();
  const [linked, setLinked] = useState<InfoRead[]>([]);
  const [options, setOptions] = useState<SearchHit[]>([]);
  const load = useCallback(async () => setLinked(await eventKnowledgeApi.list(eventId)), [eventId]);
  useEffect(() => void load(), [load]);
  const set = async (ids: string[]) => setLinked(await eventKnowledgeApi.set(eventId, ids));
  const mayEdit = editable && (can('knowledge_edit') || can('alarm_overview'));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-event-knowledge={eventId}>
      <List
        size="small"
        dataSource={linked}
        locale={{ emptyText: t('index.knowledge.empty') }}
        renderItem={(info) => (
          <List.Item
            actions={
              mayEdit
                ? [
                    <Button
                      key="unlink"
                      size="small"
                      type="text"
                      danger
                      aria-label={t('index.knowledge.delete')}
                      icon={<DeleteOutlined />}
                      onClick={() => void set(linked.filter((i) => i.id !== info.id).map((i) => i.id))}
                    />,
                  ]
                : []
            }
          >
            <Link to={`/index/knowledge?id=${info.id}`}>{info.title}</Link>
          </List.Item>
        )}
      />
      {mayEdit && (
        <Select
          showSearch={{
            filterOption: false,
            onSearch: async (q) => setOptions(q ? await knowledgeApi.search(q) : []),
          }}
          style={{ width: '100%' }}
          value={null}
          placeholder={t('index.knowledge.search')}
          options={options.map((hit) => ({ value: hit.id, label: hit.title }))}
          onChange={(id: string) => void set([...linked.map((i) => i.id), id])}
        />
      )}
    </Space>
  );
}
