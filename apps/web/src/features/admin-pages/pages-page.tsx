import { Badge, Text } from '@chakra-ui/react';
import type { TPage } from '@shop/api/schemas';
import { useSuspenseQuery } from '@tanstack/react-query';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { ListPage } from '../admin/list-page/list-page';
import { type ListColumn, RowLink, timeColumn } from '../admin/list-page/list-table';
import { matchesNeedle, searchNeedle, sortedRows, wholeList } from '../admin/list-page/local-list';
import { useListSearch } from '../admin/list-page/use-list-search';
import type { PageListSearch, PageSortKey } from './page-list-search';

type PageRow = Omit<TPage, 'body' | 'descriptions'>;

function compare(a: PageRow, b: PageRow, key: PageSortKey): number {
  switch (key) {
    case 'title':
      return a.title.localeCompare(b.title, 'hu');
    case 'slug':
      return a.slug.localeCompare(b.slug, 'hu');
    case 'published':
      return Number(b.published) - Number(a.published);
    case 'updatedAt':
      return a.updatedAt.localeCompare(b.updatedAt);
  }
}

const COLUMNS: ListColumn<PageRow, PageSortKey>[] = [
  {
    id: 'title',
    header: 'Cím',
    sort: 'title',
    cell: (page) => (
      <>
        <RowLink to="/admin/other/page/$id" id={page.id}>
          {page.title}
        </RowLink>
        {page.inFooter && (
          <Text fontSize="xs" color="fg.muted">
            Láblécben
          </Text>
        )}
      </>
    ),
  },
  {
    id: 'slug',
    header: 'URL-név',
    sort: 'slug',
    hideBelow: 'md',
    cellProps: { color: 'fg.muted', fontFamily: 'mono', fontSize: 'xs' },
    cell: (page) => `/page/${page.slug}`,
  },
  {
    id: 'published',
    header: 'Állapot',
    sort: 'published',
    cell: (page) =>
      page.published ? (
        <Badge colorPalette="green">Közzétéve</Badge>
      ) : (
        <Badge colorPalette="gray">Vázlat</Badge>
      ),
  },
  timeColumn({
    id: 'updatedAt',
    header: 'Módosítva',
    sort: 'updatedAt',
    hideBelow: 'md',
    time: (page) => page.updatedAt,
  }),
];

/** /admin/other/page: every page (a shop has a handful), searched and sorted in the browser. */
export function PagesPage({ search }: { search: PageListSearch }) {
  const trpc = useTRPC();
  const url = useListSearch(search);
  const { data: pages } = useSuspenseQuery(trpc.page.list.queryOptions(undefined, { select: selectItems }));
  const sort = search.sort ?? 'title';
  const needle = searchNeedle(search.q);
  const rows = sortedRows(
    pages.filter((page) => matchesNeedle(needle, page.title, page.slug)),
    (a, b) => compare(a, b, sort),
    search.desc,
  );

  return (
    <ListPage
      title="Oldalak"
      description="Statikus oldalak: vásárlási feltételek, szállítás, impresszum és a többi."
      create={{ label: 'Új oldal', to: '/admin/other/page/$id' }}
      writes="content:write"
      searchBox={{
        label: 'Keresés az oldalak között',
        placeholder: 'Keresés cím vagy URL-név szerint',
        value: search.q,
        onChange: (q) => url.filter({ q }),
      }}
      list={wholeList(rows)}
      emptyText={needle ? 'Nincs a keresésnek megfelelő oldal.' : 'Még nincs oldal.'}
      table={{
        label: 'Oldalak',
        columns: COLUMNS,
        rowKey: (page) => page.id,
        interactive: true,
        sort: {
          sort,
          desc: Boolean(search.desc),
          onSort: (key, desc) => url.set({ ...search, sort: key, desc: desc || undefined }),
        },
      }}
    />
  );
}
