import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  PlusOutlined,
  RobotOutlined,
} from '@ant-design/icons';
import {
  Button,
  Drawer,
  Empty,
  Form,
  Input,
  Layout,
  List,
  Modal,
  Pagination,
  Space,
  Spin,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type CatalogueNode, type InfoRead, knowledgeApi, type SearchHit } from '#src/api/knowledge';
import { confirm, toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { useAccess } from '#src/components/Access';
import { Detail } from './Detail';

const RichText = lazyChunk(() => import('./RichText'));
const L = (key: string) => `index.knowledge.${key}`;
const PAGE_SIZE = 20;
const TITLE = { color: 'var(--ant-color-primary)' };

interface Row {
  id: string;
  title: string;
  titleHtml?: string;
  text: string;
  textHtml?: string;
  meta: string;
}

/**
 * 知识库 (/index/knowledge, a frame route): the catalogue tree, the entries of the chosen folder or a full-text
 * search (highlighted), the entry's detail (content, attachments, comments, change log) in a drawer, and the
 * editor. `?id=` opens an entry (the assistant's citations link here). Codes: knowledge_add / _edit / _delete.
 */
export default function KnowledgePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useAccess();
  const [params, setParams] = useSearchParams();
  const [tree, setTree] = useState<CatalogueNode[]>([]);
  const [folder, setFolder] = useState<string>();
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(1);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [detail, setDetail] = useState<InfoRead | null>(null);
  const [editing, setEditing] = useState<Partial<InfoRead> | null>(null);
  const openId = params.get('id');

  const loadTree = useCallback(async () => setTree(await knowledgeApi.tree()), []);
  useEffect(() => void loadTree(), [loadTree]);

  // Only the newest load shows: a slow list answer that lands after a search's would otherwise replace its hits.
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    setLoading(true);
    try {
      if (query.trim()) {
        const hits = await knowledgeApi.search(query.trim(), folder);
        if (request !== latest.current) return;
        setRows(hits.map(fromHit));
        setTotal(hits.length);
      } else {
        const page = await knowledgeApi.page({ current, size: PAGE_SIZE, catalogueId: folder });
        if (request !== latest.current) return;
        setRows(page.records.map(fromInfo));
        setTotal(page.total);
      }
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [query, folder, current]);
  useEffect(() => void load(), [load]);

  useEffect(() => {
    if (openId) void knowledgeApi.detail(openId).then(setDetail);
    else setDetail(null);
  }, [openId]);

  const open = (id: string) => setParams({ id });
  const close = () => setParams({});

  const folderName = async (initial = '') => {
    let name = initial;
    const ok = await new Promise<boolean>((resolve) =>
      Modal.confirm({
        title: t(L('folderName')),
        icon: null,
        content: (
          <Input
            defaultValue={initial}
            aria-label={t(L('folderName'))}
            onChange={(e) => (name = e.target.value)}
          />
        ),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
    return ok && name.trim() ? name.trim() : null;
  };

  const addFolder = async () => {
    const name = await folderName();
    if (!name) return;
    await knowledgeApi.saveCatalogue({ name, parentId: folder });
    await loadTree();
  };

  const renameFolder = async () => {
    const node = folder && findNode(tree, folder);
    if (!node) return;
    const name = await folderName(node.title);
    if (!name) return;
    await knowledgeApi.saveCatalogue({ id: node.id, name, parentId: node.parentId });
    await loadTree();
  };

  const removeFolder = async () => {
    if (!folder || !(await confirm(t(L('confirmDelete')), { danger: true }))) return;
    await knowledgeApi.removeCatalogue(folder);
    setFolder(undefined);
    await loadTree();
  };

  const removeEntry = async (info: InfoRead) => {
    if (!(await confirm(t(L('confirmDelete')), { danger: true }))) return;
    await knowledgeApi.remove(info.id);
    toast.success(t(L('deleted')));
    close();
    await load();
  };

  const treeData = useMemo(() => toTreeData(tree), [tree]);

  return (
    <Layout style={{ minHeight: '100vh' }} data-page="knowledge">
      <Layout.Header style={{ background: 'transparent', display: 'flex', alignItems: 'center', gap: 12 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          {t(L('back'))}
        </Button>
        <Typography.Title level={4} style={{ margin: 0, flex: 1 }}>
          {t(L('title'))}
        </Typography.Title>
        <Button icon={<RobotOutlined />} onClick={() => navigate('/index/aiChat')}>
          {t(L('askAssistant'))}
        </Button>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={260} theme="light" style={{ padding: 12 }}>
          <Space wrap style={{ marginBottom: 8 }}>
            {can('knowledge_add') && (
              <Button size="small" icon={<FolderAddOutlined />} onClick={() => void addFolder()}>
                {t(L(folder ? 'addSubfolder' : 'addFolder'))}
              </Button>
            )}
            {folder && can('knowledge_edit') && (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t(L('rename'))}
                onClick={() => void renameFolder()}
              />
            )}
            {folder && can('knowledge_delete') && (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t(L('delete'))}
                onClick={() => void removeFolder()}
              />
            )}
          </Space>
          <Button
            type={folder ? 'text' : 'link'}
            block
            style={{ textAlign: 'left' }}
            onClick={() => setFolder(undefined)}
          >
            {t(L('allEntries'))}
          </Button>
          <Tree
            blockNode
            defaultExpandAll
            key={tree.length}
            treeData={treeData}
            selectedKeys={folder ? [folder] : []}
            onSelect={(keys) => {
              setFolder(keys[0] ? String(keys[0]) : undefined);
              setCurrent(1);
            }}
          />
        </Layout.Sider>
        <Layout.Content style={{ padding: '0 24px' }}>
          <Space style={{ width: '100%', margin: '12px 0' }}>
            <Input.Search
              allowClear
              style={{ width: 420 }}
              placeholder={t(L('search'))}
              aria-label={t(L('search'))}
              onSearch={(value) => {
                setQuery(value);
                setCurrent(1);
              }}
            />
            {can('knowledge_add') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ catalogueId: folder ?? '0' })}
              >
                {t(L('add'))}
              </Button>
            )}
          </Space>
          <Spin spinning={loading}>
            <List
              dataSource={rows}
              locale={{ emptyText: <Empty description={t(L(query ? 'noHits' : 'empty'))} /> }}
              renderItem={(row) => (
                <List.Item
                  key={row.id}
                  data-entry={row.title}
                  style={{ cursor: 'pointer' }}
                  onClick={() => open(row.id)}
                >
                  <List.Item.Meta
                    title={
                      row.titleHtml ? (
                        // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by the server, <mark> only
                        <span style={TITLE} dangerouslySetInnerHTML={{ __html: row.titleHtml }} />
                      ) : (
                        <span style={TITLE}>{row.title}</span>
                      )
                    }
                    description={
                      row.textHtml ? (
                        // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by the server, <mark> only
                        <span data-snippet dangerouslySetInnerHTML={{ __html: row.textHtml }} />
                      ) : (
                        row.text
                      )
                    }
                  />
                  <Typography.Text type="secondary">{row.meta}</Typography.Text>
                </List.Item>
              )}
            />
            {!query && total > PAGE_SIZE && (
              <Pagination current={current} pageSize={PAGE_SIZE} total={total} onChange={setCurrent} />
            )}
          </Spin>
        </Layout.Content>
      </Layout>
      <Drawer
        open={!!detail}
        width={860}
        onClose={close}
        destroyOnHidden
        extra={
          detail && (
            <Space>
              {can('knowledge_edit') && (
                <Button icon={<EditOutlined />} onClick={() => setEditing(detail)}>
                  {t(L('edit'))}
                </Button>
              )}
              {can('knowledge_delete') && (
                <Button danger icon={<DeleteOutlined />} onClick={() => void removeEntry(detail)}>
                  {t(L('delete'))}
                </Button>
              )}
            </Space>
          )
        }
      >
        {detail && <Detail info={detail} />}
      </Drawer>
      {editing && (
        <Editor
          entry={editing}
          treeData={treeData}
          onClose={() => setEditing(null)}
          onSaved={async (saved) => {
            setEditing(null);
            toast.success(t(L('saved')));
            await load();
            setDetail(saved);
            open(saved.id);
          }}
        />
      )}
    </Layout>
  );
}

