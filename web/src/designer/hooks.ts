import type { Column } from './types';

/**
 * Event hooks (spec §2: change, click, focus, blur) as declarative rules, never code: a field's event property
 * holds a list of `EventHook`s, and running one only sets a value, shows or hides, requires or frees another
 * field, or fills a field from a hook of the hook registry (getData/{hookId}). A text there (the seed designer's
 * function source) is kept as it is and never run: nothing typed into a form design executes in the page.
 *
 * `equals` makes a rule conditional on the event field's value (text compare; a list matches if any item
 * does). A conditional show/hide/require/optional turns back when the value stops matching, so "show Y when X
 * is yes" holds both ways, and such rules are applied to the starting values too. A value a hook sets does
 * not run the target's own change hooks (no chains, no loops); a target that no longer exists is skipped.
 */

export const HOOK_EVENTS = ['change', 'click', 'focus', 'blur'] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];
export const HOOK_ACTIONS = ['set', 'show', 'hide', 'require', 'optional', 'fill'] as const;
export type HookAction = (typeof HOOK_ACTIONS)[number];

export interface EventHook {
  action: HookAction;
  /** The field acted on: a top-level prop. */
  target: string;
  /** `set`: the value given to the target (as typed; read by the target's type). */
  value?: string;
  /** Only when the event field's value equals this. */
  equals?: string;
  /** `fill`: the hook whose item with the event field's value gives the target its label. */
  hookId?: string;
}

export type Effect =
  | { kind: 'set'; target: string; value: string | undefined }
  | { kind: 'display'; target: string; shown: boolean }
  | { kind: 'required'; target: string; required: boolean }
  | { kind: 'fill'; target: string; hookId: string; value: unknown };

/** The rules of one event of a column; a text (function source) or anything unreadable has none. */
export function hooksOf(column: Column, event: HookEvent): EventHook[] {
  const raw = column[event];
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (h): h is EventHook =>
      Boolean(h) &&
      typeof h === 'object' &&
      HOOK_ACTIONS.includes((h as EventHook).action) &&
      typeof (h as EventHook).target === 'string' &&
      (h as EventHook).target !== '',
  );
}

export function matches(value: unknown, equals: string | undefined): boolean {
  if (equals === undefined || equals === '') return true;
  if (Array.isArray(value)) return value.some((v) => String(v) === equals);
  return value !== undefined && value !== null && String(value) === equals;
}

const conditional = (hook: EventHook) => hook.equals !== undefined && hook.equals !== '';

/** What the rules do for an event whose field now has `value`. With `initial`, only the two-way rules
 * (conditional display and requirement) count: they set up the form's starting state. */
export function effectsOf(hooks: EventHook[], value: unknown, initial = false): Effect[] {
  const effects: Effect[] = [];
  for (const hook of hooks) {
    const hit = matches(value, hook.equals);
    const { action, target } = hook;
    if (action === 'show' || action === 'hide') {
      if (hit || conditional(hook))
        effects.push({ kind: 'display', target, shown: (action === 'show') === hit });
    } else if (action === 'require' || action === 'optional') {
      if (hit || conditional(hook))
        effects.push({ kind: 'required', target, required: (action === 'require') === hit });
    } else if (!initial && hit && action === 'set') {
      effects.push({ kind: 'set', target, value: hook.value });
    } else if (!initial && hit && action === 'fill' && hook.hookId) {
      effects.push({ kind: 'fill', target, hookId: hook.hookId, value });
    }
  }
  return initial ? effects.filter((e) => e.kind === 'display' || e.kind === 'required') : effects;
}

/** A typed `set` value as the target holds it: numbers for numeric widgets, booleans for a switch, lists for
 * list widgets (comma-separated). */
export function valueFor(target: Column, raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return undefined;
  const type = target.type ?? 'input';
  if (type === 'switch') return raw === 'true' || raw === '1';
  if (['number', 'slider', 'rate'].includes(type) || target.dataType === 'number') {
    const n = Number(raw);
    return Number.isNaN(n) ? undefined : n;
  }
  if (type === 'checkbox' || target.dataType === 'array' || (type === 'select' && target.multiple))
    return raw.split(',').map((s) => s.trim());
  return raw;
}

/** The label of the hook item whose value is `value` (lists: the labels joined), or undefined. */
export function labelIn(items: Record<string, unknown>[], value: unknown): string | undefined {
  const find = (v: unknown) => items.find((i) => String(i.value) === String(v))?.label;
  if (Array.isArray(value)) {
    const labels = value.map(find).filter((l) => l !== undefined);
    return labels.length ? labels.map(String).join(', ') : undefined;
  }
  const label = find(value);
  return label === undefined ? undefined : String(label);
}
