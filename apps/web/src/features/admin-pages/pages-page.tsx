import { Badge, Text } from '@chakra-ui/react';
import type { TPage } from '@shop/api/schemas';
import { useSuspenseQuery } from '@tanstack/react-query';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { type ListColumn, RowLink } from '../admin/list-page/list-table';
import { LocalListPage } from '../admin/list-page/local-list-page';
import { updatedColumn } from '../admin/list-page/updated-column';
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
  updatedColumn(),
];

/** /admin/other/page: every page (a shop has a handful), searched and sorted in the browser. */
export function PagesPage({ search }: { search: PageListSearch }) {
  const trpc = useTRPC();
  const { data: pages } = useSuspenseQuery(trpc.page.list.queryOptions(undefined, { select: selectItems }));
  return (
    <LocalListPage
      title="Oldalak"
      description="Statikus oldalak: vásárlási feltételek, szállítás, impresszum és a többi."
      create={{ label: 'Új oldal', to: '/admin/other/page/$id' }}
      writes="content:write"
      search={search}
      rows={pages}
      searchBox={{
        label: 'Keresés az oldalak között',
        placeholder: 'Keresés cím vagy URL-név szerint',
        texts: (page) => [page.title, page.slug],
      }}
      defaultSort="title"
      compare={compare}
      emptyText={{ filtered: 'Nincs a keresésnek megfelelő oldal.', none: 'Még nincs oldal.' }}
      table={{ label: 'Oldalak', columns: COLUMNS, rowKey: (page) => page.id, interactive: true }}
    />
  );
}
