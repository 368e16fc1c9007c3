import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Popconfirm, Row, Space, Tabs, Tag, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  exportSources,
  fetchTree,
  removeSource,
  type SourceRead,
  trackingKeys,
} from '#src/api/alarmTracking';
import { toast } from '#src/app/feedback';
import { useAccess } from '#src/components/Access';
import { CODES, T } from './labels';
import { Metrics } from './Metrics';
import { SourceForm } from './SourceForm';
import { Tables } from './Tables';
import { Census, Events, Timely } from './Views';

/**
 * 告警追踪 (/alarm/tracking): the third-party databases of the source systems MES, OA, QMS and SCADA. Pick a
 * source to browse its tables and rows, publish tables for the census and timely views, and define metrics
 * whose conditions raise alarms through the same lifecycle as the data-point events.
 */
export default function AlarmTrackingPage() {
  const { t } = useTranslation();
  const can = useAccess();
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: trackingKeys.tree, queryFn: fetchTree });
  const [selectedId, setSelectedId] = useState<string>();
  const [system, setSystem] = useState('MES');
  const [editing, setEditing] = useState<SourceRead | 'new'>();
  const sources = useMemo(
    () => (tree.data ?? []).flatMap((n) => (n.children ?? []).map((c) => c.source as SourceRead)),
    [tree.data],
  );
  const selected = sources.find((s) => s.id === selectedId);
  const treeData = (tree.data ?? []).map((node) => ({
    key: node.id,
    title: (
      <span>
        <Typography.Text strong>{node.name}</Typography.Text>{' '}
        <Tag variant="filled">{node.children?.length ?? 0}</Tag>
      </span>
    ),
    children: (node.children ?? []).map((c) => ({ key: c.id, title: c.name, isLeaf: true })),
  }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trackingKeys.tree });
  const remove = async (source: SourceRead) => {
    toast.success((await removeSource(source.id)) ?? '');
    setSelectedId(undefined);
    refresh();
  };

  return (
    <Row gutter={12} wrap={false} data-testid="alarm-tracking">
      <Col flex="250px">
        <Card
          size="small"
          title={t(T('sources'))}
          extra={
            <Space size={4}>
              {can(CODES.add) && (
                <Button size="small" type="primary" onClick={() => setEditing('new')}>
                  {t(T('addSource'))}
                </Button>
              )}
              <Button size="small" onClick={() => exportSources()}>
                {t(T('export'))}
              </Button>
            </Space>
          }
        >
          <Tree
            blockNode
            defaultExpandAll
            key={tree.dataUpdatedAt}
            treeData={treeData}
            selectedKeys={selectedId ? [selectedId] : [system]}
            onSelect={(keys) => {
              const key = String(keys[0] ?? '');
              const source = sources.find((s) => s.id === key);
              if (source) {
                setSelectedId(source.id);
                setSystem(source.system);
              } else if (key) {
                setSystem(key);
                setSelectedId(undefined);
              }
            }}
          />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {selected ? (
          <Card
            size="small"
            title={
              <Space>
                <Tag color="blue">{selected.system}</Tag>
                <span>{selected.name}</span>
                <Typography.Text type="secondary">
                  {selected.dbType === 'sqlite'
                    ? selected.database
                    : `${selected.dbType}://${selected.host}:${selected.port}/${selected.database}`}
                </Typography.Text>
              </Space>
            }
            extra={
              <Space size={4}>
                {can(CODES.edit) && (
                  <Button size="small" onClick={() => setEditing(selected)}>
                    {t(T('editSource'))}
                  </Button>
                )}
                {can(CODES.delete) && (
                  <Popconfirm title={t(T('confirmDelete'))} onConfirm={() => remove(selected)}>
                    <Button size="small" danger>
                      {t(T('deleteSource'))}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            }
          >
            <Tabs
              destroyOnHidden
              items={[
                { key: 'tables', label: t(T('tables')), children: <Tables source={selected} /> },
                { key: 'metrics', label: t(T('metrics')), children: <Metrics source={selected} /> },
                { key: 'census', label: t(T('census')), children: <Census source={selected} /> },
                { key: 'timely', label: t(T('timely')), children: <Timely source={selected} /> },
                { key: 'events', label: t(T('events')), children: <Events source={selected} /> },
              ]}
            />
          </Card>
        ) : (
          <Card size="small">
            <Empty description={t(T('pickSource'))} />
          </Card>
        )}
      </Col>
      {editing && (
        <SourceForm
          source={editing === 'new' ? undefined : editing}
          system={system}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) {
              refresh();
              setSelectedId(saved.id);
            }
          }}
        />
      )}
    </Row>
  );
}
