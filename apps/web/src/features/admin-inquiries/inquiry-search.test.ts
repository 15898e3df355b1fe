import { describe, expect, it } from 'vitest';
import { parseInquiryListSearch } from './inquiry-search';

describe('parseInquiryListSearch', () => {
  it('keeps known filters and drops the rest, so a hand-edited URL never breaks the list', () => {
    expect(
      parseInquiryListSearch({ q: 'anna', status: 'answered', sort: 'name', asc: 'true', page: '3' }),
    ).toEqual({
      q: 'anna',
      status: 'answered',
      sort: 'name',
      asc: true,
      page: 3,
    });
    expect(parseInquiryListSearch({ q: ' ', status: 'torolt', sort: 'id', asc: 'no', page: '-1' })).toEqual({
      q: undefined,
      status: undefined,
      sort: undefined,
      asc: undefined,
      page: undefined,
    });
  });
});
