import { describe, expect, it } from 'vitest';
import { type EventHook, effectsOf, hooksOf, labelIn, matches, valueFor } from './hooks';

/** Event hooks are rules, never code: what each rule does for a value. */
describe('event hooks', () => {
  it('reads only rules from an event property: a function text is never a hook', () => {
    const rule: EventHook = { action: 'show', target: 'b' };
    expect(
      hooksOf({ prop: 'a', change: [rule, { action: 'eval', target: 'b' }, { action: 'hide' }] }, 'change'),
    ).toEqual([rule]);
    expect(hooksOf({ prop: 'a', change: '({value}) => alert(value)' }, 'change')).toEqual([]);
    expect(hooksOf({ prop: 'a' }, 'blur')).toEqual([]);
  });

  it('matches a value, a list by any item, and anything when there is no condition', () => {
    expect(matches('yes', 'yes')).toBe(true);
    expect(matches(1, '1')).toBe(true);
    expect(matches(['a', 'b'], 'b')).toBe(true);
    expect(matches(undefined, 'x')).toBe(false);
    expect(matches(undefined, undefined)).toBe(true);
  });

  it('turns a conditional show/hide/require back when the value stops matching', () => {
    const hooks: EventHook[] = [
      { action: 'show', target: 'reason', equals: 'fault' },
      { action: 'require', target: 'photo', equals: 'fault' },
    ];
    expect(effectsOf(hooks, 'fault')).toEqual([
      { kind: 'display', target: 'reason', shown: true },
      { kind: 'required', target: 'photo', required: true },
    ]);
    expect(effectsOf(hooks, 'ok')).toEqual([
      { kind: 'display', target: 'reason', shown: false },
      { kind: 'required', target: 'photo', required: false },
    ]);
  });

  it('sets and fills only on a match, and never at the start', () => {
    const hooks: EventHook[] = [
      { action: 'set', target: 'level', value: '3', equals: 'fault' },
      { action: 'fill', target: 'name', hookId: '9' },
      { action: 'hide', target: 'note' },
    ];
    expect(effectsOf(hooks, 'fault')).toEqual([
      { kind: 'set', target: 'level', value: '3' },
      { kind: 'fill', target: 'name', hookId: '9', value: 'fault' },
      { kind: 'display', target: 'note', shown: false },
    ]);
    expect(effectsOf(hooks, 'ok')).toEqual([
      { kind: 'fill', target: 'name', hookId: '9', value: 'ok' },
      { kind: 'display', target: 'note', shown: false },
    ]);
    expect(effectsOf(hooks, 'fault', true)).toEqual([{ kind: 'display', target: 'note', shown: false }]);
  });

  it('reads a set value by the target type, and a hook item label by value', () => {
    expect(valueFor({ prop: 'n', type: 'number' }, '4.5')).toBe(4.5);
    expect(valueFor({ prop: 'n', type: 'number' }, 'x')).toBeUndefined();
    expect(valueFor({ prop: 's', type: 'switch' }, 'true')).toBe(true);
    expect(valueFor({ prop: 'c', type: 'checkbox' }, 'a, b')).toEqual(['a', 'b']);
    expect(valueFor({ prop: 't' }, 'text')).toBe('text');
    const items = [
      { label: '早班', value: 'M' },
      { label: '夜班', value: 'N' },
    ];
    expect(labelIn(items, 'N')).toBe('夜班');
    expect(labelIn(items, ['M', 'N'])).toBe('早班, 夜班');
    expect(labelIn(items, 'X')).toBeUndefined();
  });
});
