import { queryOptions, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { fetchDictionary, systemKeys } from '#src/api/system';
import type { DictItem } from '#src/api/types';
import { type Language, useSettings } from '#src/app/stores/settings';

/** A BladeX dictionary by code, cached for the session (shared by useDict and list prefetches). */
export function dictQuery(code: string | undefined) {
  return queryOptions({
    queryKey: systemKeys.of('dict', code),
    queryFn: () => fetchDictionary(code as string),
    enabled: Boolean(code),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** An item's label in the console language: the English label when there is one. */
export function dictLabel(item: DictItem, language: Language): string {
  return language === 'en' && item.dictValueEn ? item.dictValueEn : item.dictValue;
}

/** A BladeX dictionary by code (`dictKey` → its label in the console language). */
export function useDict(code: string | undefined) {
  const query = useQuery(dictQuery(code));
  const language = useSettings((s) => s.language);
  const options = (query.data ?? []).map((d) => ({
    value: String(d.dictKey),
    label: dictLabel(d, language),
  }));
  const labelOf = (key: unknown) => options.find((o) => o.value === String(key))?.label ?? String(key ?? '');
  return { options, labelOf, loading: query.isLoading };
}

export function DictSelect({ code, ...props }: { code: string } & Omit<SelectProps, 'options'>) {
  const { options, loading } = useDict(code);
  return <Select allowClear loading={loading} options={options} {...props} />;
}
