import { columnsOf, refusal } from './commands';
import type { Container, FormOption, NodeRef } from './types';

/**
 * What a drag on the canvas means: which targets it may land on (the nesting rules, spec §5, so an illegal
 * target never lights up) and the one command a drop makes (one undo step).
 */

/** What is dragged: a palette widget, a field, or a whole group (with its fields). */
export type DragItem =
  | { kind: 'palette'; type: string }
  | { kind: 'field'; ref: NodeRef; type: string }
  | { kind: 'group'; prop: string; type: 'group' };

/** What it is over: a container's free space, a field, or a group. */
export type DropTarget =
  | { kind: 'container'; container: Container }
  | { kind: 'field'; ref: NodeRef; type: string }
  | { kind: 'group'; prop: string };

export type DropCommand =
  | { command: 'add'; type: string; container: Container; index?: number }
  | { command: 'move'; ref: NodeRef; container: Container; index?: number }
  | { command: 'moveGroup'; prop: string; index: number };

const containerOf = (drop: DropTarget): Container | null =>
  drop.kind === 'container' ? drop.container : drop.kind === 'field' ? drop.ref.container : null;

/** Whether `drag` may land on `drop`. A group goes among the groups only (before or after one, or at their
 * end over the form's own area): never into a group or a sub-table. A field never into itself. */
export function canDrop(drag: DragItem, drop: DropTarget): boolean {
  if (drag.type === 'group')
    return drop.kind === 'group' || (drop.kind === 'container' && drop.container === 'root');
  const container = containerOf(drop);
  if (container === null) return false;
  if (drag.kind === 'field' && container === `dynamic:${drag.ref.prop}`) return false;
  return refusal(drag.type, container) === null;
}

/** The command of a drop, `after` telling whether the dragged item's centre passed the target's middle; null
 * when the drop changes nothing or is not allowed. */
export function dropCommand(
  form: FormOption,
  drag: DragItem,
  drop: DropTarget,
  after: boolean,
): DropCommand | null {
  if (!canDrop(drag, drop)) return null;
  if (drag.type === 'group') {
    const groups = form.group ?? [];
    let index =
      drop.kind === 'group' ? groups.findIndex((g) => g.prop === drop.prop) + (after ? 1 : 0) : groups.length;
    if (drag.kind !== 'group') return { command: 'add', type: 'group', container: 'root', index };
    const from = groups.findIndex((g) => g.prop === drag.prop);
    if (from < index) index -= 1;
    return index === from ? null : { command: 'moveGroup', prop: drag.prop, index };
  }
  const container = containerOf(drop) as Container;
  const siblings = columnsOf(form, container);
  let index =
    drop.kind === 'field' ? siblings.findIndex((c) => c.prop === drop.ref.prop) + (after ? 1 : 0) : undefined;
  if (drag.kind === 'palette') return { command: 'add', type: drag.type, container, index };
  if (drag.kind !== 'field') return null;
  if (drop.kind === 'field' && drop.ref.prop === drag.ref.prop && container === drag.ref.container)
    return null;
  // Moving within a container: the field leaves its place first, so a later place moves up by one.
  const from = container === drag.ref.container ? siblings.findIndex((c) => c.prop === drag.ref.prop) : -1;
  if (index !== undefined && from >= 0 && from < index) index -= 1;
  return { command: 'move', ref: drag.ref, container, index };
}
