import { CloudUploadOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { type Attach, attachApi, downloadAttach, formatSize, isImage } from '#src/api/resourceAdmin';
import { lazyChunk } from '#src/app/registry';
import { type CrudHandle, type CrudOption, CrudPage } from '#src/components/CrudPage';

const UploadDialog = lazyChunk(() => import('./UploadDialog'));

/**
 * 附件管理 (/resource/attach): upload with progress, the list (newest first, size human-readable),
 * preview (images inline, other types by download), download, delete and batch delete.
 */
export default function AttachPage() {
  const handle = useRef<CrudHandle>(null);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<Attach | null>(null);

  const option = useMemo<CrudOption<Attach>>(
    () => ({
      name: 'attach',
      urlState: true,
      permissions: { view: 'attach_view', delete: 'attach_delete' },
      addBtn: false,
      editBtn: false,
      dialogWidth: 720,
      actionWidth: 260,
      columns: [
        {
          prop: 'originalName',
          label: 'resource.attach.originalName',
          search: true,
          sortable: true,
          width: 260,
          overHidden: true,
        },
        { prop: 'extension', label: 'resource.attach.extension', search: true, width: 100 },
        {
          prop: 'attachSize',
          label: 'resource.attach.attachSize',
          width: 110,
          sortable: true,
          render: (row) => formatSize(row.attachSize),
        },
        { prop: 'contentType', label: 'resource.attach.contentType', hide: true },
        { prop: 'link', label: 'resource.attach.link', hide: true, span: 24 },
        { prop: 'ossCode', label: 'resource.attach.ossCode', hide: true },
        {
          prop: 'createTime',
          label: 'resource.attach.createTime',
          width: 170,
          search: true,
          searchRange: true,
          sortable: true,
        },
      ],
      toolbar: [
        {
          key: 'upload',
          code: 'attach_upload',
          label: 'resource.attach.upload',
          primary: true,
          icon: <CloudUploadOutlined />,
          onClick: () => setUploading(true),
        },
      ],
      rowActions: [
        {
          key: 'preview',
          code: 'attach_view',
          label: 'resource.attach.preview',
          icon: <EyeOutlined />,
          onClick: (row) => (isImage(row.extension) ? setPreview(row) : downloadAttach(row)),
        },
        {
          key: 'download',
          code: 'attach_download',
          label: 'resource.attach.download',
          icon: <DownloadOutlined />,
          onClick: (row) => downloadAttach(row),
        },
      ],
    }),
    [],
  );

  return (
    <>
      <CrudPage option={option} api={attachApi} ref={handle} />
      {uploading && (
        <UploadDialog onClose={() => setUploading(false)} onUploaded={() => void handle.current?.refresh()} />
      )}
      {preview && (
        <Modal open footer={null} width={720} title={preview.originalName} onCancel={() => setPreview(null)}>
          <img
            src={preview.link}
            alt={preview.originalName}
            data-preview=""
            style={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', margin: '0 auto' }}
          />
        </Modal>
      )}
    </>
  );
}
