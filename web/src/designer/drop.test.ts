import { describe, expect, it } from 'vitest';
import '#src/i18n';
import { canDrop, type DragItem, type DropTarget, dropCommand } from './drop';
import { createDesignerStore } from './store';
import type { FormOption } from './types';

/** Drops on the canvas: where each drag may land (nesting rules) and the one command it makes. */
const FORM: FormOption = {
  column: [
    { prop: 'a', type: 'input' },
    { prop: 't', type: 'dynamic', children: { column: [{ prop: 'c', type: 'input' }] } },
  ],
  group: [
    { prop: 'g1', label: 'G1', column: [{ prop: 'x', type: 'input' }] },
    { prop: 'g2', label: 'G2', column: [] },
    { prop: 'g3', label: 'G3', column: [{ prop: 'y', type: 'input' }] },
  ],
};
const group = (prop: string): DragItem => ({ kind: 'group', prop, type: 'group' });
const onGroup = (prop: string): DropTarget => ({ kind: 'group', prop });
const root: DropTarget = { kind: 'container', container: 'root' };

describe('dragging whole groups', () => {
  it('lands a group among the groups only: never into a group, a sub-table or onto a field', () => {
    expect(canDrop(group('g1'), onGroup('g3'))).toBe(true);
    expect(canDrop(group('g1'), root)).toBe(true);
    expect(canDrop(group('g1'), { kind: 'container', container: 'group:g2' })).toBe(false);
    expect(canDrop(group('g1'), { kind: 'container', container: 'dynamic:t' })).toBe(false);
    expect(
      canDrop(group('g1'), { kind: 'field', ref: { container: 'root', prop: 'a' }, type: 'input' }),
    ).toBe(false);
    expect(canDrop({ kind: 'palette', type: 'group' }, { kind: 'container', container: 'group:g1' })).toBe(
      false,
    );
    expect(canDrop({ kind: 'palette', type: 'group' }, onGroup('g1'))).toBe(true);
  });

  it('a field never lands on a group itself, only in its area', () => {
    const field: DragItem = { kind: 'field', ref: { container: 'root', prop: 'a' }, type: 'input' };
    expect(canDrop(field, onGroup('g1'))).toBe(false);
    expect(canDrop(field, { kind: 'container', container: 'group:g1' })).toBe(true);
    expect(
      canDrop(
        { ...field, ref: { container: 'root', prop: 't' }, type: 'dynamic' },
        {
          kind: 'container',
          container: 'dynamic:t',
        },
      ),
    ).toBe(false);
  });

  it('moves a group before or after another, or to the end, as one moveGroup', () => {
    expect(dropCommand(FORM, group('g1'), onGroup('g3'), true)).toEqual({
      command: 'moveGroup',
      prop: 'g1',
      index: 2,
    });
    expect(dropCommand(FORM, group('g1'), onGroup('g3'), false)).toEqual({
      command: 'moveGroup',
      prop: 'g1',
      index: 1,
    });
    expect(dropCommand(FORM, group('g3'), onGroup('g1'), false)).toEqual({
      command: 'moveGroup',
      prop: 'g3',
      index: 0,
    });
    expect(dropCommand(FORM, group('g1'), root, false)).toEqual({
      command: 'moveGroup',
      prop: 'g1',
      index: 2,
    });
    expect(dropCommand(FORM, group('g2'), onGroup('g1'), true)).toBeNull(); // already there
    expect(dropCommand(FORM, group('g1'), { kind: 'container', container: 'group:g2' }, false)).toBeNull();
    expect(dropCommand(FORM, { kind: 'palette', type: 'group' }, onGroup('g2'), false)).toEqual({
      command: 'add',
      type: 'group',
      container: 'root',
      index: 1,
    });
  });

  it('a group keeps its fields when it moves, and one undo puts it back', () => {
    const designer = createDesignerStore(FORM);
    const next = dropCommand(FORM, group('g1'), onGroup('g3'), true);
    if (next?.command !== 'moveGroup') throw new Error('expected a group move');
    expect(designer.moveGroup(next.prop, next.index)).toEqual({ ok: true });
    expect(designer.form().group?.map((g) => [g.prop, g.column.map((c) => c.prop)])).toEqual([
      ['g2', []],
      ['g3', ['y']],
      ['g1', ['x']],
    ]);
    designer.undo();
    expect(designer.form()).toEqual(FORM);
  });

  it('fields still drop before or after a field, and within their own container shift by one', () => {
    const field: DragItem = { kind: 'field', ref: { container: 'root', prop: 'a' }, type: 'input' };
    const onT: DropTarget = { kind: 'field', ref: { container: 'root', prop: 't' }, type: 'dynamic' };
    expect(dropCommand(FORM, field, onT, true)).toEqual({
      command: 'move',
      ref: field.ref,
      container: 'root',
      index: 1,
    });
    expect(dropCommand(FORM, field, { kind: 'container', container: 'group:g2' }, false)).toEqual({
      command: 'move',
      ref: field.ref,
      container: 'group:g2',
      index: undefined,
    });
    expect(
      dropCommand(
        FORM,
        { kind: 'palette', type: 'ueditor' },
        { kind: 'container', container: 'dynamic:t' },
        false,
      ),
    ).toBeNull();
  });
});
