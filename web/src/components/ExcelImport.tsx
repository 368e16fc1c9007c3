import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Switch, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '#src/api/download';
import { http } from '#src/api/http';
import type { R } from '#src/api/types';

/** The answer of BladeX-style imports (docs/decisions.md "User import", dict import). */
export interface ImportResult {
  total: number;
  success: number;
  failed?: number;
  errors?: { row: number; msg: string }[];
}

export interface ExcelImportProps {
  open: boolean;
  onClose(): void;
  /** Upload URL (multipart `file`), e.g. `/blade-user/import-user`. */
  action: string;
  /** Template download URL; omitted = no template link. */
  templateUrl?: string;
  templateName?: string;
  /** Query param of the "overwrite existing" switch (e.g. `isCovered`, sent as 0/1); omitted = no switch. */
  coveredParam?: string;
  /** Extra query params of the upload. */
  params?: Record<string, string | number>;
  /** After an import that wrote at least one row (refresh the list). */
  onDone?: (result: ImportResult) => void;
}

/**
 * The Excel import dialog: template link, upload with progress, then the result with a per-row error
 * table. Lazy-load it where used (`lazyChunk(() => import('#src/components/ExcelImport'))`): Upload and
 * Table stay out of the routes that never import.
 */
export default function ExcelImport({
  open,
  onClose,
  action,
  templateUrl,
  templateName = 'template.xlsx',
  coveredParam,
  params,
  onDone,
}: ExcelImportProps) {
  const { t } = useTranslation();
  const [covered, setCovered] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const upload = async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    setResult(null);
    setPercent(0);
    try {
      const { data } = await http.post<R<ImportResult>>(action, body, {
        params: { ...params, ...(coveredParam ? { [coveredParam]: covered ? 1 : 0 } : {}) },
        onUploadProgress: (e) => setPercent(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
        timeout: 0,
      });
      const answer = data.data;
      const failed = answer.failed ?? answer.errors?.length ?? 0;
      setResult({ ...answer, failed });
      if (answer.success > 0) onDone?.(answer);
    } catch {
      // the HTTP layer showed the server's message
    } finally {
      setPercent(null);
    }
  };

  return (
    <Modal
      open={open}
      title={t('shared.importTitle')}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {coveredParam && (
        <div style={{ marginBottom: 12 }}>
          <span style={{ marginRight: 8 }}>{t('shared.importCovered')}</span>
          <Switch checked={covered} onChange={setCovered} aria-label={t('shared.importCovered')} />
        </div>
      )}
      <Upload.Dragger
        accept=".xls,.xlsx"
        showUploadList={false}
        disabled={percent !== null}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('shared.importPick')}</p>
        <p className="ant-upload-hint">{t('shared.importAccept')}</p>
      </Upload.Dragger>
      {percent !== null && <Progress percent={percent} size="small" />}
      {templateUrl && (
        <Button
          type="link"
          style={{ paddingInline: 0 }}
          onClick={() => download(templateUrl, { filename: templateName })}
        >
          {t('shared.importTemplateHint')}
        </Button>
      )}
      {result && (
        <>
          <Alert
            style={{ marginTop: 12 }}
            type={result.failed ? 'warning' : 'success'}
            title={t('shared.importResult', {
              total: result.total,
              success: result.success,
              failed: result.failed,
            })}
            showIcon
          />
          {Boolean(result.errors?.length) && (
            <Table
              style={{ marginTop: 12 }}
              size="small"
              rowKey={(e) => `${e.row}-${e.msg}`}
              dataSource={result.errors}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('shared.importRow'), width: 80 },
                { key: 'msg', dataIndex: 'msg', title: t('shared.importMsg') },
              ]}
            />
          )}
        </>
      )}
    </Modal>
  );
}
