import { createStore } from 'zustand/vanilla';
import * as commands from './commands';
import { DesignError } from './commands';
import { canRedo, canUndo, current, type History, push, redo, start, undo } from './history';
import { parseOption } from './io';
import type { Container, FormOption, NodeRef } from './types';

/**
 * The designer's state: the form's history and the selected field. Every intent goes through `run`, which
 * records exactly one step; typing in one property of one field within 500 ms stays one step. Selection is
 * UI state and never part of the history.
 */

const COALESCE_MS = 500;

export interface DesignerState {
  history: History<FormOption>;
  selected: NodeRef | null;
  lastEdit: { key: string; at: number } | null;
}

export type Outcome = { ok: true } | { ok: false; key: string };

function exists(form: FormOption, ref: NodeRef): boolean {
  if (ref.container === 'root' && form.group?.some((g) => g.prop === ref.prop)) return true;
  try {
    return commands.findColumn(form, ref) !== undefined;
  } catch {
    return false; // its container went too
  }
}

export function createDesignerStore(initial: FormOption = { column: [] }) {
  const store = createStore<DesignerState>(() => ({
    history: start(initial),
    selected: null,
    lastEdit: null,
  }));

  const form = () => current(store.getState().history);

  /** Apply one command; a refused one leaves everything as it was and answers its message key. */
  function run(
    command: (form: FormOption) => FormOption | { form: FormOption; ref: NodeRef },
    options: { coalesce?: string; select?: boolean } = {},
  ): Outcome {
    try {
      const result = command(form());
      const outcome =
        'ref' in result && 'form' in result ? (result as { form: FormOption; ref: NodeRef }) : null;
      const next = outcome ? outcome.form : (result as FormOption);
      const { history, selected, lastEdit } = store.getState();
      const now = performance.now();
      const merge = options.coalesce && lastEdit?.key === options.coalesce && now - lastEdit.at < COALESCE_MS;
      const nextHistory = merge
        ? { ...history, steps: history.steps.map((s, i) => (i === history.index ? next : s)) }
        : push(history, next);
      store.setState({
        history: nextHistory,
        selected: outcome && (options.select ?? true) ? outcome.ref : selected,
        lastEdit: options.coalesce ? { key: options.coalesce, at: now } : null,
      });
      return { ok: true };
    } catch (error) {
      if (error instanceof DesignError) return { ok: false, key: error.key };
      throw error;
    }
  }

  const refKey = (ref: NodeRef) => `${ref.container}|${ref.prop}`;

  /** Undo or redo: a selection whose field the step took away goes with it (and does not come back). */
  const step = (state: DesignerState, history: History<FormOption>): Partial<DesignerState> => ({
    history,
    lastEdit: null,
    selected: state.selected && exists(current(history), state.selected) ? state.selected : null,
  });

  return {
    store,
    form,
    add: (type: string, container: Container, index?: number, label?: string) =>
      run((f) => commands.add(f, type, container, index, { label })),
    move: (ref: NodeRef, to: Container, index?: number) =>
      run((f) => ({ form: commands.move(f, ref, to, index), ref: { container: to, prop: ref.prop } })),
    moveGroup: (prop: string, index: number) => run((f) => commands.moveGroup(f, prop, index)),
    remove: (ref: NodeRef) => {
      const outcome = run((f) => commands.remove(f, ref));
      if (outcome.ok) store.setState({ selected: null });
      return outcome;
    },
    duplicate: (ref: NodeRef) => run((f) => commands.duplicate(f, ref)),
    update: (ref: NodeRef, key: string, value: unknown) =>
      run((f) => commands.updateProps(f, ref, key, value), { coalesce: `${refKey(ref)}|${key}` }),
    updateSettings: (key: string, value: unknown) =>
      run((f) => commands.updateSettings(f, key, value), { coalesce: `settings|${key}` }),
    importJson: (text: string) => {
      const outcome = run(() => parseOption(text));
      store.setState({ selected: null });
      return outcome;
    },
    clear: () => {
      const outcome = run((f) => commands.clear(f));
      if (outcome.ok) store.setState({ selected: null });
      return outcome;
    },
    /** Load a saved form: a fresh history (loading is not an undoable change), or the one kept for it. */
    load: (option: FormOption, kept?: History<FormOption> | null) =>
      store.setState({ history: kept ?? start(option), selected: null, lastEdit: null }),
    select: (ref: NodeRef | null) => store.setState({ selected: ref }),
    undo: () => store.setState((s) => step(s, undo(s.history))),
    redo: () => store.setState((s) => step(s, redo(s.history))),
    canUndo: () => canUndo(store.getState().history),
    canRedo: () => canRedo(store.getState().history),
  };
}

export type Designer = ReturnType<typeof createDesignerStore>;
