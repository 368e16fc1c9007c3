import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cancelTable,
  fetchColumns,
  fetchRows,
  fetchTables,
  publishTable,
  type SourceRead,
  type TableInfo,
  trackingKeys,
} from '#src/api/alarmTracking';
import { toast } from '#src/app/feedback';
import { useAccess } from '#src/components/Access';
import { useSaving } from '#src/components/useSaving';
import { CODES, T } from './labels';

/** The source's tables and views: browse columns and rows, publish with a time column, withdraw. */
export function Tables({ source }: { source: SourceRead }) {
  const { t } = useTranslation();
  const can = useAccess();
  const queryClient = useQueryClient();
  const tables = useQuery({
    queryKey: trackingKeys.tables(source.id),
    queryFn: () => fetchTables(source.id),
  });
  const [browsing, setBrowsing] = useState<string>();
  const [publishing, setPublishing] = useState<TableInfo>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trackingKeys.tables(source.id) });
  const cancel = async (table: TableInfo) => {
    toast.success((await cancelTable(source.id, table.tableName)) ?? '');
    refresh();
  };
  return (
    <>
      <Table<TableInfo>
        size="small"
        rowKey="tableName"
        loading={tables.isFetching}
        dataSource={tables.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t(T('tableName')), dataIndex: 'tableName' },
          {
            title: t(T('published')),
            dataIndex: 'published',
            width: 120,
            render: (published: boolean) =>
              published ? <Tag color="green">{t(T('published'))}</Tag> : <Tag>{t(T('notPublished'))}</Tag>,
          },
          { title: t(T('timeColumn')), dataIndex: 'timeColumn', width: 160 },
          {
            title: '',
            key: 'actions',
            width: 240,
            render: (_: unknown, table: TableInfo) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setBrowsing(table.tableName)}>
                  {t(T('browse'))}
                </Button>
                {can(CODES.edit) && (
                  <Button type="link" size="small" onClick={() => setPublishing(table)}>
                    {t(T('publish'))}
                  </Button>
                )}
                {can(CODES.edit) && table.published && (
                  <Popconfirm title={t(T('confirmUnpublish'))} onConfirm={() => cancel(table)}>
                    <Button type="link" size="small" danger>
                      {t(T('unpublish'))}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {browsing && <Browse source={source} table={browsing} onClose={() => setBrowsing(undefined)} />}
      {publishing && (
        <Publish
          source={source}
          table={publishing}
          onClose={(done) => {
            setPublishing(undefined);
            if (done) refresh();
          }}
        />
      )}
    </>
  );
}

function Browse({ source, table, onClose }: { source: SourceRead; table: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const columns = useQuery({
    queryKey: trackingKeys.columns(source.id, table),
    queryFn: () => fetchColumns(source.id, table),
  });
  const rows = useQuery({
    queryKey: trackingKeys.rows(source.id, table, page),
    queryFn: () => fetchRows(source.id, table, page.current, page.size),
  });
  return (
    <Drawer open width="70%" title={table} onClose={onClose}>
      <h4>{t(T('columns'))}</h4>
      <Table
        size="small"
        rowKey="name"
        loading={columns.isFetching}
        dataSource={columns.data ?? []}
        pagination={false}
        columns={[
          { title: t(T('columnName')), dataIndex: 'name' },
          { title: t(T('columnType')), dataIndex: 'type' },
          { title: t(T('nullable')), dataIndex: 'nullable', render: (v: boolean) => (v ? '✓' : '') },
          { title: t(T('comment')), dataIndex: 'comment' },
        ]}
      />
      <h4 style={{ marginTop: 16 }}>{t(T('rows'))}</h4>
      <Table
        size="small"
        rowKey={(_, index) => String(index)}
        loading={rows.isFetching}
        dataSource={rows.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: rows.data?.total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={(rows.data?.columns ?? []).map((name) => ({
          title: name,
          dataIndex: name,
          render: (value: unknown) => (value === null || value === undefined ? '' : String(value)),
        }))}
      />
    </Drawer>
  );
}

function Publish({
  source,
  table,
  onClose,
}: {
  source: SourceRead;
  table: TableInfo;
  onClose: (done?: boolean) => void;
}) {
  const { t } = useTranslation();
  const columns = useQuery({
    queryKey: trackingKeys.columns(source.id, table.tableName),
    queryFn: () => fetchColumns(source.id, table.tableName),
  });
  const [timeColumn, setTimeColumn] = useState(table.timeColumn ?? undefined);
  const { saving: busy, run } = useSaving();
  const publish = () =>
    run(async () => {
      if (!timeColumn) return;
      toast.success((await publishTable(source.id, table.tableName, timeColumn)) ?? '');
      onClose(true);
    });
  return (
    <Modal
      open
      title={`${t(T('publish'))}: ${table.tableName}`}
      onCancel={() => onClose()}
      onOk={publish}
      okButtonProps={{ disabled: !timeColumn, loading: busy }}
    >
      <Space>
        <span>{t(T('timeColumn'))}</span>
        <Select
          style={{ width: 240 }}
          loading={columns.isFetching}
          value={timeColumn}
          onChange={setTimeColumn}
          options={(columns.data ?? [])
            .filter((c) => c.temporal)
            .map((c) => ({ label: `${c.name} (${c.type})`, value: c.name }))}
        />
      </Space>
    </Modal>
  );
}
