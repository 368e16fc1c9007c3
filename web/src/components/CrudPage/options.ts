import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { componentKeys } from '#src/api/queryKeys';
import { useDict } from '../DictSelect';
import type { CrudColumn, DicItem } from './types';

type Raw = Record<string, unknown>;

/** Turns remote items (TreeNode `{title, value|id}`, dictionary `{dictValue, dictKey}`, ...) into DicItems. */
export function toDicItems(raw: unknown, props: CrudColumn<unknown>['props'] = {}): DicItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((item: Raw) => {
    const label = item[props.label ?? ''] ?? item.title ?? item.label ?? item.name ?? item.dictValue;
    const value = item[props.value ?? ''] ?? item.value ?? item.id ?? item.key ?? item.dictKey;
    const children = toDicItems(item.children, props);
    return {
      label: String(label ?? ''),
      value: String(value ?? ''),
      ...(children.length ? { children } : {}),
    };
  });
}

function flatten(items: DicItem[], into: DicItem[] = []): DicItem[] {
  for (const item of items) {
    into.push(item);
    if (item.children) flatten(item.children, into);
  }
  return into;
}

/** Comma strings and arrays both become a list of string values. */
export function valueList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  return String(value).split(',').filter(Boolean);
}

/**
 * The options of a column from `dicData` (labels translated), `dictCode` or `dicQuery`, plus `labelOf`
 * for table cells (comma lists become comma-joined labels; unknown values show as they are).
 */
export function useColumnOptions<T>(column: CrudColumn<T>) {
  const { t } = useTranslation();
  const dict = useDict(column.dictCode);
  const remote = useQuery({
    queryKey: column.dicQuery?.queryKey ?? componentKeys.of('dicQuery', 'none'),
    queryFn: column.dicQuery?.queryFn ?? skipToken,
    staleTime: 60_000,
  });
  let options: DicItem[] = [];
  if (column.dicData) options = translate(column.dicData, t);
  else if (column.dictCode) options = dict.options;
  else if (column.dicQuery) options = toDicItems(remote.data, column.props as CrudColumn<unknown>['props']);
  const flat = flatten(options);
  const labelOf = (value: unknown) =>
    valueList(value)
      .map((v) => flat.find((o) => String(o.value) === v)?.label ?? v)
      .join(', ');
  return { options, labelOf, loading: dict.loading || remote.isLoading };
}

function translate(items: DicItem[], t: (key: string) => string): DicItem[] {
  return items.map((item) => ({
    ...item,
    label: t(item.label),
    ...(item.children ? { children: translate(item.children, t) } : {}),
  }));
}
