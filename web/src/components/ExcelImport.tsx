import { Alert, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExcelUpload, RejectedRows } from './ExcelUpload';

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
  templateName,
  coveredParam,
  params,
  onDone,
}: ExcelImportProps) {
  const { t } = useTranslation();
  const [covered, setCovered] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

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
      <ExcelUpload<ImportResult>
        action={action}
        params={{ ...params, ...(coveredParam ? { [coveredParam]: covered ? 1 : 0 } : {}) }}
        templateUrl={templateUrl}
        templateName={templateName}
        onStart={() => setResult(null)}
        onUploaded={(answer) => {
          setResult({ ...answer, failed: answer.failed ?? answer.errors?.length ?? 0 });
          if (answer.success > 0) onDone?.(answer);
        }}
      />
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
          {result.errors?.length ? (
            <RejectedRows rows={result.errors} rowKey={(e) => `${e.row}-${e.msg}`} row="row" reason="msg" />
          ) : null}
        </>
      )}
    </Modal>
  );
}
