import { describe, expect, it } from 'vitest';
import { parseCustomerListSearch } from './customer-list-search';

describe('parseCustomerListSearch', () => {
  it('reads every filter from the URL, numbers and flags included', () => {
    expect(
      parseCustomerListSearch({
        q: 'kovács',
        group: '3',
        newsletter: 'true',
        orders: false,
        sort: 'orderCount',
        desc: true,
        page: 2,
      }),
    ).toEqual({
      q: 'kovács',
      group: 3,
      newsletter: true,
      orders: false,
      sort: 'orderCount',
      desc: true,
      page: 2,
    });
  });

  it('keeps "none" as the customers without a group', () => {
    expect(parseCustomerListSearch({ group: 'none' }).group).toBe('none');
  });

  it('drops what a hand-edited URL gets wrong instead of failing the page', () => {
    expect(
      parseCustomerListSearch({
        q: '  ',
        group: '-1',
        sort: 'password',
        desc: 'nem',
        page: '1',
        newsletter: 'x',
      }),
    ).toEqual({
      q: undefined,
      group: undefined,
      newsletter: undefined,
      orders: undefined,
      sort: undefined,
      desc: undefined,
      page: undefined,
    });
  });
});
