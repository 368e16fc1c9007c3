import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Menu, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CodeConfig, codeKeys, downloadCode, fetchPreview } from '#src/api/tool';

/** Every file gen-code would put in the zip (its path on the left, its text on the right), and the download. */
export function PreviewModal({ config, onClose }: { config: CodeConfig | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string>();
  const id = config?.id ?? '';
  const files = useQuery({
    queryKey: codeKeys.preview(id),
    queryFn: () => fetchPreview(id),
    enabled: !!config,
  });
  const shown = files.data?.find((file) => file.path === picked) ?? files.data?.[0];
  const close = () => {
    setPicked(undefined);
    onClose();
  };
  return (
    <Modal
      open={!!config}
      onCancel={close}
      width="90%"
      title={`${t('tool.code.preview')}: ${config?.codeName ?? ''} (${config?.menuPath ?? ''})`}
      destroyOnHidden
      footer={
        <Button type="primary" icon={<DownloadOutlined />} onClick={() => downloadCode([id])}>
          {t('tool.code.download')}
        </Button>
      }
    >
      {files.isFetching ? (
        <Spin />
      ) : (
        <div style={{ display: 'flex', gap: 12, height: '70vh' }}>
          <Menu
            aria-label={t('tool.code.files')}
            data-testid="preview-files"
            style={{ width: 380, flex: 'none', overflow: 'auto' }}
            selectedKeys={shown ? [shown.path] : []}
            onClick={({ key }) => setPicked(key)}
            items={(files.data ?? []).map((file) => ({ key: file.path, label: file.path, title: file.path }))}
          />
          <pre
            data-testid="preview-content"
            style={{
              flex: 1,
              minWidth: 0,
              overflow: 'auto',
              margin: 0,
              padding: 12,
              fontSize: 12,
              background: 'var(--ant-color-fill-quaternary, #f5f5f5)',
            }}
          >
            {shown?.content}
          </pre>
        </div>
      )}
    </Modal>
  );
}
