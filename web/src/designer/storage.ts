import type { History } from './history';
import { parseOption } from './io';
import type { FormOption } from './types';

/**
 * The designer's history kept in localStorage (spec §3 "storage flag", §9 history 20), so undo and redo survive
 * a reload of the design screen. One entry per tenant and design (`new` for a form not saved yet), holding the
 * steps, the index and the saved content the history grew from (`base`). An entry is used only while the
 * design's saved content is still its base (a save from elsewhere makes it stale: it is dropped); saving or
 * publishing drops it; a full storage drops the other designs' entries, then this one, never the page.
 */

const PREFIX = 'plantdesk-form-history:';

interface Stored {
  base: string;
  steps: FormOption[];
  index: number;
}

export function storageKey(tenantId: string, designId: string | undefined): string {
  return `${PREFIX}${tenantId}:${designId ?? 'new'}`;
}

/** A saved content as compared with an entry's base: the same form however it was spelt. */
export function baseOf(content: string | null | undefined): string {
  return content?.trim() ? JSON.stringify(parseOption(content)) : '';
}

export function readHistory(key: string, base: string, maxStep: number): History<FormOption> | null {
  let stored: Stored;
  try {
    stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Stored;
  } catch {
    stored = null as unknown as Stored;
  }
  if (!stored) return null;
  const usable =
    stored.base === base &&
    Array.isArray(stored.steps) &&
    stored.steps.length > 0 &&
    stored.steps.every((s) => s && Array.isArray(s.column)) &&
    Number.isInteger(stored.index) &&
    stored.index >= 0 &&
    stored.index < stored.steps.length;
  if (!usable) {
    localStorage.removeItem(key);
    return null;
  }
  const dropped = Math.max(0, stored.steps.length - maxStep);
  return { steps: stored.steps.slice(dropped), index: Math.max(0, stored.index - dropped), maxStep };
}

export function writeHistory(key: string, base: string, history: History<FormOption>): void {
  if (history.steps.length < 2) {
    localStorage.removeItem(key);
    return;
  }
  const text = JSON.stringify({ base, steps: history.steps, index: history.index } satisfies Stored);
  try {
    localStorage.setItem(key, text);
  } catch {
    for (const other of Object.keys(localStorage)) {
      if (other.startsWith(PREFIX) && other !== key) localStorage.removeItem(other);
    }
    try {
      localStorage.setItem(key, text);
    } catch {
      localStorage.removeItem(key);
    }
  }
}

export function dropHistory(key: string): void {
  localStorage.removeItem(key);
}
