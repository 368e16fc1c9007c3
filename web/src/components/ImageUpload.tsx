import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '#src/api/resourceAdmin';

export interface ImageUploadProps {
  /** The image link. */
  value?: string;
  onChange?: (link: string) => void;
  disabled?: boolean;
}

/** One image: uploads to the server and keeps its `link` as the value. Lazy-loaded by CrudPage. */
export default function ImageUpload({ value, onChange, disabled }: ImageUploadProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept="image/*"
      listType="picture-card"
      showUploadList={false}
      disabled={disabled || busy}
      customRequest={async ({ file, onSuccess, onError }) => {
        setBusy(true);
        try {
          const uploaded = await uploadImage(file as Blob);
          onChange?.(uploaded?.link ?? '');
          onSuccess?.(uploaded);
        } catch (error) {
          onError?.(error as Error);
        } finally {
          setBusy(false);
        }
      }}
    >
      {value ? (
        <img src={value} alt="" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      ) : (
        <div>
          {busy ? <LoadingOutlined /> : <PlusOutlined />}
          <div style={{ marginTop: 4 }}>{t('crud.upload')}</div>
        </div>
      )}
    </Upload>
  );
}
