export { CrudPage, type CrudPageProps } from './CrudPage';
export { crudLoader } from './loader';
export { toDicItems, useColumnOptions, valueList } from './options';
export {
  isTableParam,
  parseTableState,
  rangeNames,
  type SortState,
  snakeCase,
  type TableState,
  withoutTableState,
  writeTableState,
} from './tableState';
export type {
  CrudColumn,
  CrudColumnType,
  CrudContext,
  CrudFieldProps,
  CrudHandle,
  CrudMode,
  CrudOption,
  CrudPermissions,
  CrudRowAction,
  CrudToolbarAction,
  DicItem,
} from './types';
export { READ_ONLY } from './types';
export { crudDetailQuery, crudListQuery, invalidateCrud } from './useCrudTable';
export { successMessage } from './values';
