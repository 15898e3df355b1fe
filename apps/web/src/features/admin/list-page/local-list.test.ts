import { describe, expect, it } from 'vitest';
import { matchesNeedle, pageOf, searchNeedle, sortedRows, wholeList } from './local-list';

const rows = Array.from({ length: 45 }, (_, index) => index + 1);

describe('pageOf', () => {
  it('cuts the asked page and counts every row', () => {
    expect(pageOf(rows, 2, 20)).toEqual({ items: rows.slice(20, 40), page: 2, pageSize: 20, total: 45 });
  });

  it('shows the last page for a page past the end, left in the URL after rows went away', () => {
    expect(pageOf(rows, 9, 20)).toMatchObject({ items: rows.slice(40), page: 3 });
    expect(pageOf([], 4, 20)).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
  });
});

describe('wholeList', () => {
  it('is one page whatever the length, an empty list too', () => {
    expect(wholeList([1, 2, 3])).toEqual({ items: [1, 2, 3], page: 1, pageSize: 3, total: 3 });
    expect(wholeList([])).toEqual({ items: [], page: 1, pageSize: 1, total: 0 });
  });
});

describe('searching and sorting in the browser', () => {
  it('matches any of the texts, case folded as Hungarian, and everything for an empty search', () => {
    const needle = searchNeedle('  ÁSZF ');
    expect(matchesNeedle(needle, 'Általános szerződési feltételek', 'aszf')).toBe(false);
    expect(matchesNeedle(needle, 'Az ászf röviden', null)).toBe(true);
    expect(matchesNeedle(searchNeedle(undefined), 'bármi')).toBe(true);
  });

  it('reverses the order for desc and leaves the query data untouched', () => {
    const data = [2, 3, 1];
    expect(sortedRows(data, (a, b) => a - b, true)).toEqual([3, 2, 1]);
    expect(data).toEqual([2, 3, 1]);
  });
});
