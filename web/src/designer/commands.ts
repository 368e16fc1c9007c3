import { propertiesOf, REGISTRY, widgetOf } from './registry';
import type { Column, Container, FormOption, Group, NodeRef } from './types';

/**
 * The command layer: every user intent is one pure function from a form to the next form (one undo step in
 * the history). A refused command throws a `DesignError` whose key the designer shows; the form is unchanged.
 */

export class DesignError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** `a` + timestamp + a random number up to 99999 (spec §9): a new field's prop, unique in practice. */
export function newProp(now = Date.now(), random = Math.random): string {
  return `a${now}${Math.ceil(random() * 99999)}`;
}

export function emptyForm(): FormOption {
  return { column: [] };
}

// --- reading ------------------------------------------------------------------------------------------------

export function columnsOf(form: FormOption, container: Container): Column[] {
  if (container === 'root') return form.column;
  const [kind, prop] = split(container);
  if (kind === 'group') {
    const group = form.group?.find((g) => g.prop === prop);
    if (!group) throw new DesignError('form.design.notFound');
    return group.column;
  }
  const table = findTopLevel(form, prop);
  if (table?.type !== 'dynamic') throw new DesignError('form.design.notFound');
  return table.children?.column ?? [];
}

export function findColumn(form: FormOption, ref: NodeRef): Column | undefined {
  return columnsOf(form, ref.container).find((c) => c.prop === ref.prop);
}

/** Every field outside sub-tables: the form's columns, then each group's. */
export function topLevel(form: FormOption): Column[] {
  return [...form.column, ...(form.group ?? []).flatMap((g) => g.column)];
}

function findTopLevel(form: FormOption, prop: string): Column | undefined {
  return topLevel(form).find((c) => c.prop === prop);
}

function split(container: Container): ['group' | 'dynamic', string] {
  const at = container.indexOf(':');
  return [container.slice(0, at) as 'group' | 'dynamic', container.slice(at + 1)];
}

/** The props already taken where a field of `container` must be unique (the form's top level, or one table). */
function takenProps(form: FormOption, container: Container): Set<string> {
  if (container.startsWith('dynamic:')) return new Set(columnsOf(form, container).map((c) => c.prop));
  return new Set([...topLevel(form).map((c) => c.prop), ...(form.group ?? []).map((g) => g.prop)]);
}

// --- nesting rules (spec §5) --------------------------------------------------------------------------------

/** Why `type` may not go into `container` (an i18n key), or null when it may. */
export function refusal(type: string | undefined, container: Container): string | null {
  const kind = container === 'root' ? null : split(container)[0];
  if (kind === null) return null;
  const refused = widgetOf(type).refusedIn ?? [];
  if (kind === 'dynamic' && (refused.includes('dynamic') || !REGISTRY[type ?? 'input']))
    return 'form.design.refusedInTable';
  if (kind === 'group' && refused.includes('group')) return 'form.design.refusedInGroup';
  return null;
}

// --- writing ------------------------------------------------------------------------------------------------

/** A copy of `form` with `container`'s columns replaced. */
function withColumns(form: FormOption, container: Container, columns: Column[]): FormOption {
  if (container === 'root') return { ...form, column: columns };
  const [kind, prop] = split(container);
  if (kind === 'group') {
    return { ...form, group: form.group?.map((g) => (g.prop === prop ? { ...g, column: columns } : g)) };
  }
  return replaceTopLevel(form, prop, (table) => ({
    ...table,
    children: { ...table.children, column: columns },
  }));
}

function replaceTopLevel(form: FormOption, prop: string, change: (c: Column) => Column): FormOption {
  const swap = (columns: Column[]) => columns.map((c) => (c.prop === prop ? change(c) : c));
  return {
    ...form,
    column: swap(form.column),
    group: form.group?.map((g) => ({ ...g, column: swap(g.column) })),
  };
}

function clampIndex(index: number | undefined, length: number): number {
  return index === undefined || index < 0 || index > length ? length : index;
}

export interface AddOptions {
  prop?: string;
  label?: string;
}

/**
 * A new field of `type` at `index` of `container` (the end when omitted). A group always goes to the form's
 * groups (after the others, or at `index` among them); it answers the new field's ref.
 */
