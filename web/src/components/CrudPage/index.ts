export { CrudPage, type CrudPageProps } from './CrudPage';
export { crudLoader } from './loader';
export { toDicItems, useColumnOptions, valueList } from './options';
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
export { successMessage } from './values';
