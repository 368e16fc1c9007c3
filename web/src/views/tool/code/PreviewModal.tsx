import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CodeConfig, codeKeys, downloadCode, fetchPreview } from '#src/api/tool';

/** Every file gen-code would put in the zip, one tab each, with the download beside them. */
export function PreviewModal({ config, onClose }: { config: CodeConfig | null; onClose: () => void }) {
  const { t } = useTranslation();
  const id = config?.id ?? '';
  const files = useQuery({
    queryKey: codeKeys.preview(id),
    queryFn: () => fetchPreview(id),
    enabled: !!config,
  });
  return (
    <Modal
      open={!!config}
      onCancel={onClose}
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
        <Tabs
          tabPosition="left"
          data-testid="preview-files"
          style={{ height: '70vh' }}
          items={(files.data ?? []).map((file) => ({
            key: file.path,
            label: file.path,
            children: (
              <pre
                style={{
                  height: '68vh',
                  overflow: 'auto',
                  margin: 0,
                  padding: 12,
                  fontSize: 12,
                  background: 'var(--ant-color-fill-quaternary, #f5f5f5)',
                }}
              >
                {file.content}
              </pre>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
