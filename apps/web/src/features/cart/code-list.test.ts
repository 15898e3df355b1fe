import { describe, expect, it } from 'vitest';
import { parseCodeList } from './code-list';
import { MAX_LINE_QUANTITY } from './guest-cart';

describe('parseCodeList', () => {
  it('reads codes one a line or separated by commas, one piece each by default', () => {
    expect(parseCodeList('BG-1001\nBG-1002, BG-1003\n\n  ,BG-1004  ').entries).toEqual([
      { code: 'BG-1001', quantity: 1 },
      { code: 'BG-1002', quantity: 1 },
      { code: 'BG-1003', quantity: 1 },
      { code: 'BG-1004', quantity: 1 },
    ]);
  });

  it('takes a quantity after a semicolon', () => {
    expect(parseCodeList('BG-1001;3\nBG-1002 ; 12').entries).toEqual([
      { code: 'BG-1001', quantity: 3 },
      { code: 'BG-1002', quantity: 12 },
    ]);
  });

  it('sums a code given twice, whatever its letter case, under its first spelling', () => {
    expect(parseCodeList('bg-1001;2, BG-1001;3').entries).toEqual([{ code: 'bg-1001', quantity: 5 }]);
  });

  it('returns parts with an unusable quantity as typed, and keeps the rest', () => {
    expect(parseCodeList('BG-1001;0\nBG-1002;abc\nBG-1003;1.5\n;4\nBG-1004;2;1\nBG-1005')).toEqual({
      entries: [{ code: 'BG-1005', quantity: 1 }],
      invalid: ['BG-1001;0', 'BG-1002;abc', 'BG-1003;1.5', ';4', 'BG-1004;2;1'],
    });
  });

  it('stops a quantity at the most one cart line holds', () => {
    expect(parseCodeList(`BG-1001;${MAX_LINE_QUANTITY}, BG-1001;5`).entries).toEqual([
      { code: 'BG-1001', quantity: MAX_LINE_QUANTITY },
    ]);
  });
});
