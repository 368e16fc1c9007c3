import { describe, expect, it } from 'vitest';
import { queryClient } from '#src/app/queryClient';
import { deviceDataChanged, deviceKeys, managementKeys } from './deviceAdmin';
import { collectKeys } from './deviceCollect';
import { crudKeys } from './queryKeys';

/** Every source file of src (tests and the generated client aside), by its path from src. */
const SOURCES = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../api/generated/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);
/** The factory itself: the only file that writes a key as an array. */
const FACTORY = 'api/queryKeys.ts';
/** Edited elsewhere while the keys moved (the live notice and monitor channels): converted at merge. */
/** `queryKey: [...]`, `queryKey = [...]` and key constants such as `const MAIL_KEY = [...]`. */
const LITERAL_KEY = /\bqueryKey\s*[:=]\s*\[|\b\w*(?:KEY|Key)\s*=\s*\[/;

describe('query keys', () => {
  it('are built by the factory only: no key array is written anywhere else in src', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    const offending = Object.entries(SOURCES).flatMap(([path, text]) => {
      const file = path.slice('../'.length);
      if (file === FACTORY) return [];
      return text
        .split('\n')
        .flatMap((line, i) => (LITERAL_KEY.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
    });
    expect(offending).toEqual([]);
  });

  it("a write to the device ledger makes its pickers stale, not the collectors' live state", async () => {
    const picker = managementKeys.of('device/page', 'warning');
    const status = collectKeys.of('status');
    const other = deviceKeys.of('datapoint-alarm', '7');
    for (const key of [picker, status, other]) queryClient.setQueryData(key, []);
    await deviceDataChanged();
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect([picker, status, other].map(invalidated)).toEqual([true, false, false]);
    expect(picker.slice(0, 1)).toEqual(deviceKeys.all);
  });

  it('keep a list and its records apart: a list key is not a prefix of a record', () => {
    expect(crudKeys.page('user', undefined, { current: 1 }).slice(0, 2)).toEqual(crudKeys.list('user'));
    expect(crudKeys.detail('user', '5', 't1').slice(0, 3)).toEqual(crudKeys.record('user', '5'));
    expect(crudKeys.record('user', '5')[0]).not.toEqual(crudKeys.list('user')[0]);
  });
});