export function add(
  form: FormOption,
  type: string,
  container: Container,
  index?: number,
  options: AddOptions = {},
): { form: FormOption; ref: NodeRef } {
  const widget = REGISTRY[type];
  if (!widget) throw new DesignError('form.design.unknownType');
  const reason = refusal(type, container);
  if (reason) throw new DesignError(reason);
  const prop = options.prop ?? newProp();
  if (takenProps(form, container).has(prop)) throw new DesignError('form.design.propTaken');
  const created: Column = { ...widget.create(), prop, ...(options.label ? { label: options.label } : {}) };
  if (type === 'group') {
    const { type: _t, span: _s, ...rest } = created;
    const groups = [...(form.group ?? [])];
    groups.splice(clampIndex(index, groups.length), 0, { ...rest, prop, column: [] } as Group);
    return { form: { ...form, group: groups }, ref: { container: 'root', prop } };
  }
  const columns = [...columnsOf(form, container)];
  columns.splice(clampIndex(index, columns.length), 0, created);
  return { form: withColumns(form, container, columns), ref: { container, prop } };
}

/** Move a field to `index` of `to` (its own container or another); refused where the nesting rules say so. */
export function move(form: FormOption, ref: NodeRef, to: Container, index?: number): FormOption {
  const column = findColumn(form, ref);
  if (!column) throw new DesignError('form.design.notFound');
  if (to === `dynamic:${ref.prop}`) throw new DesignError('form.design.refusedInTable');
  const reason = refusal(column.type, to);
  if (reason) throw new DesignError(reason);
  const without = remove(form, ref);
  if (to !== ref.container && takenProps(without, to).has(ref.prop))
    throw new DesignError('form.design.propTaken');
  const columns = [...columnsOf(without, to)];
  columns.splice(clampIndex(index, columns.length), 0, column);
  return withColumns(without, to, columns);
}

/** Move a group to `index` among the form's groups. */
export function moveGroup(form: FormOption, prop: string, index: number): FormOption {
  const groups = [...(form.group ?? [])];
  const from = groups.findIndex((g) => g.prop === prop);
  if (from < 0) throw new DesignError('form.design.notFound');
  const [group] = groups.splice(from, 1);
  groups.splice(clampIndex(index, groups.length), 0, group);
  return { ...form, group: groups };
}

export function remove(form: FormOption, ref: NodeRef): FormOption {
  if (ref.container === 'root' && form.group?.some((g) => g.prop === ref.prop)) {
    return { ...form, group: form.group.filter((g) => g.prop !== ref.prop) };
  }
  const columns = columnsOf(form, ref.container);
  if (!columns.some((c) => c.prop === ref.prop)) throw new DesignError('form.design.notFound');
  return withColumns(
    form,
    ref.container,
    columns.filter((c) => c.prop !== ref.prop),
  );
}

/** A copy right after the field, with a new prop (a sub-table's columns keep theirs: they are its own scope). */
export function duplicate(
  form: FormOption,
  ref: NodeRef,
  prop = newProp(),
): { form: FormOption; ref: NodeRef } {
  const group = ref.container === 'root' ? form.group?.find((g) => g.prop === ref.prop) : undefined;
  if (group) {
    const taken = takenProps(form, 'root');
    const copy: Group = {
      ...structuredClone(group),
      prop,
      column: group.column.map((c) => ({ ...structuredClone(c), prop: fresh(taken) })),
    };
    const groups = [...(form.group ?? [])];
    groups.splice(groups.indexOf(group) + 1, 0, copy);
    return { form: { ...form, group: groups }, ref: { container: 'root', prop } };
  }
  const columns = [...columnsOf(form, ref.container)];
  const at = columns.findIndex((c) => c.prop === ref.prop);
  if (at < 0) throw new DesignError('form.design.notFound');
  columns.splice(at + 1, 0, { ...structuredClone(columns[at]), prop });
  return { form: withColumns(form, ref.container, columns), ref: { container: ref.container, prop } };
}

function fresh(taken: Set<string>): string {
  let prop = newProp();
  while (taken.has(prop)) prop = newProp();
  taken.add(prop);
  return prop;
}

// --- properties ---------------------------------------------------------------------------------------------

export function getPath(target: object, path: string): unknown {
  let value: unknown = target;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A copy of `target` with `path` set (undefined deletes it); the objects on the path are copied. */
export function setPath<T extends object>(target: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const copy: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
  } else {
    const inner = copy[head];
    copy[head] = setPath(inner && typeof inner === 'object' ? inner : {}, rest.join('.'), value);
  }
  return copy as T;
}

export const IMAGE_TYPES = 'image/png, image/jpeg, image/jpg';
const WATERMARK = {
  text: '',
  fontFamily: 'microsoft yahei',
  color: '#999',
  fontSize: 16,
  opacity: 100,
  bottom: 10,
  right: 10,
  ratio: 1,
};

/**
 * The designer's transitions (spec §4) after one property changes, and its limits (spec §5) clamped:
 * filterable off turns allowCreate off; allowCreate on turns filterable on; multiple on sets the default to
 * an empty list, off removes it; upload drag on removes the list type; the watermark switch sets accept to
 * images (and its canvas options; off removes them).
 */
