import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DownloadOptions, download } from '#src/api/download';
import { confirm } from '#src/app/feedback';
import { useAccess } from './Access';

export interface ExportButtonProps extends DownloadOptions {
  /** Export URL, e.g. `/blade-user/export-user`. */
  url: string;
  /** Permission code; the button is hidden without it. */
  code?: string;
  /** Ask 是否导出数据? first (default true). */
  ask?: boolean;
  label?: string;
}

/** Downloads an export as a blob (the 400-blob rule of spec §8 is in api/download.ts). */
export function ExportButton({ url, code, ask = true, label, ...options }: ExportButtonProps) {
  const { t } = useTranslation();
  const can = useAccess();
  const [busy, setBusy] = useState(false);
  if (!can(code)) return null;
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={async () => {
        if (ask && !(await confirm(t('shared.exportConfirm'), { title: t('common.tip') }))) return;
        setBusy(true);
        try {
          await download(url, options);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t(label ?? 'shared.export')}
    </Button>
  );
}