function Editor({
  entry,
  treeData,
  onClose,
  onSaved,
}: {
  entry: Partial<InfoRead>;
  treeData: TreeData[];
  onClose: () => void;
  onSaved: (saved: InfoRead) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      onSaved(await knowledgeApi.save({ ...values, id: entry.id, catalogueId: values.catalogueId || '0' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={960}
      title={t(L(entry.id ? 'edit' : 'add'))}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" initialValues={entry} data-form="knowledge">
        <Form.Item
          name="title"
          label={t(L('entryTitle'))}
          rules={[{ required: true, message: t(L('titleRequired')) }]}
        >
          <Input maxLength={255} />
        </Form.Item>
        <Space style={{ width: '100%' }} styles={{ item: { flex: 1 } }}>
          <Form.Item name="catalogueId" label={t(L('catalogue'))}>
            <TreeSelect treeData={treeData} allowClear treeDefaultExpandAll />
          </Form.Item>
          <Form.Item name="tags" label={t(L('tags'))}>
            <Input maxLength={255} />
          </Form.Item>
        </Space>
        <Form.Item name="summary" label={t(L('summary'))}>
          <Input.TextArea autoSize maxLength={1000} />
        </Form.Item>
        <Form.Item name="content" label={t(L('content'))}>
          <RichTextField />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Form.Item hands value/onChange to its direct child: this one, which passes them past the lazy chunk. */
function RichTextField(props: { value?: string; onChange?: (html: string) => void; id?: string }) {
  return (
    <Suspense fallback={<Spin />}>
      <RichText {...props} />
    </Suspense>
  );
}

interface TreeData {
  key: string;
  value: string;
  title: string;
  children?: TreeData[];
}

function toTreeData(nodes: CatalogueNode[]): TreeData[] {
  return nodes.map((n) => ({
    key: n.id,
    value: n.id,
    title: n.title,
    children: toTreeData(n.children ?? []),
  }));
}

function findNode(nodes: CatalogueNode[], id: string): CatalogueNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children ?? [], id);
    if (found) return found;
  }
  return undefined;
}

function fromHit(hit: SearchHit): Row {
  return {
    id: hit.id,
    title: hit.title,
    titleHtml: hit.titleHighlight,
    text: '',
    textHtml: hit.snippet,
    meta: hit.tags ?? '',
  };
}

function fromInfo(info: InfoRead): Row {
  return {
    id: info.id,
    title: info.title,
    text: info.summary ?? '',
    meta: `${info.catalogueName ?? ''} ${info.updateTime ?? info.createTime ?? ''}`.trim(),
  };
}
