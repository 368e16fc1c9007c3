import { describe, expect, it } from 'vitest';
import { cells } from './ErrorRows';

describe('rejected row cells', () => {
  it('shows a JSON object as label: value pairs, blanks left out', () => {
    expect(cells('{"code":"P-9","name":"Pump","modelCode":"NOPE","remark":null,"line":""}')).toBe(
      'code: P-9; name: Pump; modelCode: NOPE',
    );
  });
  it('shows a JSON list joined and other text as sent', () => {
    expect(cells('["P-9","Pump",null]')).toBe('P-9, Pump');
    expect(cells('not json')).toBe('not json');
    expect(cells(null)).toBe('');
  });
});
