import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * An answer's text as the assistant writes it: lines, `**bold**` and `[title](/path)` links (citations and
 * screens). Built from React nodes, never as HTML, so nothing a model says can run in the console.
 */
export function AnswerText({ text }: { text: string }) {
  return (
    <div className="ai-answer">
      {text.split('\n').map((line, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text, in order
        <div key={n} style={{ minHeight: '1.4em', whiteSpace: 'pre-wrap' }}>
          {inline(line)}
        </div>
      ))}
    </div>
  );
}

const TOKEN = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;

export function inline(line: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(TOKEN)) {
    const at = match.index ?? 0;
    if (at > last) out.push(line.slice(last, at));
    const [, title, href, bold] = match;
    if (bold !== undefined) out.push(<strong key={at}>{bold}</strong>);
    else if (href.startsWith('/'))
      out.push(
        <Link key={at} to={href}>
          {title}
        </Link>,
      );
    else if (/^https?:\/\//.test(href))
      out.push(
        <a key={at} href={href} target="_blank" rel="noopener noreferrer">
          {title}
        </a>,
      );
    else out.push(<Fragment key={at}>{match[0]}</Fragment>);
    last = at + match[0].length;
  }
  if (last < line.length) out.push(line.slice(last));
  return out;
}
