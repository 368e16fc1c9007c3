import { acting, crudApi } from './crud';
import { download } from './download';
import {
  type CodeColumnOutput,
  type CodeRead,
  type ConnectionInfo,
  type DataSourceRead,
  type DataSourceWrite,
  type GeneratedFile,
  getBladeDevelopCodeColumns,
  getBladeDevelopCodeDetail,
  getBladeDevelopCodeList,
  getBladeDevelopCodePreview,
  getBladeDevelopDatasourceColumns,
  getBladeDevelopDatasourceDetail,
  getBladeDevelopDatasourceList,
  getBladeDevelopDatasourceSelect,
  getBladeDevelopDatasourceTables,
  postBladeDevelopCodeCopy,
  postBladeDevelopCodeRemove,
  postBladeDevelopCodeSubmit,
  postBladeDevelopDatasourceQuery,
  postBladeDevelopDatasourceRemove,
  postBladeDevelopDatasourceSubmit,
  postBladeDevelopDatasourceTest,
  type QueryResult,
  type SourceColumn,
} from './generated/client';
import { areaKeys } from './queryKeys';

/** A data source row; `password` is only ever written (the server answers `passwordSet`). */
export type DataSource = DataSourceRead & { password?: string };
export type CodeConfig = CodeRead;
export type CodeColumn = CodeColumnOutput;
export type { ConnectionInfo, GeneratedFile, QueryResult, SourceColumn };

/** Spec §9: the code generation system value; it generates PlantDesk's own stack. */
export const CODE_SYSTEM = 'saber';
export const DB_TYPES = ['platform', 'postgresql', 'mysql'] as const;

export const toolKeys = areaKeys('tool');
const sources = toolKeys.scope('datasource');
export const datasourceKeys = {
  all: sources.all,
  select: sources.of('select'),
  tables: (id: string) => sources.of('tables', id),
  columns: (id: string, table: string) => sources.of('columns', id, table),
  rows: (id: string, table: string) => sources.of('rows', id, table),
};
export const codeKeys = { preview: (id: string) => toolKeys.of('code', 'preview', id) };

/** Ids are 64-bit strings on the wire; the schema types some query ids as numbers. */
const wireId = (id: string) => id as unknown as number;

/** The data sources of the acting tenant (/tool/datasource and /visual/datasource alike). */
export const datasourceApi = crudApi<DataSource>({
  list: getBladeDevelopDatasourceList,
  detail: getBladeDevelopDatasourceDetail,
  submit: postBladeDevelopDatasourceSubmit,
  remove: postBladeDevelopDatasourceRemove,
});

export const datasourceSelectQuery = {
  queryKey: datasourceKeys.select,
  queryFn: async () => (await getBladeDevelopDatasourceSelect()).data ?? [],
};

/** Connects with a (possibly unsaved) form's values; a blank password means the saved one. */
export async function testConnection(body: DataSourceWrite): Promise<{ info: ConnectionInfo; msg: string }> {
  const answer = await postBladeDevelopDatasourceTest(body);
  return { info: answer.data as ConnectionInfo, msg: answer.msg };
}

export async function fetchTables(id: string): Promise<string[]> {
  return (await getBladeDevelopDatasourceTables({ id: wireId(id) })).data ?? [];
}

export async function fetchColumns(id: string, tableName: string): Promise<SourceColumn[]> {
  return (await getBladeDevelopDatasourceColumns({ id: wireId(id), tableName })).data ?? [];
}

/** The first rows of a table (no conditions), as the table browser shows them. */
export async function fetchRows(id: string, tableName: string, limit = 20): Promise<QueryResult> {
  const answer = await postBladeDevelopDatasourceQuery({ id, tableName, columns: [], conditions: [], limit });
  return answer.data ?? { columns: [], rows: [] };
}

export const codeApi = crudApi<CodeConfig>(
  {
    list: getBladeDevelopCodeList,
    detail: getBladeDevelopCodeDetail,
    submit: postBladeDevelopCodeSubmit,
    remove: postBladeDevelopCodeRemove,
  },
  {},
);

export async function copyCode(id: string): Promise<string | undefined> {
  return (await postBladeDevelopCodeCopy(acting(undefined, { id }))).msg;
}

export async function fetchPreview(id: string): Promise<GeneratedFile[]> {
  return (await getBladeDevelopCodePreview({ id: wireId(id) })).data ?? [];
}

/** The column model a table of a data source suggests. */
export async function suggestColumns(datasourceId: string, tableName: string): Promise<CodeColumn[]> {
  return (await getBladeDevelopCodeColumns({ datasourceId: wireId(datasourceId), tableName })).data ?? [];
}

/** gen-code: the zip of the generated areas. */
export function downloadCode(ids: string[]): Promise<boolean> {
  return download('/blade-develop/code/gen-code', {
    method: 'post',
    params: { ids: ids.join(','), system: CODE_SYSTEM },
    filename: 'plantdesk-code.zip',
  });
}
