import { describe, expect, it } from 'vitest';
import { sseParser } from './stream';

describe('sseParser', () => {
  it('yields each data payload across arbitrary piece boundaries and skips [DONE]', () => {
    const seen: string[] = [];
    const feed = sseParser((data) => seen.push(data));
    const stream = 'data: {"a":1}\n\ndata: {"b":"x\\ny"}\n\n: comment\n\ndata: [DONE]\n\n';
    for (const piece of [stream.slice(0, 7), stream.slice(7, 20), stream.slice(20)]) feed(piece);
    expect(seen).toEqual(['{"a":1}', '{"b":"x\\ny"}']);
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const seen: string[] = [];
    const feed = sseParser((data) => seen.push(data));
    feed('data: {"half"');
    expect(seen).toEqual([]);
    feed(':true}\n\n');
    expect(seen).toEqual(['{"half":true}']);
  });
});