export function applyProperty(
  column: Column,
  key: string,
  raw: unknown,
  container: Container = 'root',
): Column {
  const property = propertiesOf({ ...column }, container).find((p) => p.key === key);
  const value = property?.kind === 'number' ? clamp(raw, property.min, property.max) : raw;
  if (key === 'watermark') {
    const on = Boolean(value);
    const next: Column = { ...column };
    delete next.watermark;
    if (on)
      return {
        ...next,
        canvasOption: { ...WATERMARK, ...(column.canvasOption as object) },
        accept: IMAGE_TYPES,
      };
    delete next.canvasOption;
    return next;
  }
  let next = setPath(column, key, value === '' && key !== 'label' ? undefined : value);
  if (key === 'filterable' && !value) next = setPath(next, 'allowCreate', false);
  if (key === 'allowCreate' && value) next = setPath(next, 'filterable', true);
  if (key === 'multiple') next = setPath(next, 'value', value ? [] : undefined);
  if (key === 'drag' && value) next = setPath(next, 'listType', undefined);
  if (
    key === 'maxRows' &&
    typeof next.minRows === 'number' &&
    typeof value === 'number' &&
    value < next.minRows
  ) {
    next = setPath(next, 'maxRows', next.minRows);
  }
  return next;
}

function clamp(raw: unknown, min?: number, max?: number): number | undefined {
  if (raw === '' || raw === null || raw === undefined) return undefined;
  let value = Number(raw);
  if (Number.isNaN(value)) return undefined;
  if (min !== undefined) value = Math.max(min, value);
  if (max !== undefined) value = Math.min(max, value);
  return value;
}

/**
 * Change one property of a field. Changing `prop` keeps it unique (refused otherwise) and answers the new ref;
 * changing `type` gives the field the new widget's defaults under its prop and label.
 */
export function updateProps(
  form: FormOption,
  ref: NodeRef,
  key: string,
  value: unknown,
): { form: FormOption; ref: NodeRef } {
  if (ref.container === 'root' && form.group?.some((g) => g.prop === ref.prop)) {
    return updateGroup(form, ref.prop, key, value);
  }
  const column = findColumn(form, ref);
  if (!column) throw new DesignError('form.design.notFound');
  let next: Column;
  if (key === 'prop') {
    const prop = String(value ?? '').trim();
    if (!prop) throw new DesignError('form.design.propRequired');
    if (prop !== ref.prop && takenProps(form, ref.container).has(prop))
      throw new DesignError('form.design.propTaken');
    next = { ...column, prop };
  } else if (key === 'type') {
    const type = String(value);
    const reason = refusal(type, ref.container);
    if (reason) throw new DesignError(reason);
    if (type === 'group') throw new DesignError('form.design.unknownType');
    next = {
      ...widgetOf(type).create(),
      prop: column.prop,
      label: column.label,
      span: column.span,
    } as Column;
  } else {
    next = applyProperty(column, key, value, ref.container);
  }
  const columns = columnsOf(form, ref.container).map((c) => (c.prop === ref.prop ? next : c));
  return {
    form: withColumns(form, ref.container, columns),
    ref: { container: ref.container, prop: next.prop },
  };
}

function updateGroup(form: FormOption, prop: string, key: string, value: unknown) {
  if (key === 'prop') {
    const next = String(value ?? '').trim();
    if (!next) throw new DesignError('form.design.propRequired');
    if (next !== prop && takenProps(form, 'root').has(next)) throw new DesignError('form.design.propTaken');
  }
  const group = form.group?.map((g) => (g.prop === prop ? setPath(g, key, value) : g));
  const ref: NodeRef = { container: 'root', prop: key === 'prop' ? String(value).trim() : prop };
  return { form: { ...form, group }, ref };
}

/** Form settings (spec §2): labelPosition, labelWidth 80-200 step 10, labelSuffix, gutter 0-60 step 5, ... */
export const SETTING_LIMITS: Record<string, [number, number, number]> = {
  labelWidth: [80, 200, 10],
  gutter: [0, 60, 5],
};

export function updateSettings(form: FormOption, key: string, value: unknown): FormOption {
  const limits = SETTING_LIMITS[key];
  return setPath(form, key, limits ? clamp(value, limits[0], limits[1]) : value);
}

export function clear(form: FormOption): FormOption {
  if (isEmpty(form)) throw new DesignError('form.design.nothingToClear');
  const { group: _g, ...rest } = form;
  return { ...rest, column: [] };
}

export function isEmpty(form: FormOption): boolean {
  return form.column.length === 0 && (form.group?.length ?? 0) === 0;
}
