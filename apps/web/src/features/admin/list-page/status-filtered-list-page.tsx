import { ListPage, type ListPageProps, type ListSearchBox } from './list-page';
import type { PagedList } from './local-list';
import { StatusFilter } from './status-filter';
import { useListSearch } from './use-list-search';

/** The part of a list's URL state this page reads and writes; the rest (a sort) is kept as it is. */
type SearchAndStatus<TStatus extends string> = { q?: string; status?: TStatus; page?: number };

export type StatusFilteredListPageProps<TRow, TSort extends string, TStatus extends string> = Omit<
  ListPageProps<TRow, TSort>,
  'searchBox' | 'toolbar' | 'list' | 'isPending' | 'error' | 'emptyText' | 'onPageChange'
> & {
  /** The list's URL state: `?q=`, `?status=` and `?page=`. */
  search: SearchAndStatus<TStatus>;
  /** The server's answer for that state (a `useQuery` of the paged list procedure). */
  query: { data: PagedList<TRow> | undefined; isPending: boolean; error: unknown };
  searchBox: Pick<ListSearchBox, 'label' | 'placeholder'>;
  statuses: readonly TStatus[];
  statusLabels: Record<TStatus, string>;
  /** What the empty list says when the search or the status left nothing out, and when it is empty. */
  emptyText: { filtered: string; none: string };
};

/**
 * A server-paged list searched by text and filtered by its rows' status (blog posts, outgoing e-mails),
 * both kept in the URL: a new search or status starts again from the first page, and an empty list
 * says whether the filters or the shop itself have nothing to show.
 */
export function StatusFilteredListPage<TRow, TSort extends string, TStatus extends string>({
  search,
  query,
  searchBox,
  statuses,
  statusLabels,
  emptyText,
  ...listPage
}: StatusFilteredListPageProps<TRow, TSort, TStatus>) {
  const url = useListSearch(search);
  return (
    <ListPage
      {...listPage}
      searchBox={{ ...searchBox, value: search.q, onChange: (q) => url.filter({ q }) }}
      toolbar={
        <StatusFilter
          statuses={statuses}
          labels={statusLabels}
          value={search.status}
          onChange={(status) => url.filter({ status })}
        />
      }
      list={query.data}
      isPending={query.isPending}
      error={query.error}
      emptyText={search.q || search.status ? emptyText.filtered : emptyText.none}
      onPageChange={url.setPage}
    />
  );
}
