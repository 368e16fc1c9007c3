import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';

/**
 * A column of the CRUD model, close to avue's option columns (DESIGN §5) so Saber screens port
 * mechanically: one entry drives the table column, the search field and the form field.
 */
export interface CrudColumn<T> {
  prop: keyof T & string;
  /** i18n key of the label. */
  label: string;
  type?: 'input' | 'textarea' | 'select' | 'datetime' | 'number';
  /** Also a search field above the table. */
  search?: boolean;
  /** Static options for `select`. */
  dicData?: { label: string; value: string }[];
  /** BladeX dictionary code for `select` (e.g. `notice`). */
  dictCode?: string;
  required?: boolean;
  rules?: Rule[];
  /** Form grid span out of 24 (default 12). */
  span?: number;
  /** Not shown in the table. */
  hide?: boolean;
  /** false: not shown in the form. */
  display?: boolean;
  width?: number;
  render?: (row: T) => ReactNode;
}

/** Permission codes of the toolbar and row buttons; a missing code hides its button. */
export interface CrudPermissions {
  add?: string;
  edit?: string;
  view?: string;
  delete?: string;
}

export interface CrudOption<T> {
  /** Query key prefix and test id. */
  name: string;
  columns: CrudColumn<T>[];
  permissions: CrudPermissions;
  /** Width of the add/edit/view dialog. */
  dialogWidth?: number;
}

/** Spec §2/§9: page sizes and the default. */
export const PAGE_SIZES = [10, 30, 50, 100, 200];
export const DEFAULT_PAGE_SIZE = 10;

/** BladeX datetime wire format. */
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
