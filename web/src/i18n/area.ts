/**
 * Per-area strings: each screen (or group of screens) keeps its zh and en messages in its own file under
 * `areas/`, so engineers working on different screens never edit the same message file. A file exports
 * `defineArea('system.param', { zh: {...}, en: {...} })`; its keys are then `system.param.<key>`.
 * Register the file in `areas/index.ts` (one import, one list entry). Recipe: web/README.md "i18n".
 */

/** A message tree: strings, or nested trees. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

/** The same keys as `Z`, any strings (so `en` must mirror `zh` exactly, checked by tsc). */
export type SameKeys<Z> = { [K in keyof Z]: Z[K] extends string ? string : SameKeys<Z[K]> };

export interface Area {
  /** Dotted namespace, e.g. `system.param`; the messages live under it. */
  namespace: string;
  zh: MessageTree;
  en: MessageTree;
}

export function defineArea<const Z extends MessageTree>(
  namespace: string,
  messages: { zh: Z; en: SameKeys<Z> },
): Area {
  return { namespace, zh: messages.zh, en: messages.en as MessageTree };
}

/** Puts each area's messages under its namespace inside `base` (a copy; `base` is not changed). */
export function mergeAreas(base: MessageTree, areas: Area[], lang: 'zh' | 'en'): MessageTree {
  const root: MessageTree = structuredClone(base);
  for (const area of areas) {
    const path = area.namespace.split('.');
    let node = root;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      if (typeof next === 'string') throw new Error(`i18n area ${area.namespace}: ${part} is a message`);
      node[part] = next ?? {};
      node = node[part] as MessageTree;
    }
    const leaf = path[path.length - 1];
    if (node[leaf] !== undefined) throw new Error(`i18n area ${area.namespace} is defined twice`);
    node[leaf] = area[lang];
  }
  return root;
}
