export { CrudPage } from './CrudPage';
export type { CrudColumn, CrudOption, CrudPermissions } from './types';
