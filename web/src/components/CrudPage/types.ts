import type { FormInstance, Rule } from 'antd/es/form';
import type { ComponentType, ReactNode } from 'react';
import type { CrudApi } from '#src/api/crud';
import type { Query } from '#src/api/types';

/** Which dialog is open. */
export type CrudMode = 'add' | 'edit' | 'view';

export type CrudColumnType =
  | 'input'
  | 'textarea'
  | 'password'
  | 'number'
  | 'select'
  | 'multi-select'
  | 'radio'
  | 'switch'
  | 'tree-select'
  | 'datetime'
  | 'upload-image';

/** An option of a select / radio / tree-select; `label` may be an i18n key (it goes through `t`). */
export interface DicItem {
  label: string;
  value: string | number;
  disabled?: boolean;
  children?: DicItem[];
}

/** React Query options of a remote option source; the key names the endpoint and its arguments. */
export interface DicQuery {
  queryKey: readonly unknown[];
  queryFn: () => Promise<unknown>;
}

/** Props a custom form control (`formComponent`) receives from its Form.Item. */
export interface CrudFieldProps<T = Record<string, unknown>> {
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** The Form.Item's field id: put it on the focusable control so its label points at it. */
  id?: string;
  mode: CrudMode;
  /** The dialog's form: read other fields with `Form.useWatch(name, form)`. */
  form: FormInstance;
  column: CrudColumn<T>;
}

/**
 * A column of the CRUD model, close to avue's option columns (DESIGN §5) so Saber screens port
 * mechanically: one entry drives the table column, the search field and the form field.
 * Reference with examples: web/README.md "CrudPage".
 */
export interface CrudColumn<T> {
  prop: keyof T & string;
  /** i18n key of the label. */
  label: string;
  type?: CrudColumnType;
  /** Also a search field above the table. */
  search?: boolean;
  /**
   * The search field is a date-time range sending `<prop>_datege` / `<prop>_datele` (BladeX range
   * filters; the list must declare the column as a range on the server, e.g. `createTime`).
   */
  searchRange?: boolean;
  /**
   * The search field's operator: the value is sent as `<prop>_<searchOp>` (BladeX suffixes `equal`,
   * `notequal`, `likeleft`, `likeright`, `ge`, `le`, ...) instead of the list's default for a bare name.
   */
  searchOp?: string;
  /** The header sorts the list on the server (one column at a time; `ascs`/`descs`). */
  sortable?: boolean;
  /** The server's sort key of a `sortable` column (default: `prop` in snake_case, `createTime` → `create_time`). */
  sortBy?: string;
  /** Static options (select, multi-select, radio, tree-select, switch labels). */
  dicData?: DicItem[];
  /** BladeX dictionary code (`/blade-system/dict/dictionary?code=`), e.g. `notice`. */
  dictCode?: string;
  /** Remote options: a query of the api layer (e.g. `tenantSelectQuery`) answering a list or a forest. */
  dicQuery?: DicQuery;
  /** Field names of remote/static items (default label `title`|`label`, value `id`|`value`). */
  props?: { label?: string; value?: string };
  /** select / tree-select: several values. */
  multiple?: boolean;
  /** 'string': an array value travels comma-joined on the wire (avue `dataType: 'string'`). */
  dataType?: 'string';
  /** switch: wire values of on and off (default 1 and 0). */
  activeValue?: string | number;
  inactiveValue?: string | number;
  /** Adds the "please enter/select <label>" rule. */
  required?: boolean;
  /** antd rules; functions of the form (`({getFieldValue}) => ({validator})`) work too. */
  rules?: Rule[];
  /** Default value in the add dialog. */
  value?: unknown;
  /** Form grid span out of 24 (default 12). */
  span?: number;
  /** Not shown in the table. */
  hide?: boolean;
  /** false: not shown in any dialog. */
  display?: boolean;
  /** false: not shown in that dialog (avue addDisplay / editDisplay / viewDisplay). */
  addDisplay?: boolean;
  editDisplay?: boolean;
  viewDisplay?: boolean;
  /** Read-only in the edit dialog (e.g. a key that cannot change once created). */
  editDisabled?: boolean;
  addDisabled?: boolean;
  /** Help text under the form field (i18n key). */
  tip?: string;
  width?: number;
  /** Table cell cut to one line with an ellipsis (avue overHidden); textarea columns always are. */
  overHidden?: boolean;
  /** Table cell. */
  render?: (row: T) => ReactNode;
  /** Custom form control; replaces the one `type` picks. */
  formComponent?: ComponentType<CrudFieldProps<T>>;
}

