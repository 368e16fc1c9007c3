import {
  ArrowLeftOutlined,
  DeleteOutlined,
  PlusOutlined,
  RobotOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Card, Empty, Input, Layout, List, Space, Tag, Typography } from 'antd';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { assistantModeApi, type ConversationRead, conversationApi, type ModeRead } from '#src/api/knowledge';
import { confirm, toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { isAdminRole, useSession } from '#src/app/stores/session';
import { AnswerText } from './Answer';
import { type AnswerMeta, streamChat } from './stream';

const ProviderSettings = lazyChunk(() => import('./ProviderSettings'));
const L = (key: string) => `index.aiChat.${key}`;

interface Turn {
  role: 'user' | 'assistant';
  content: string;
  citations?: AnswerMeta['citations'];
  links?: AnswerMeta['links'];
  stopped?: boolean;
}

/**
 * AI 助手 (/index/aiChat, a frame route): the caller's conversations on the left; the chat on the right, its
 * answer streamed as it is written (no request timeout), with its cited knowledge entries and screens as links;
 * a stop button ends the stream.
 */
export default function AiChatPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [history, setHistory] = useState<ConversationRead[]>([]);
  const [conversation, setConversation] = useState<string>();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const admin = useSession((s) => isAdminRole(s.auth?.role_name));
  const [settings, setSettings] = useState(false);
  const [mode, setMode] = useState<ModeRead>();
  const english = useTranslation().i18n.language.startsWith('en');

  const loadMode = useCallback(async () => setMode(await assistantModeApi.detail()), []);
  useEffect(() => {
    void loadMode();
  }, [loadMode]);

  const loadHistory = useCallback(async () => setHistory(await conversationApi.list()), []);
  useEffect(() => {
    void loadHistory();
    return () => abort.current?.abort();
  }, [loadHistory]);
  useEffect(() => {
    if (turns.length) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [turns]);

  const open = async (id: string) => {
    if (busy) return;
    const messages = await conversationApi.messages(id);
    setConversation(id);
    setTurns(
      messages.map((m) => ({
        role: m.role as Turn['role'],
        content: m.content,
        citations: m.citations,
      })),
    );
  };

  const remove = async (id: string) => {
    if (!(await confirm(t(L('confirmDelete')), { danger: true }))) return;
    await conversationApi.remove(id);
    if (id === conversation) startNew();
    await loadHistory();
  };

  const startNew = () => {
    abort.current?.abort();
    setConversation(undefined);
    setTurns([]);
  };

  const send = async (asked?: string) => {
    const text = (asked ?? question).trim();
    if (!text || busy) return;
    setQuestion('');
    setBusy(true);
    const controller = new AbortController();
    abort.current = controller;
    setTurns((all) => [...all, { role: 'user', content: text }, { role: 'assistant', content: '' }]);
    const update = (change: (turn: Turn) => Turn) =>
      setTurns((all) => [...all.slice(0, -1), change(all[all.length - 1])]);
    try {
      const meta = await streamChat(
        [{ role: 'user', content: text }],
        conversation,
        (piece) => update((turn) => ({ ...turn, content: turn.content + piece })),
        controller.signal,
      );
      update((turn) => ({ ...turn, citations: meta.citations, links: meta.links }));
      if (meta.conversationId && meta.conversationId !== conversation) setConversation(meta.conversationId);
      await loadHistory();
    } catch (error) {
      if (controller.signal.aborted) update((turn) => ({ ...turn, stopped: true }));
      else {
        toast.error((error as Error).message);
        setTurns((all) => all.slice(0, -1));
      }
    } finally {
      setBusy(false);
      abort.current = null;
    }
  };

  return (
    <Layout style={{ height: '100vh' }} data-page="ai-chat">
      <Layout.Sider width={260} theme="light" style={{ borderRight: '1px solid var(--ant-color-border)' }}>
        <Space direction="vertical" style={{ width: '100%', padding: 12 }}>
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
              {t(L('back'))}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={startNew}>
              {t(L('newChat'))}
            </Button>
          </Space>
          <Typography.Text type="secondary">{t(L('history'))}</Typography.Text>
          <List
            size="small"
            dataSource={history}
            locale={{ emptyText: t(L('noHistory')) }}
            renderItem={(item) => (
              <List.Item
                style={{
                  cursor: 'pointer',
                  background: item.id === conversation ? 'var(--ant-color-primary-bg)' : undefined,
                }}
                onClick={() => void open(item.id)}
                actions={[
                  <Button
                    key="delete"
                    size="small"
                    type="text"
                    danger
                    aria-label={t(L('delete'))}
                    icon={<DeleteOutlined />}
                    onClick={(event) => {
                      event.stopPropagation();
                      void remove(item.id);
                    }}
                  />,
                ]}
              >
                <Typography.Text ellipsis style={{ maxWidth: 170 }}>
                  {item.title}
                </Typography.Text>
              </List.Item>
            )}
          />
        </Space>
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: 'transparent', paddingInline: 24 }}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Space>
              <Typography.Title level={4} style={{ margin: '16px 0' }}>
                <RobotOutlined /> {t(L('title'))}
              </Typography.Title>
              {mode && (
                <Tag color={mode.mode === 'model' ? 'blue' : 'green'} data-mode={mode.mode}>
                  {mode.mode === 'model' ? t(L('modeModel'), { model: mode.model }) : t(L('modeBuiltin'))}
                </Tag>
              )}
            </Space>
            {admin && (
              <Button icon={<SettingOutlined />} onClick={() => setSettings(true)}>
                {t(L('provider'))}
              </Button>
            )}
          </Space>
        </Layout.Header>
        <Layout.Content style={{ overflow: 'auto', padding: '0 24px' }}>
          {turns.length === 0 && (
            <Empty image={<RobotOutlined style={{ fontSize: 48 }} />} description={t(L('welcome'))}>
              {mode && (
                <div data-abilities style={{ maxWidth: 720, margin: '0 auto', textAlign: 'left' }}>
                  <Typography.Paragraph type="secondary">
                    {t(L(mode.mode === 'model' ? 'abilitiesModel' : 'abilitiesBuiltin'))}
                  </Typography.Paragraph>
                  <Space wrap>
                    {mode.abilities.map((ability) => {
                      const example = english ? ability.en : ability.zh;
                      return (
                        <Button
                          key={`${ability.name}-${example}`}
                          size="small"
                          disabled={busy}
                          onClick={() => void send(example)}
                        >
                          {example}
                        </Button>
                      );
                    })}
                  </Space>
                </div>
              )}
            </Empty>
          )}
          {turns.map((turn, n) => (
            <TurnView
              // biome-ignore lint/suspicious/noArrayIndexKey: turns of one conversation, appended only
              key={n}
              turn={turn}
              writing={busy && n === turns.length - 1}
            />
          ))}
          <div ref={bottom} />
        </Layout.Content>
        <Layout.Footer style={{ background: 'transparent', padding: '12px 24px' }}>
          <Space.Compact style={{ width: '100%' }}>
            <Input.TextArea
              value={question}
              aria-label={t(L('placeholder'))}
              placeholder={t(L('placeholder'))}
              autoSize={{ minRows: 1, maxRows: 6 }}
              onChange={(event) => setQuestion(event.target.value)}
              onPressEnter={(event) => {
                if (!event.shiftKey) {
                  event.preventDefault();
                  void send();
                }
              }}
            />
            {busy ? (
              <Button danger onClick={() => abort.current?.abort()}>
                {t(L('stop'))}
              </Button>
            ) : (
              <Button type="primary" onClick={() => void send()} disabled={!question.trim()}>
                {t(L('send'))}
              </Button>
            )}
          </Space.Compact>
        </Layout.Footer>
      </Layout>
      {settings && (
        <Suspense fallback={null}>
          <ProviderSettings
            onClose={() => {
              setSettings(false);
              void loadMode();
            }}
          />
        </Suspense>
      )}
    </Layout>
  );
}

function TurnView({ turn, writing }: { turn: Turn; writing: boolean }) {
  const { t } = useTranslation();
  const mine = turn.role === 'user';
  return (
    <Space align="start" style={{ margin: '12px 0', width: '100%' }} data-role={turn.role}>
      <Avatar icon={mine ? <UserOutlined /> : <RobotOutlined />} />
      <Card size="small" style={{ maxWidth: 860 }} title={t(L(mine ? 'you' : 'assistant'))}>
        {mine ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {turn.content}
          </Typography.Paragraph>
        ) : (
          <AnswerText text={turn.content + (writing ? ' ▍' : '')} />
        )}
        {turn.stopped && <Tag color="warning">{t(L('stopped'))}</Tag>}
        {!!turn.citations?.length && (
          <div data-citations style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">{t(L('sources'))}: </Typography.Text>
            {turn.citations.map((c) => (
              <Tag key={c.id}>
                <Link to={c.link}>
                  [{c.index}] {c.title}
                </Link>
              </Tag>
            ))}
          </div>
        )}
      </Card>
    </Space>
  );
}
