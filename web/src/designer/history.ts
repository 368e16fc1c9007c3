/**
 * The designer's history (spec §3 "Designer history", §4, §9): the list of steps, the index of the current one
 * and at most `maxStep` (20) steps. Undo moves the index back, redo forward; a new change drops the steps after
 * the index; past 20 steps the oldest is dropped.
 */

export const MAX_STEP = 20;

export interface History<T> {
  steps: T[];
  index: number;
  maxStep: number;
}

export function start<T>(state: T, maxStep = MAX_STEP): History<T> {
  return { steps: [state], index: 0, maxStep };
}

export function current<T>(history: History<T>): T {
  return history.steps[history.index];
}

export function push<T>(history: History<T>, state: T): History<T> {
  const steps = [...history.steps.slice(0, history.index + 1), state];
  const dropped = Math.max(0, steps.length - history.maxStep);
  return { ...history, steps: steps.slice(dropped), index: steps.length - 1 - dropped };
}

export const canUndo = <T>(history: History<T>) => history.index > 0;
export const canRedo = <T>(history: History<T>) => history.index < history.steps.length - 1;

export function undo<T>(history: History<T>): History<T> {
  return canUndo(history) ? { ...history, index: history.index - 1 } : history;
}

export function redo<T>(history: History<T>): History<T> {
  return canRedo(history) ? { ...history, index: history.index + 1 } : history;
}

/** Which history command a key press asks for: Ctrl/⌘+Z undo; Ctrl/⌘+Shift+Z or Ctrl+Y redo. */
export function historyKey(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): 'undo' | 'redo' | null {
  const mod = e.ctrlKey || e.metaKey;
  if (!mod) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && e.ctrlKey && !e.shiftKey) return 'redo';
  return null;
}
