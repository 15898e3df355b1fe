import { ORDER_STATUSES, PAYMENT_STATES } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import { parseOrderListSearch } from './order-list-search';

describe('order list URL state', () => {
  it('reads statuses, payment state, shipping method, dates, sort and page', () => {
    expect(
      parseOrderListSearch({
        q: 'kovács',
        status: 'received,processing',
        payment: 'succeeded',
        shipping: '3',
        from: '2026-03-01',
        to: '2026-03-31',
        sort: 'total',
        asc: 'true',
        page: '4',
      }),
    ).toEqual({
      q: 'kovács',
      status: ['received', 'processing'],
      payment: 'succeeded',
      shipping: 3,
      from: '2026-03-01',
      to: '2026-03-31',
      sort: 'total',
      asc: true,
      page: 4,
    });
  });

  it('drops what it does not know, so an edited link still opens the list', () => {
    expect(
      parseOrderListSearch({
        status: 'shipped,bogus',
        payment: 'x',
        shipping: '-1',
        from: '2026-13-45',
        page: '1',
      }),
    ).toEqual({
      q: undefined,
      status: ['shipped'],
      payment: undefined,
      shipping: undefined,
      from: undefined,
      to: undefined,
      sort: undefined,
      asc: undefined,
      page: undefined,
    });
  });
});

describe('the statuses and payment states the URL may name', () => {
  it('are every one the API knows, so a status added there can be filtered by here too', () => {
    expect(parseOrderListSearch({ status: ORDER_STATUSES.join(',') }).status).toEqual(ORDER_STATUSES);
    for (const payment of PAYMENT_STATES) expect(parseOrderListSearch({ payment }).payment).toBe(payment);
  });
});
