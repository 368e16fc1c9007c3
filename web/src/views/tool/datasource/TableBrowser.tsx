import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Empty, Input, Menu, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataSource, datasourceKeys, fetchColumns, fetchRows, fetchTables } from '#src/api/tool';

const ROWS = 20;

/** A data source's tables (searchable), the picked table's columns and its first rows. */
export function TableBrowser({
  source,
  onClose,
  title,
}: {
  source: DataSource | null;
  onClose: () => void;
  title: string;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string>();
  const [filter, setFilter] = useState('');
  const id = source?.id ?? '';
  const tables = useQuery({
    queryKey: datasourceKeys.tables(id),
    queryFn: () => fetchTables(id),
    enabled: !!source,
  });
  const table = picked ?? '';
  const columns = useQuery({
    queryKey: datasourceKeys.columns(id, table),
    queryFn: () => fetchColumns(id, table),
    enabled: !!source && !!picked,
  });
  const rows = useQuery({
    queryKey: datasourceKeys.rows(id, table),
    queryFn: () => fetchRows(id, table, ROWS),
    enabled: !!source && !!picked,
  });
  const names = (tables.data ?? []).filter((name) => name.toLowerCase().includes(filter.toLowerCase()));
  const close = () => {
    setPicked(undefined);
    setFilter('');
    onClose();
  };
  return (
    <Drawer
      open={!!source}
      onClose={close}
      width="85%"
      title={`${title}: ${source?.name ?? ''}`}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('tool.datasource.readOnly')} style={{ marginBottom: 12 }} />
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <div style={{ width: 260, flex: 'none' }} data-testid="table-list">
          <Input.Search
            allowClear
            placeholder={t('tool.datasource.tables')}
            onChange={(e) => setFilter(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          <Menu
            style={{ maxHeight: '70vh', overflow: 'auto' }}
            selectedKeys={picked ? [picked] : []}
            onClick={({ key }) => setPicked(key)}
            items={names.map((name) => ({ key: name, label: name }))}
          />
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          {!picked ? (
            <Empty description={t('tool.datasource.pickTable')} />
          ) : (
            <>
              <h4>
                {picked} · {t('tool.datasource.columns')}
              </h4>
              <Table
                size="small"
                rowKey="name"
                loading={columns.isFetching}
                dataSource={columns.data ?? []}
                pagination={false}
                data-testid="column-table"
                columns={[
                  { title: t('tool.datasource.column'), dataIndex: 'name' },
                  { title: t('tool.datasource.type'), dataIndex: 'type' },
                  {
                    title: t('tool.datasource.nullable'),
                    dataIndex: 'nullable',
                    render: (v: boolean) => (v ? '✓' : ''),
                  },
                  {
                    title: t('tool.datasource.primaryKey'),
                    dataIndex: 'primaryKey',
                    render: (v: boolean) => (v ? <Tag color="blue">PK</Tag> : null),
                  },
                  { title: t('tool.datasource.comment'), dataIndex: 'comment' },
                ]}
              />
              <h4 style={{ marginTop: 16 }}>{t('tool.datasource.rows', { count: ROWS })}</h4>
              <Table
                size="small"
                rowKey={(_, index) => String(index)}
                loading={rows.isFetching}
                scroll={{ x: true }}
                pagination={false}
                dataSource={rows.data?.rows ?? []}
                columns={(rows.data?.columns ?? []).map((name) => ({
                  title: name,
                  dataIndex: name,
                  ellipsis: true,
                  render: (v: unknown) => (v === null || v === undefined ? '' : String(v)),
                }))}
              />
            </>
          )}
        </div>
      </div>
    </Drawer>
  );
}
