import { DeleteOutlined, DownloadOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Button,
  Descriptions,
  Empty,
  Image,
  Input,
  List,
  Modal,
  Space,
  Tabs,
  Tag,
  Timeline,
  Typography,
  Upload,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ChangeLogRead,
  type CommentRead,
  type FileRelaRead,
  type InfoRead,
  knowledgeApi,
} from '#src/api/knowledge';
import { uploadImage } from '#src/api/resourceAdmin';
import { useAccess } from '#src/components/Access';

const L = (key: string) => `index.knowledge.${key}`;
const IMAGE = /^(png|jpe?g|gif|webp|bmp|svg)$/i;

/** One entry: its sanitised content, attachments with preview, comment threads and change log. */
export function Detail({ info }: { info: InfoRead }) {
  const { t } = useTranslation();
  return (
    <div data-detail={info.id}>
      <Typography.Title level={3}>{info.title}</Typography.Title>
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t(L('author'))}>{info.author}</Descriptions.Item>
        <Descriptions.Item label={t(L('updated'))}>{info.updateTime ?? info.createTime}</Descriptions.Item>
      </Descriptions>
      {info.tags && (
        <Space wrap style={{ marginBottom: 8 }}>
          {info.tags.split(',').map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </Space>
      )}
      {info.summary && <Typography.Paragraph type="secondary">{info.summary}</Typography.Paragraph>}
      {/* Sanitised by the server (nh3) on every save: no script, style or event handler survives. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text */}
      <div className="knowledge-content" dangerouslySetInnerHTML={{ __html: info.content ?? '' }} />
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          { key: 'files', label: t(L('attachments')), children: <Files infoId={info.id} /> },
          { key: 'comments', label: t(L('comments')), children: <Comments infoId={info.id} /> },
          {
            key: 'log',
            label: t(L('changeLog')),
            children: <ChangeLog infoId={info.id} key={info.updateTime} />,
          },
        ]}
      />
    </div>
  );
}

function Files({ infoId }: { infoId: string }) {
  const { t } = useTranslation();
  const can = useAccess();
  const [files, setFiles] = useState<FileRelaRead[]>([]);
  const [preview, setPreview] = useState<FileRelaRead | null>(null);
  const load = useCallback(async () => setFiles(await knowledgeApi.files(infoId)), [infoId]);
  useEffect(() => void load(), [load]);
  const canEdit = can('knowledge_edit') || can('knowledge_add');
  return (
    <>
      {canEdit && (
        <Upload
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            try {
              const uploaded = await uploadImage(file as Blob);
              if (uploaded?.attachId) await knowledgeApi.addFile(infoId, uploaded.attachId);
              onSuccess?.(uploaded);
              await load();
            } catch (error) {
              onError?.(error as Error);
            }
          }}
        >
          <Button icon={<UploadOutlined />}>{t(L('upload'))}</Button>
        </Upload>
      )}
      <List
        size="small"
        dataSource={files}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        renderItem={(file) => {
          const inline = IMAGE.test(file.extension ?? '') || /^pdf$/i.test(file.extension ?? '');
          return (
            <List.Item
              actions={[
                inline && (
                  <Button key="preview" size="small" icon={<EyeOutlined />} onClick={() => setPreview(file)}>
                    {t(L('preview'))}
                  </Button>
                ),
                <Button
                  key="download"
                  size="small"
                  icon={<DownloadOutlined />}
                  href={file.link ?? '#'}
                  download={file.name}
                >
                  {t(L('download'))}
                </Button>,
                canEdit && (
                  <Button
                    key="delete"
                    size="small"
                    danger
                    aria-label={t(L('delete'))}
                    icon={<DeleteOutlined />}
                    onClick={async () => {
                      await knowledgeApi.removeFile(file.id);
                      await load();
                    }}
                  />
                ),
              ].filter(Boolean)}
            >
              {file.name}{' '}
              <Typography.Text type="secondary">({Math.ceil(file.attachSize / 1024)} KB)</Typography.Text>
            </List.Item>
          );
        }}
      />
      <Modal
        open={!!preview}
        title={preview?.name}
        footer={null}
        width={900}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview &&
          (IMAGE.test(preview.extension ?? '') ? (
            <Image src={preview.link ?? ''} alt={preview.name} preview={false} style={{ maxWidth: '100%' }} />
          ) : (
            <iframe
              title={preview.name}
              src={preview.link ?? ''}
              style={{ width: '100%', height: '70vh', border: 0 }}
            />
          ))}
      </Modal>
    </>
  );
}

