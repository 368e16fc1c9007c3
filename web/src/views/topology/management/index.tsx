import { DeleteOutlined, FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Input, List, Modal, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  folderApi,
  foldersQuery,
  saveTopology,
  type TopologyRead,
  topologiesQuery,
  topologyApi,
  topologyKeys,
} from '#src/api/topology';
import { confirm, toast } from '#src/app/feedback';
import { useAccess } from '#src/components/Access';
import { Editor } from './Editor';

/** The open topology: a `q.` parameter, page state the tab remembers (CrudPage's FILTER_PREFIX). */
const OPEN_PARAM = 'q.id';

const L = (key: string) => `topology.${key}`;

/** Ask for a name (a folder's or a topology's). */
function askName(title: string, initial = ''): Promise<string | null> {
  let value = initial;
  return new Promise((resolve) => {
    Modal.confirm({
      title,
      icon: null,
      content: (
        <Input autoFocus defaultValue={initial} maxLength={64} onChange={(e) => (value = e.target.value)} />
      ),
      onOk: () => resolve(value.trim() || null),
      onCancel: () => resolve(null),
    });
  });
}

/**
 * 拓扑管理 (/topology/management): folders of topologies; a topology opens in the editor (topology_management_edit)
 * or read-only. `?q.id=` opens one directly (a device page's link); like a table's state it is the page's, not
 * another tab (app/guard.ts tabFor).
 */
export default function TopologyManagement() {
  const { t } = useTranslation();
  const can = useAccess();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const folders = useQuery(foldersQuery);
  const [folderId, setFolderId] = useState<string>();
  const topologies = useQuery(topologiesQuery({ folderId }));
  const openId = params.get(OPEN_PARAM) ?? undefined;
  const refresh = () => client.invalidateQueries({ queryKey: topologyKeys.all });

  useEffect(() => {
    if (!folderId && !openId && folders.data?.length) setFolderId(folders.data[0].id);
  }, [folderId, openId, folders.data]);

  const open = (row?: TopologyRead, replace = false) =>
    setParams(
      (p) => {
        if (row) p.set(OPEN_PARAM, row.id);
        else p.delete(OPEN_PARAM);
        return p;
      },
      { replace },
    );
  // The folder's first topology opens when none is asked for.
  const first = topologies.data?.[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: open only follows the URL
  useEffect(() => {
    if (!openId && first) open(first, true);
  }, [openId, first]);

  const addFolder = async () => {
    const name = await askName(t(L('folderName')));
    if (!name) return;
    const msg = await folderApi.submit({ name });
    toast.success(msg ?? t('common.success'));
    await refresh();
  };
  const removeFolder = async () => {
    if (!folderId || !(await confirm(t(L('removeFolder')), { danger: true }))) return;
    await folderApi.remove([folderId]);
    setFolderId(undefined);
    await refresh();
  };
  const addTopology = async () => {
    const name = await askName(t(L('topologyName')));
    if (!name) return;
    const made = await saveTopology({ name, folderId: folderId ?? null, content: '{"nodes":[],"edges":[]}' });
    await refresh();
    open(made);
  };
  const removeTopology = async (row: TopologyRead) => {
    if (
      !(await confirm(t('common.deleteConfirm', { defaultValue: '确定将选择数据删除?' }), { danger: true }))
    )
      return;
    await topologyApi.remove([row.id]);
    if (openId === row.id) open();
    await refresh();
  };

  return (
    <Card title={t(L('topologies'))} data-testid="topology-management" styles={{ body: { padding: 12 } }}>
      <Flex gap={12} align="stretch">
        <div style={{ width: 260, flex: 'none' }}>
          <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
            <Select
              style={{ flex: 1 }}
              placeholder={t(L('folder'))}
              value={folderId}
              allowClear
              options={(folders.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
              onChange={setFolderId}
              data-testid="topology-folder"
            />
            {can('topology_management_add') && (
              <Button icon={<FolderAddOutlined />} onClick={addFolder} title={t(L('addFolder'))} />
            )}
            {can('topology_management_delete') && folderId && (
              <Button icon={<DeleteOutlined />} onClick={removeFolder} title={t(L('removeFolder'))} />
            )}
          </Space.Compact>
          {can('topology_management_add') && (
            <Button block icon={<PlusOutlined />} onClick={addTopology} style={{ marginBottom: 8 }}>
              {t(L('addTopology'))}
            </Button>
          )}
          <List
            size="small"
            bordered
            loading={topologies.isLoading}
            dataSource={topologies.data ?? []}
            locale={{ emptyText: t(L('noTopology')) }}
            renderItem={(row) => (
              <List.Item
                style={{
                  cursor: 'pointer',
                  background: row.id === openId ? 'var(--ant-color-primary-bg)' : undefined,
                }}
                onClick={() => open(row)}
                actions={
                  can('topology_management_delete')
                    ? [
                        <Button
                          key="rm"
                          size="small"
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('common.delete', { defaultValue: 'delete' })}
                          onClick={(e) => {
                            e.stopPropagation();
                            void removeTopology(row);
                          }}
                        />,
                      ]
                    : []
                }
              >
                <Typography.Text ellipsis>{row.name}</Typography.Text>
              </List.Item>
            )}
          />
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          {openId ? (
            <Editor key={openId} id={openId} editable={can('topology_management_edit')} />
          ) : (
            <Empty description={t(L('pick'))} style={{ marginTop: 80 }} />
          )}
        </div>
      </Flex>
    </Card>
  );
}
