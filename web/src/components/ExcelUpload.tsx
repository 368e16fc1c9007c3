import { InboxOutlined } from '@ant-design/icons';
import { Button, Progress, Table, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '#src/api/download';
import { http } from '#src/api/http';
import type { R } from '#src/api/types';

export interface ExcelUploadProps<T> {
  /** Upload URL (multipart `file`). */
  action: string;
  params?: Record<string, string | number>;
  /** Template download URL; omitted = no template link. */
  templateUrl?: string;
  templateName?: string;
  disabled?: boolean;
  /** A file was picked: the dialog forgets the previous answer. */
  onStart(): void;
  /** The server's answer to the upload. */
  onUploaded(answer: T): void;
  /** Shown between the upload's progress and the template link. */
  children?: ReactNode;
}

/**
 * The upload part both import dialogs share (ExcelImport, ImportJob): the drop zone, the upload's own
 * progress and the template link. A failed upload shows the server's message (the HTTP layer does).
 */
export function ExcelUpload<T>({
  action,
  params,
  templateUrl,
  templateName = 'template.xlsx',
  disabled,
  onStart,
  onUploaded,
  children,
}: ExcelUploadProps<T>) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);

  const upload = async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    onStart();
    setPercent(0);
    try {
      const { data } = await http.post<R<T>>(action, body, {
        params,
        onUploadProgress: (e) => setPercent(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
        timeout: 0,
      });
      onUploaded(data.data);
    } catch {
      // the HTTP layer showed the server's message
    } finally {
      setPercent(null);
    }
  };

  return (
    <>
      <Upload.Dragger
        accept=".xls,.xlsx"
        showUploadList={false}
        disabled={percent !== null || disabled}
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
      {children}
      {templateUrl && (
        <Button
          type="link"
          style={{ paddingInline: 0 }}
          onClick={() => download(templateUrl, { filename: templateName })}
        >
          {t('shared.importTemplateHint')}
        </Button>
      )}
    </>
  );
}

/** The rejected rows of an import: the row number in the file and why it was refused. */
export function RejectedRows<T extends object>({
  rows,
  rowKey,
  row,
  reason,
}: {
  rows: readonly T[];
  rowKey: string | ((record: T) => string);
  /** The fields holding the row number and the reason. */
  row: keyof T & string;
  reason: keyof T & string;
}) {
  const { t } = useTranslation();
  return (
    <Table<T>
      style={{ marginTop: 12 }}
      size="small"
      rowKey={rowKey}
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      columns={[
        { key: row, dataIndex: row, title: t('shared.importRow'), width: 80 },
        { key: reason, dataIndex: reason, title: t('shared.importMsg') },
      ]}
    />
  );
}
