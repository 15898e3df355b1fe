import { useState } from 'react';

/** The header checkbox's state: every row of the page chosen, none, or some. */
export type PageSelectionState = boolean | 'indeterminate';

export function pageSelectionState<K>(chosen: readonly K[], pageKeys: readonly K[]): PageSelectionState {
  if (chosen.length === 0) return false;
  return chosen.length === pageKeys.length ? true : 'indeterminate';
}

/**
 * The rows chosen on the page shown, kept in the order the page lists them. A choice is of what the
 * admin sees: rows that left the page (another page, a filter, a refetch without them) are not acted
 * on, so a bulk action never touches a row that is not on the screen.
 */
export function chosenOnPage<K>(picked: ReadonlySet<K>, pageKeys: readonly K[]): K[] {
  return pageKeys.filter((key) => picked.has(key));
}

export type RowSelection<K> = {
  /** The chosen rows' keys on this page, in the page's order. */
  keys: K[];
  isSelected: (key: K) => boolean;
  toggle: (key: K, checked: boolean) => void;
  page: PageSelectionState;
  /** The header checkbox: the whole page, or none of it. */
  togglePage: (checked: boolean) => void;
  clear: () => void;
};

/** Checkbox selection of a list page's rows (the bulk actions of `ListPage` and the lists that wire them). */
export function useRowSelection<K>(pageKeys: readonly K[]): RowSelection<K> {
  const [picked, setPicked] = useState<ReadonlySet<K>>(() => new Set());
  const keys = chosenOnPage(picked, pageKeys);
  return {
    keys,
    isSelected: (key) => picked.has(key) && pageKeys.includes(key),
    toggle: (key, checked) =>
      setPicked((current) => {
        const next = new Set(current);
        if (checked) next.add(key);
        else next.delete(key);
        return next;
      }),
    page: pageSelectionState(keys, pageKeys),
    togglePage: (checked) => setPicked(new Set(checked ? pageKeys : [])),
    clear: () => setPicked(new Set()),
  };
}
