import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceKeys, downloadRejectedRows, errorPage, type ImportLog } from '#src/api/deviceAdmin';
import { Access } from '#src/components/Access';
import { serverText } from '../serverText';

const L = (key: string) => `index.importExportManagement.${key}`;

/** A rejected row's cells (JSON object text) as `label: value` pairs; other text as sent. */
export function cells(content: string | null | undefined): string {
  if (!content) return '';
  try {
    const value = JSON.parse(content);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ');
    }
    if (Array.isArray(value)) return value.filter((v) => v !== null && v !== '').join(', ');
  } catch {
    // not JSON: shown as sent
  }
  return content;
}

/** The error page of one import (import-log/err-page/{id}): each rejected row, its cells and why. */
export default function ErrorRows({ log, onClose }: { log: ImportLog; onClose(): void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const rows = useQuery({
    queryKey: deviceKeys.of('import-log-errors', log.id, page),
    queryFn: () => errorPage(log.id, page.current, page.size),
  });
  return (
    <Modal
      open
      width={960}
      title={t(L('errorsTitle'), { name: log.fileName })}
      onCancel={onClose}
      footer={
        <Access code="importExportManagement_download">
          <Button icon={<DownloadOutlined />} onClick={() => void downloadRejectedRows(log)}>
            {t(L('downloadErrors'))}
          </Button>
        </Access>
      }
      destroyOnHidden
    >
      <Table
        data-testid="import-errors"
        size="small"
        rowKey="id"
        loading={rows.isLoading}
        dataSource={rows.data?.records ?? []}
        locale={{ emptyText: <Empty description={t(L('noErrors'))} /> }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: rows.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          { key: 'rowNo', dataIndex: 'rowNo', title: t(L('rowNo')), width: 80 },
          {
            key: 'reason',
            title: t(L('reason')),
            width: 300,
            render: (_, row) => serverText(row.reason),
          },
          {
            key: 'content',
            title: t(L('content')),
            ellipsis: true,
            render: (_, row) => <span title={cells(row.content)}>{cells(row.content)}</span>,
          },
        ]}
      />
    </Modal>
  );
}
