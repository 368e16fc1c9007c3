/**
 * The one place query keys are built. Every key starts with its area's name, then the resource, then the
 * arguments: `alarmKeys.of('level/list')` is `['alarm', 'level/list']`. TanStack Query matches
 * `invalidateQueries` / `removeQueries` keys as prefixes, so `alarmKeys.all` reaches every alarm query and
 * a scope (`deviceKeys.scope('management')`) reaches only its own: a write there leaves the rest alone.
 * Each area exports its keys from its api file; `src/api/queryKeys.test.ts` fails on a key array written
 * anywhere else.
 */
export interface KeyScope<P extends readonly string[]> {
  /** The scope's own key, a prefix of every key built from it. */
  readonly all: P;
  /** The key of `resource` with its arguments (objects are fine: TanStack Query hashes them stably). */
  of<const R extends string, const A extends readonly unknown[]>(
    resource: R,
    ...args: A
  ): readonly [...P, R, ...A];
  /** A part of the scope whose keys can be invalidated on their own (they are also under `all`). */
  scope<const S extends string>(name: S): KeyScope<readonly [...P, S]>;
}

function keyScope<const P extends readonly string[]>(all: P): KeyScope<P> {
  return {
    all,
    of: (resource, ...args) => [...all, resource, ...args],
    scope: (name) => keyScope([...all, name] as const),
  };
}

export function areaKeys<const A extends string>(area: A): KeyScope<readonly [A]> {
  return keyScope([area] as const);
}

const crudLists = areaKeys('crud');
// Records sit beside the lists, not under them: invalidating a list (`['crud', name]`) must not reach every
// cached record of it, only the changed ones (`crudKeys.record`).
const crudRecords = areaKeys('crud-detail');

/** CrudPage's lists and records, by the screen's resource name (`CrudPage name`). */
export const crudKeys = {
  /** Every page, filter and sort of a list. */
  list: (name: string) => crudLists.of(name),
  page: (name: string, tenantId: string | undefined, ...query: unknown[]) =>
    crudLists.of(name, tenantId, ...query),
  /** A record, in whichever tenant it was read. */
  record: (name: string, id: string) => crudRecords.of(name, id),
  detail: (name: string, id: string, tenantId: string | undefined) => crudRecords.of(name, id, tenantId),
};

/** Queries of shared components that no area owns (an import job's progress, a column without options). */
export const componentKeys = areaKeys('components');