/** Permission codes of the built-in buttons; a missing code hides its button. */
export interface CrudPermissions {
  add?: string;
  edit?: string;
  view?: string;
  delete?: string;
}

/** What toolbar and row actions can do to the page. */
export interface CrudContext<T> {
  /** Reload the list (keeps paging and filters, clears the selection). */
  refresh(): Promise<void>;
  /** Open the add / edit / view dialog. */
  open(mode: CrudMode, row?: T): void;
  /** The selected rows of the current page. */
  selected: T[];
}

/** An extra toolbar button, shown only when the user holds `code`. */
export interface CrudToolbarAction<T> {
  key: string;
  code?: string;
  /** i18n key. */
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  primary?: boolean;
  /** Needs a selection: without one it warns 请选择至少一条数据 and does not call onClick. */
  batch?: boolean;
  onClick(rows: T[], ctx: CrudContext<T>): void | Promise<void>;
}

/** An extra row button, shown only when the user holds `code` (and `show(row)` allows it). */
export interface CrudRowAction<T> {
  key: string;
  code?: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  show?: (row: T) => boolean;
  onClick(row: T, ctx: CrudContext<T>): void | Promise<void>;
}

/** A list that only shows rows (logs, task lists, histories): no built-in buttons and no selection. */
export const READ_ONLY = {
  addBtn: false,
  editBtn: false,
  viewBtn: false,
  delBtn: false,
  selection: false,
} as const satisfies Partial<CrudOption<unknown>>;

export interface CrudOption<T> {
  /** Query key prefix and `data-crud` test id. */
  name: string;
  columns: CrudColumn<T>[];
  permissions: CrudPermissions;
  /** Width of the add/edit/view dialog. */
  dialogWidth?: number;
  /** false hides a built-in button whatever the permission (the tenant package screen: `viewBtn: false`). */
  addBtn?: boolean;
  editBtn?: boolean;
  viewBtn?: boolean;
  delBtn?: boolean;
  /** false: no check boxes and no batch delete. */
  selection?: boolean;
  /** Rows carry `children` and expand; a list answered as an array is shown unpaged. */
  tree?: boolean;
  /** Tree: children of a row with `hasChildren` and no `children`, loaded on first expand. */
  lazy?: (row: T) => Promise<T[]>;
  /** Row key field (default `id`). */
  rowKey?: keyof T & string;
  toolbar?: CrudToolbarAction<T>[];
  rowActions?: CrudRowAction<T>[];
  /** Width of the action column (default fits the buttons). */
  actionWidth?: number;
  /**
   * Table state (page, size, filters, sort) in the page URL: a shared link opens the same page, back and
   * forward walk the changes. One CrudPage per screen may set it (not one inside a dialog).
   */
  urlState?: boolean;
  /**
   * Other CrudPages' `name`s whose lists show this screen's data: after a submit or remove here they
   * refetch too (this list and the changed record's detail always do).
   */
  invalidates?: string[];
  /**
   * Before a dialog opens: the values the form shows. Default: `api.detail(id)` for edit and view,
   * the columns' `value`s for add. Return undefined to keep the default.
   */
  beforeOpen?: (
    mode: CrudMode,
    row: T | undefined,
    api: CrudApi<T>,
  ) => Promise<Partial<T> | undefined> | Partial<T> | undefined;
  /** Before submit: the wire body (after datetime / dataType conversion); may reshape it. */
  beforeSubmit?: (
    values: Record<string, unknown>,
    mode: CrudMode,
    row: T | undefined,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
}

/** The handle a screen gets through `ref`. */
export interface CrudHandle {
  refresh(): Promise<void>;
  /** Run a search as if the search bar had been submitted. */
  search(values: Query): void;
}

/** Spec §2/§9: page sizes and the default. */
export const PAGE_SIZES = [10, 30, 50, 100, 200];
export const DEFAULT_PAGE_SIZE = 10;

/** BladeX datetime wire format. */
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
