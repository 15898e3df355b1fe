import { ListPage, type ListPageProps, type ListSearchBox } from './list-page';
import { matchesNeedle, searchNeedle, sortedRows, wholeList } from './local-list';
import { useListSearch } from './use-list-search';

/** The part of a list's URL state this page reads and writes: `?q=`, `?sort=` and `?desc=`. */
type SearchAndSort<TSort extends string> = { q?: string; sort?: TSort; desc?: boolean };

export type LocalListPageProps<TRow, TSort extends string> = Omit<
  ListPageProps<TRow, TSort>,
  'searchBox' | 'list' | 'isPending' | 'error' | 'emptyText' | 'unit' | 'onPageChange' | 'table'
> & {
  search: SearchAndSort<TSort>;
  /** Every row of the list, as the server answered it. */
  rows: readonly TRow[];
  /** The search box and the texts of a row it looks in. */
  searchBox: Pick<ListSearchBox, 'label' | 'placeholder'> & {
    texts: (row: TRow) => (string | null | undefined)[];
  };
  /** The order of a list whose URL names none. */
  defaultSort: TSort;
  /** Rows in ascending order of the sort key; a header click may reverse it. */
  compare: (a: TRow, b: TRow, sort: TSort) => number;
  /** What the empty list says when the search left nothing, and when there is nothing at all. */
  emptyText: { filtered: string; none: string };
  table: Omit<ListPageProps<TRow, TSort>['table'], 'sort'>;
};

/**
 * A list short enough to load whole (a shop's few pages or catalogues), searched and sorted in the
 * browser, on one page; the search and the sort stay in the URL like any list's.
 */
export function LocalListPage<TRow, TSort extends string>({
  search,
  rows,
  searchBox: { texts, ...searchBox },
  defaultSort,
  compare,
  emptyText,
  table,
  ...listPage
}: LocalListPageProps<TRow, TSort>) {
  const url = useListSearch(search);
  const sort = search.sort ?? defaultSort;
  const needle = searchNeedle(search.q);
  const shown = sortedRows(
    rows.filter((row) => matchesNeedle(needle, ...texts(row))),
    (a, b) => compare(a, b, sort),
    search.desc,
  );
  return (
    <ListPage
      {...listPage}
      searchBox={{ ...searchBox, value: search.q, onChange: (q) => url.filter({ q }) }}
      list={wholeList(shown)}
      emptyText={needle ? emptyText.filtered : emptyText.none}
      table={{
        ...table,
        sort: {
          sort,
          desc: Boolean(search.desc),
          onSort: (key, desc) => url.set({ ...search, sort: key, desc: desc || undefined }),
        },
      }}
    />
  );
}
