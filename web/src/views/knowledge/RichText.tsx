import 'quill/dist/quill.snow.css';
import Quill from 'quill';
import { useEffect, useRef } from 'react';

export interface RichTextProps {
  /** HTML (the server sanitises it again on save). */
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
}

const TOOLBAR = [
  [{ header: [2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['blockquote', 'code-block', 'link', 'image'],
  ['clean'],
];

/**
 * The entry editor: Quill 2 (one dependency, no React wrapper to go stale, ~50 KB gzip, loaded only with this
 * chunk). The value is taken once when the editor mounts (the dialog remounts it per entry); edits flow out.
 */
export default function RichText({ value, onChange, id }: RichTextProps) {
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const initial = useRef(value);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const editor = new Quill(element, { theme: 'snow', modules: { toolbar: TOOLBAR } });
    if (initial.current) editor.clipboard.dangerouslyPasteHTML(initial.current, 'silent');
    editor.on('text-change', () => changed.current?.(editor.getLength() > 1 ? editor.getSemanticHTML() : ''));
    editor.root.setAttribute('data-editor', 'knowledge');
    if (id) editor.root.id = id;
    return () => {
      element.previousElementSibling?.remove(); // the toolbar Quill put before the host
      element.innerHTML = '';
    };
  }, [id]);

  return (
    <div style={{ background: 'var(--ant-color-bg-container)' }}>
      <div ref={host} style={{ minHeight: 240 }} />
    </div>
  );
}
