/**
 * The form document: avue's option vocabulary (spec §3 "Form design column"), so forms made with the seed
 * system's designer load as they are and the saved `content` is what a BladeX console reads. The editor keeps
 * no second model: commands transform this object immutably.
 */

export interface DicItem {
  label: string;
  value: string | number;
  desc?: string;
}

/** A field (or a title, or a sub-table) of a form: every key avue knows may appear; unknown keys are kept. */
export interface Column {
  prop: string;
  label?: string;
  type?: string;
  span?: number;
  offset?: number;
  display?: boolean;
  required?: boolean;
  labelWidth?: number;
  width?: number;
  dataType?: 'string' | 'number' | 'array';
  value?: unknown;
  dicData?: DicItem[];
  dicOption?: 'static' | 'remote';
  dicUrl?: string;
  dicMethod?: string;
  hookId?: string;
  children?: { column: Column[]; [key: string]: unknown };
  [key: string]: unknown;
}

export interface Group {
  label?: string;
  icon?: string;
  prop: string;
  arrow?: boolean;
  collapse?: boolean;
  display?: boolean;
  column: Column[];
  [key: string]: unknown;
}

/** Form settings (spec §2): labelPosition, labelWidth 80-200, labelSuffix, gutter 0-60, detail, disabled. */
export interface FormOption {
  column: Column[];
  group?: Group[];
  labelPosition?: 'left' | 'right' | 'top';
  labelWidth?: number;
  labelSuffix?: string;
  gutter?: number;
  detail?: boolean;
  disabled?: boolean;
  submitText?: string;
  emptyText?: string;
  [key: string]: unknown;
}

/** Where a field lives: the form's own columns, a group's, or a sub-table's (`dynamic`) children. */
export type Container = 'root' | `group:${string}` | `dynamic:${string}`;

/** A field: its container and its prop (props are unique within a container's scope). */
export interface NodeRef {
  container: Container;
  prop: string;
}
