import { REVIEW_STATUSES } from '@shop/api/schemas/review-labels';
import { describe, expect, it } from 'vitest';
import { parseReviewListSearch } from './review-list-search';

describe('parseReviewListSearch', () => {
  it('keeps a known filter and page, and drops the rest, so a hand-edited URL never breaks the list', () => {
    expect(parseReviewListSearch({ status: 'hidden', page: '3' })).toEqual({ status: 'hidden', page: 3 });
    expect(parseReviewListSearch({ status: 'all' })).toEqual({ status: 'all', page: undefined });
    expect(parseReviewListSearch({ status: 'torolt', page: '-1' })).toEqual({
      status: undefined,
      page: undefined,
    });
  });

  it('leaves the default out of the URL: the moderation queue and the first page', () => {
    expect(parseReviewListSearch({ status: 'pending', page: 1 })).toEqual({
      status: undefined,
      page: undefined,
    });
  });

  it('knows every status the API has besides the default queue', () => {
    for (const status of REVIEW_STATUSES.filter((status) => status !== 'pending')) {
      expect(parseReviewListSearch({ status }).status).toBe(status);
    }
  });
});