function Comments({ infoId }: { infoId: string }) {
  const { t } = useTranslation();
  const [threads, setThreads] = useState<CommentRead[]>([]);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<CommentRead | null>(null);
  const load = useCallback(async () => setThreads(await knowledgeApi.comments(infoId)), [infoId]);
  useEffect(() => void load(), [load]);

  const post = async () => {
    if (!text.trim()) return;
    await knowledgeApi.comment(infoId, text.trim(), replyTo?.id);
    setText('');
    setReplyTo(null);
    await load();
  };

  const render = (items: CommentRead[], depth: number) =>
    items.map((c) => (
      <div key={c.id} style={{ marginLeft: depth * 24, padding: '6px 0' }} data-comment={c.content}>
        <Typography.Text strong>{c.userName}</Typography.Text>{' '}
        <Typography.Text type="secondary">{c.createTime}</Typography.Text>
        <div style={{ whiteSpace: 'pre-wrap' }}>{c.content}</div>
        <Button size="small" type="link" onClick={() => setReplyTo(c)}>
          {t(L('reply'))}
        </Button>
        {render(c.children ?? [], depth + 1)}
      </div>
    ));

  return (
    <>
      {threads.length ? (
        render(threads, 0)
      ) : (
        <Typography.Text type="secondary">{t(L('noComments'))}</Typography.Text>
      )}
      <Space.Compact style={{ width: '100%', marginTop: 12 }}>
        <Input
          value={text}
          aria-label={t(L('commentPlaceholder'))}
          placeholder={replyTo ? t(L('replyTo'), { name: replyTo.userName }) : t(L('commentPlaceholder'))}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={() => void post()}
          maxLength={2000}
        />
        <Button type="primary" onClick={() => void post()}>
          {t(L('send'))}
        </Button>
      </Space.Compact>
    </>
  );
}

function ChangeLog({ infoId }: { infoId: string }) {
  const { t } = useTranslation();
  const [logs, setLogs] = useState<ChangeLogRead[]>([]);
  useEffect(() => {
    void knowledgeApi.changes(infoId).then(setLogs);
  }, [infoId]);
  return (
    <Timeline
      items={logs.map((log) => ({
        key: log.id,
        children: (
          <div data-change={log.action}>
            <Typography.Text strong>{t(L(`action_${log.action}`))}</Typography.Text> · {log.userName} ·{' '}
            <Typography.Text type="secondary">{log.createTime}</Typography.Text>
            {log.remark && <div>{log.remark}</div>}
            {log.fields.map((f) => (
              <div key={f.field}>
                {t(L(`field_${f.field}`))}: <Typography.Text delete>{f.old}</Typography.Text> → {f.new}
              </div>
            ))}
            {log.diff && (
              <details>
                <summary>{t(L('textDiff'))}</summary>
                <pre style={{ fontSize: 12, whiteSpace: 'pre-wrap' }}>
                  {log.diff.split('\n').map((line, n) => (
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: lines of one diff, in order
                      key={n}
                      style={{
                        color: line.startsWith('+')
                          ? '#389e0d'
                          : line.startsWith('-')
                            ? '#cf1322'
                            : undefined,
                      }}
                    >
                      {line}
                    </div>
                  ))}
                </pre>
              </details>
            )}
          </div>
        ),
      }))}
    />
  );
}
