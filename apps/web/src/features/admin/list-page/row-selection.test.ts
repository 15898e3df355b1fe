import { describe, expect, it } from 'vitest';
import { chosenOnPage, pageSelectionState } from './row-selection';

describe('row selection', () => {
  it('acts only on chosen rows that are on the page, in the page’s order', () => {
    expect(chosenOnPage(new Set([7, 3, 99]), [3, 5, 7])).toEqual([3, 7]);
  });

  it('shows the header checkbox checked, empty or in between', () => {
    expect(pageSelectionState([], [1, 2])).toBe(false);
    expect(pageSelectionState([1], [1, 2])).toBe('indeterminate');
    expect(pageSelectionState([1, 2], [1, 2])).toBe(true);
    expect(pageSelectionState([], [])).toBe(false);
  });
});
