import { afterEach, describe, expect, it, vi } from 'vitest';
import '#src/i18n';
import { current, MAX_STEP, push, start } from './history';
import { exportOption } from './io';
import { baseOf, dropHistory, readHistory, storageKey, writeHistory } from './storage';
import { createDesignerStore } from './store';
import type { FormOption } from './types';

/** The designer's history in localStorage: kept per tenant and design, used only on its own base. */
const form = (...props: string[]): FormOption => ({ column: props.map((prop) => ({ prop, type: 'input' })) });
const KEY = storageKey('356782', '42');

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('designer history in localStorage', () => {
  it('keys the entry by tenant and design, `new` for an unsaved form', () => {
    expect(KEY).toBe('plantdesk-form-history:356782:42');
    expect(storageKey('000000', undefined)).toBe('plantdesk-form-history:000000:new');
  });

  it('gives back the steps and the index written on the same base', () => {
    const base = baseOf('{"column": [{"prop": "a", "type": "input"}]}');
    let history = push(push(start(form('a')), form('a', 'b')), form('a', 'b', 'c'));
    history = { ...history, index: 1 };
    writeHistory(KEY, base, history);
    const kept = readHistory(KEY, baseOf(exportOption(form('a'))), MAX_STEP);
    expect(kept?.steps).toEqual(history.steps);
    expect(kept?.index).toBe(1);
  });

  it('drops an entry whose base is no longer the saved content, or that cannot be read', () => {
    writeHistory(KEY, baseOf(exportOption(form('a'))), push(start(form('a')), form('a', 'b')));
    expect(readHistory(KEY, baseOf(exportOption(form('z'))), MAX_STEP)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    localStorage.setItem(KEY, '{"base":"","steps":[{"column":"x"}],"index":0}');
    expect(readHistory(KEY, '', MAX_STEP)).toBeNull();
    localStorage.setItem(KEY, 'not json');
    expect(readHistory(KEY, '', MAX_STEP)).toBeNull();
  });

  it('keeps nothing for a history without a step to undo or redo, and drops on save', () => {
    writeHistory(KEY, '', push(start(form()), form('a')));
    expect(localStorage.getItem(KEY)).not.toBeNull();
    dropHistory(KEY);
    expect(localStorage.getItem(KEY)).toBeNull();
    writeHistory(KEY, '', start(form('a')));
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps at most 20 steps when read back', () => {
    const long = { steps: Array.from({ length: 25 }, (_, i) => form(`f${i}`)), index: 24, maxStep: 25 };
    writeHistory(KEY, '', long);
    const kept = readHistory(KEY, '', MAX_STEP);
    expect(kept?.steps).toHaveLength(20);
    expect(kept && current(kept)).toEqual(form('f24'));
  });

  it('makes room by dropping the other designs, and never throws when storage is full', () => {
    localStorage.setItem(storageKey('356782', '7'), 'x');
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    setItem.mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    writeHistory(KEY, '', push(start(form()), form('a')));
    expect(localStorage.getItem(storageKey('356782', '7'))).toBeNull();
    expect(localStorage.getItem(KEY)).not.toBeNull();
    setItem.mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeHistory(KEY, '', push(start(form()), form('b')))).not.toThrow();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('a designer loaded with its kept history undoes and redoes across the reload', () => {
    const before = createDesignerStore();
    before.add('input', 'root', undefined, 'A');
    before.add('number', 'root', undefined, 'B');
    before.undo();
    writeHistory(KEY, '', before.store.getState().history);

    const after = createDesignerStore();
    after.load({ column: [] }, readHistory(KEY, '', MAX_STEP));
    expect(after.form().column.map((c) => c.label)).toEqual(['A']);
    expect(after.canRedo()).toBe(true);
    after.redo();
    expect(after.form().column.map((c) => c.label)).toEqual(['A', 'B']);
    after.undo();
    after.undo();
    expect(after.form().column).toEqual([]);
  });
});
