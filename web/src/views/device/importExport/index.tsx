import { ArrowLeftOutlined, DownloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { downloadImportFile, IMPORT_TYPES, type ImportLog, importLogApi } from '#src/api/deviceAdmin';
import { lazyChunk } from '#src/app/registry';
import { type CrudHandle, type CrudOption, CrudPage, READ_ONLY } from '#src/components/CrudPage';
import { IMPORT_FAILED } from '#src/components/ImportJob';
import { serverText } from '../serverText';
import { ProgressCell } from './ProgressCell';

const ErrorRows = lazyChunk(() => import('./ErrorRows'));

const L = (key: string) => `index.importExportManagement.${key}`;

/**
 * 导入导出日志 (/index/importExportManagement, a frame route without the shell): every Excel import with its
 * live progress, its counts, the uploaded file and the page of its rejected rows. Button codes:
 * importExportManagement_view / _download.
 */
export default function ImportExportLogPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handle = useRef<CrudHandle>(null);
  const [errors, setErrors] = useState<ImportLog | null>(null);
  const refresh = useCallback(() => void handle.current?.refresh(), []);

  const option = useMemo<CrudOption<ImportLog>>(
    () => ({
      name: 'import-log',
      permissions: {},
      ...READ_ONLY,
      columns: [
        {
          prop: 'type',
          label: L('type'),
          type: 'select',
          dicData: IMPORT_TYPES.map((value) => ({ value, label: L(`type_${value}`) })),
          search: true,
          width: 110,
        },
        { prop: 'fileName', label: L('fileName'), search: true, width: 220, overHidden: true },
        {
          prop: 'state',
          label: L('progress'),
          type: 'select',
          dicData: [0, 1, 2, 3].map((value) => ({ value, label: L(`state_${value}`) })),
          search: true,
          width: 240,
          render: (row) => <ProgressCell row={row} onFinished={refresh} />,
        },
        { prop: 'total', label: L('total'), width: 80 },
        { prop: 'successCount', label: L('successCount'), width: 80 },
        {
          prop: 'failCount',
          label: L('failCount'),
          width: 80,
          render: (row) =>
            row.failCount ? <Typography.Text type="danger">{row.failCount}</Typography.Text> : 0,
        },
        {
          prop: 'message',
          label: L('message'),
          overHidden: true,
          // The counts say how a finished import went; the note matters when it failed as a whole.
          render: (row) => (row.state === IMPORT_FAILED ? serverText(row.message) : ''),
        },
        { prop: 'createTime', label: L('createTime'), width: 170 },
        { prop: 'finishTime', label: L('finishTime'), width: 170 },
      ],
      rowActions: [
        {
          key: 'errors',
          code: 'importExportManagement_view',
          label: L('errors'),
          icon: <WarningOutlined />,
          show: (row) => row.failCount > 0,
          onClick: (row) => setErrors(row),
        },
        {
          key: 'download',
          code: 'importExportManagement_download',
          label: L('download'),
          icon: <DownloadOutlined />,
          onClick: (row) => void downloadImportFile(row),
        },
      ],
    }),
    [refresh],
  );

  return (
    <div style={{ padding: 16, minHeight: '100vh' }}>
      <Card
        title={t(L('title'))}
        extra={
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/'))}
          >
            {t(L('back'))}
          </Button>
        }
      >
        <CrudPage ref={handle} option={option} api={importLogApi} />
      </Card>
      <Suspense>{errors && <ErrorRows log={errors} onClose={() => setErrors(null)} />}</Suspense>
    </div>
  );
}
