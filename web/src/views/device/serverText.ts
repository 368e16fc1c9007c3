import { i18n } from '#src/i18n';
import { deviceServerText } from '#src/i18n/areas/device.serverText';

type Rule = { key: string; pattern: RegExp; names: string[] };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A placeholder's pattern: n… a number, w… one word (up to a space or a bracket), l… a list (up to a semicolon),
 * any other text up to the next fixed text (or the end). */
function capture(name: string, last: boolean): string {
  if (name.startsWith('n')) return '(\\d+)';
  if (name.startsWith('w')) return '([^\\s(（]+)';
  if (name.startsWith('l')) return '([^;]+)';
  return last ? '(.*)' : '(.+?)';
}

/** The server's wordings (the area's zh values) as patterns, the longest first so a message is matched whole
 * before its parts. */
const RULES: Rule[] = Object.entries(deviceServerText.zh as Record<string, string>)
  .map(([key, template]) => {
    const names: string[] = [];
    const parts = template.split(/\{\{(\w+)\}\}/);
    const source = parts
      .map((part, i) => {
        if (i % 2 === 0) return escaped(part);
        names.push(part);
        return capture(part, i === parts.length - 2 && parts[parts.length - 1] === '');
      })
      .join('');
    return { key, pattern: new RegExp(source, 'g'), names };
  })
  .sort((a, b) => b.pattern.source.length - a.pattern.source.length);

/** A bilingual column label (`设备编码 Device code`): its Chinese half. */
const LABEL = /[\u4e00-\u9fff]+ (?=[A-Z])/g;

/**
 * A collector's or an import's message from the server in the console's language: the data the server answers
 * (a collector's state, a test's answer, an import's log and rejected rows) holds them as stored, in Chinese (the
 * spec's language); in English their known wordings are replaced by the area's en values, the names, codes and
 * numbers in them kept. Text it does not know stays as sent. (The server's downloads are worded in the request's
 * language by the same table: plantdesk/core/language.py.)
 */
export function serverText(text: string | null | undefined, language = i18n.language): string {
  if (!text || !language.startsWith('en')) return text ?? '';
  let out = text;
  for (const rule of RULES) {
    out = out.replace(rule.pattern, (...match: string[]) => {
      const values = Object.fromEntries(rule.names.map((name, i) => [name, match[i + 1]]));
      return i18n.t(`device.serverText.${rule.key}`, {
        ...values,
        lng: 'en',
        interpolation: { escapeValue: false },
      });
    });
  }
  return out.replace(LABEL, '');
}
