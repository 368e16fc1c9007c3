/** Pure helpers of MenuGrantTree: what a conducted check tree shows and what a grant saves. */

export interface KeyNode {
  key?: string;
  id?: string;
  children?: KeyNode[];
}

const keyOf = (node: KeyNode) => String(node.key ?? node.id ?? '');

/**
 * Saved grants list parents too (a parent with only some of its children granted). Fed as-is to a
 * conducted (non-strict) check tree, such a parent would tick every child. Keep a key only when it is a
 * leaf or all its descendants are saved too; the tree then shows the partial parents half-checked.
 */
export function checkedForTree(forest: KeyNode[], saved: Iterable<string>): string[] {
  const set = new Set(Array.from(saved, String));
  const out: string[] = [];
  const full = (node: KeyNode): boolean => {
    const kids = node.children ?? [];
    // Visit every child (no short-circuit), so deeper fully-saved keys are collected too.
    const allKids = kids.map(full).every(Boolean);
    const ok = set.has(keyOf(node)) && allKids;
    if (ok) out.push(keyOf(node));
    return ok;
  };
  forest.forEach(full);
  return out;
}

/** Every key of the forest (check all / expand all). */
export function allKeys(forest: KeyNode[]): string[] {
  return forest.flatMap((n) => [keyOf(n), ...allKeys(n.children ?? [])]);
}

/**
 * What a grant sends: the fully checked keys. The backend adds the ancestors of granted ids itself
 * (docs/decisions.md "Who sees which menu", packages "plus the ancestors of those ids"), so half-checked
 * parents are sent only when asked for (`withHalfChecked`, for endpoints that need them listed).
 */
export function grantKeys(checked: string[], halfChecked: string[] = [], withHalfChecked = false): string[] {
  return withHalfChecked ? [...new Set([...checked, ...halfChecked])] : [...checked];
}
