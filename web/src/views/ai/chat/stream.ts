import { fetchStream, readEvents } from '#src/api/http';

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
 * POST /api/ai/chat streamed (spec §7: no timeout) through the HTTP layer's `fetchStream` (its headers, a 401
 * refreshes the token), not the axios instance, whose 10 s timeout would cut a long answer. `onDelta` gets each
 * text piece; resolves with the last chunk's extras. Aborting `signal` stops reading (the stop button); what
 * arrived so far stays with the caller.
 */
export async function streamChat(
  messages: ChatMessage[],
  conversationId: string | undefined,
  onDelta: (text: string) => void,
  signal: AbortSignal,
): Promise<AnswerMeta> {
  const response = await fetchStream('/api/ai/chat', {
    method: 'POST',
    signal,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ messages, stream: true, conversationId }),
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
    const body = await response.json().catch(() => ({}));
    throw new Error(body.msg || `HTTP ${response.status}`);
  }
  const meta: AnswerMeta = { citations: [], links: [] };
  await readEvents(response.body, (_name, data) => {
    if (!data || data === '[DONE]') return;
    const chunk = JSON.parse(data);
    if (chunk.error) throw new Error(chunk.error.message);
    meta.conversationId = chunk.conversation_id ?? meta.conversationId;
    const piece = chunk.choices?.[0]?.delta?.content;
    if (piece) onDelta(piece);
    if (chunk.citations) meta.citations = chunk.citations;
    if (chunk.links) meta.links = chunk.links;
    if (chunk.model) meta.model = chunk.model;
  });
  return meta;
}
