import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_LOGS, useLogs } from './logs';

describe('error-log store', () => {
  beforeEach(() => useLogs.getState().clear());

  it('records type, url, message, stack, info and time, newest first', () => {
    useLogs.getState().add({ type: 'error', message: 'first', stack: 's1', info: '' });
    useLogs.getState().add({ type: 'ajax', message: 'second', stack: '', info: 'GET /x' });
    const [latest, earlier] = useLogs.getState().logs;
    expect(latest).toMatchObject({
      type: 'ajax',
      message: 'second',
      info: 'GET /x',
      url: window.location.href,
    });
    expect(latest.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(earlier.message).toBe('first');
  });

  it('keeps at most MAX_LOGS entries', () => {
    for (let i = 0; i < MAX_LOGS + 5; i++)
      useLogs.getState().add({ type: 'error', message: `${i}`, stack: '', info: '' });
    expect(useLogs.getState().logs).toHaveLength(MAX_LOGS);
    expect(useLogs.getState().logs[0].message).toBe(`${MAX_LOGS + 4}`);
  });

  it('clears', () => {
    useLogs.getState().add({ type: 'error', message: 'x', stack: '', info: '' });
    useLogs.getState().clear();
    expect(useLogs.getState().logs).toEqual([]);
  });
});
