import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '#src/api/http';
import type { R } from '#src/api/types';

/** BladeX's attachment upload for any signed-in user (docs/decisions.md "Uploads"). */
export const IMAGE_UPLOAD_URL = '/blade-resource/oss/endpoint/put-file-attach';

export interface ImageUploadProps {
  /** The image link. */
  value?: string;
  onChange?: (link: string) => void;
  disabled?: boolean;
  action?: string;
}

/** One image: uploads to the server and keeps its `link` as the value. Lazy-loaded by CrudPage. */
export default function ImageUpload({
  value,
  onChange,
  disabled,
  action = IMAGE_UPLOAD_URL,
}: ImageUploadProps) {
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
        const body = new FormData();
        body.append('file', file as Blob);
        try {
          const { data } = await http.post<R<{ link: string }>>(action, body);
          onChange?.(data.data.link);
          onSuccess?.(data.data);
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
