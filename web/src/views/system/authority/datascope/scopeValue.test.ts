// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the data-scope variables are literally ${name}.
import { describe, expect, it } from 'vitest';
import { checkScopeValue, joinScopeValue, splitScopeValue } from './scopeValue';

describe('custom data-scope values', () => {
  it('splits and joins comma lists, dropping blanks and duplicates', () => {
    expect(splitScopeValue(' 1, ${userId},,2 ')).toEqual(['1', '${userId}', '2']);
    expect(splitScopeValue(undefined)).toEqual([]);
    expect(splitScopeValue(['a', ' '])).toEqual(['a']);
    expect(joinScopeValue(['1', '1', ' ${deptId} ', ''])).toBe('1,${deptId}');
  });

  it('accepts literals and the five typed variables', () => {
    expect(
      checkScopeValue(['1', 'abc', '${userId}', '${deptId}', '${roleId}', '${tenantId}', '${account}']),
    ).toBeNull();
  });

  it('names unknown variables and quoted or half-typed items', () => {
    expect(checkScopeValue(['1', '${user}'])).toEqual({ kind: 'unknownVariable', item: '${user}' });
    expect(checkScopeValue(['${userId'])).toEqual({ kind: 'unknownVariable', item: '${userId' });
    expect(checkScopeValue(["'1'"])).toEqual({ kind: 'badItem', item: "'1'" });
    expect(checkScopeValue(['a b'])).toEqual({ kind: 'badItem', item: 'a b' });
  });
});
