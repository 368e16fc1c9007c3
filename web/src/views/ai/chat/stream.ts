import { CLIENT_AUTHORIZATION } from '#src/api/http';
import { useSession } from '#src/app/stores/session';

/** What the last chunk of an answer carries besides its text. */
export interface AnswerMeta {
  conversationId?: string;
  model?: string;
  citations: { index: number; id: string; title: string; link: string; snippet?: string }[];
  links: { title: string; link: string }[];
}

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * POST /api/ai/chat streamed (spec §7: no timeout): fetch + ReadableStream, not the axios instance, whose 10 s
 * timeout would cut a long answer. `onDelta` gets each text piece; resolves with the last chunk's extras.
 * Aborting `signal` stops reading (the stop button); what arrived so far stays with the caller.
 */
export async function streamChat(
  messages: ChatMessage[],
  conversationId: string | undefined,
  onDelta: (text: string) => void,
  signal: AbortSignal,
): Promise<AnswerMeta> {
  const { token, tenantId } = useSession.getState();
  const response = await fetch('/api/ai/chat', {
    method: 'POST',
    signal,
    credentials: 'include',
    headers: {
      'Content-Type': 'application/json',
      Authorization: CLIENT_AUTHORIZATION,
      'Tenant-Id': tenantId,
      ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}),
    },
    body: JSON.stringify({ messages, stream: true, conversationId }),
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
    const body = await response.json().catch(() => ({}));
    throw new Error(body.msg || `HTTP ${response.status}`);
  }
  const meta: AnswerMeta = { citations: [], links: [] };
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = sseParser((data) => {
    const chunk = JSON.parse(data);
    if (chunk.error) throw new Error(chunk.error.message);
    meta.conversationId = chunk.conversation_id ?? meta.conversationId;
    const piece = chunk.choices?.[0]?.delta?.content;
    if (piece) onDelta(piece);
    if (chunk.citations) meta.citations = chunk.citations;
    if (chunk.links) meta.links = chunk.links;
    if (chunk.model) meta.model = chunk.model;
  });
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser(value);
  }
  return meta;
}

/** Feeds server-sent-event text in arbitrary pieces; calls `onData` with each `data:` payload but `[DONE]`. */
export function sseParser(onData: (data: string) => void) {
  let buffer = '';
  return (text: string) => {
    buffer += text;
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    for (const event of events) {
      for (const line of event.split('\n')) {
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data && data !== '[DONE]') onData(data);
      }
    }
  };
}
