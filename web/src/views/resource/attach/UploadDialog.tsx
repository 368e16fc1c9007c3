import { InboxOutlined } from '@ant-design/icons';
import { Modal, Progress, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putAttach } from '#src/api/resourceAdmin';
import { toast } from '#src/app/feedback';

interface Item {
  uid: string;
  name: string;
  percent: number;
  status: 'uploading' | 'done' | 'error';
}

/** Upload one or more files (attach/put-file), each with its progress; lazy-loaded with Upload. */
export default function UploadDialog({ onClose, onUploaded }: { onClose(): void; onUploaded(): void }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Item[]>([]);
  const patch = (uid: string, change: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.uid === uid ? { ...i, ...change } : i)));

  const upload = async (file: File & { uid: string }) => {
    setItems((list) => [...list, { uid: file.uid, name: file.name, percent: 0, status: 'uploading' }]);
    try {
      await putAttach(file, (percent) => patch(file.uid, { percent }));
      patch(file.uid, { percent: 100, status: 'done' });
      toast.success(t('resource.attach.uploaded', { name: file.name }));
      onUploaded();
    } catch {
      patch(file.uid, { status: 'error' }); // the HTTP layer showed the server's message
    }
  };

  return (
    <Modal
      open
      title={t('resource.attach.upload')}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
    >
      <Upload.Dragger
        multiple
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('shared.importPick')}</p>
        <p className="ant-upload-hint">{t('resource.attach.uploadHint')}</p>
      </Upload.Dragger>
      {items.map((item) => (
        <div key={item.uid} style={{ marginTop: 8 }} data-upload-item={item.name}>
          <div>{item.name}</div>
          <Progress
            size="small"
            percent={item.percent}
            status={item.status === 'error' ? 'exception' : item.status === 'done' ? 'success' : 'active'}
          />
        </div>
      ))}
    </Modal>
  );
}
