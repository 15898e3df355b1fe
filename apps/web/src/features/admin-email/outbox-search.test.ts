import { describe, expect, it } from 'vitest';
import { parseOutboxSearch } from './outbox-search';

describe('parseOutboxSearch', () => {
  it('accepts the three statuses, a search text and a page', () => {
    expect(parseOutboxSearch({ status: 'failed', q: 'anna', page: '3' })).toEqual({
      status: 'failed',
      q: 'anna',
      page: 3,
    });
  });

  it('ignores an unknown status and the first page', () => {
    expect(parseOutboxSearch({ status: 'deleted', page: 1 })).toEqual({
      status: undefined,
      q: undefined,
      page: undefined,
    });
  });
});
