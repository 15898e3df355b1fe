import { useNavigate } from '@tanstack/react-router';

/**
 * A list's state lives in its URL (CONTRIBUTING.md, "The web app"): this changes it in place of the
 * current entry, so the back button leaves the list instead of stepping through every keystroke.
 */
export function useListSearch<TSearch extends object>(search: TSearch) {
  const navigate = useNavigate();
  // Every admin list is its own route, so '.' is the list itself whichever it is.
  const set = (next: TSearch) => void navigate({ to: '.', search: next as never, replace: true });
  return {
    set,
    /** A search or filter change starts again from the first page. */
    filter: (next: Partial<TSearch>) => set({ ...search, ...next, page: undefined } as TSearch),
    setPage: (page: number) => set({ ...search, page: page > 1 ? page : undefined } as TSearch),
  };
}
