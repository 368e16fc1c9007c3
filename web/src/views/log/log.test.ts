import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { logExport } from '#src/api/logAdmin';
import '#src/i18n';
import { filterOf, rangeFilter } from './FilterBar';
import { LOG_COLUMNS, pretty } from './LogScreen';

describe('logs', () => {
  it('indents JSON and keeps other text', () => {
    expect(pretty('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(pretty('plain')).toBe('plain');
    expect(pretty(undefined)).toBe('');
  });
  it('turns the range into logStartTime / logEndTime', () => {
    const start = dayjs('2026-01-02 03:04:05');
    expect(rangeFilter([start, null])).toEqual({ logStartTime: '2026-01-02 03:04:05' });
    expect(rangeFilter([null, start])).toEqual({ logEndTime: '2026-01-02 03:04:05' });
    expect(rangeFilter(null)).toEqual({});
  });
  it("turns any log screen's form into its query: trimmed, ranged, without empties", () => {
    const start = dayjs('2026-01-02 03:04:05');
    expect(filterOf({ serviceId: ' s ', serverHost: '', level: undefined, range: [start, null] })).toEqual({
      serviceId: 's',
      logStartTime: '2026-01-02 03:04:05',
    });
  });
  it('exports the usual log by body and the others by query', () => {
    expect(logExport('usual', { serviceId: 's' }, '通用日志')).toEqual({
      url: `/blade-log/usual/export/${encodeURIComponent('通用日志')}`,
      method: 'post',
      body: { serviceId: 's' },
    });
    expect(logExport('error', { serverHost: 'h' }, 'x')).toEqual({
      url: '/blade-log/error/export/x',
      method: 'get',
      params: { serverHost: 'h' },
    });
  });
  it('shows service id, server host and time in every list', () => {
    for (const columns of Object.values(LOG_COLUMNS)) {
      const props = columns.map((c) => c.prop);
      expect(props).toEqual(expect.arrayContaining(['serviceId', 'serverHost', 'createTime']));
    }
  });
});
