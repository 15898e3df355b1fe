import { Badge, Box, Flex, Image, Text } from '@chakra-ui/react';
import type { TBanner } from '@shop/api/schemas';
import { useSuspenseQuery } from '@tanstack/react-query';
import { LuImage } from 'react-icons/lu';
import { selectItems } from '../../lib/select-items';
import { ListPage } from '../admin/list-page/list-page';
import { type ListColumn, RowLink, timeColumn } from '../admin/list-page/list-table';
import { matchesNeedle, pageOf, searchNeedle, sortedRows } from '../admin/list-page/local-list';
import { useListSearch } from '../admin/list-page/use-list-search';
import {
  BANNER_SCREENS,
  BANNER_STATE_COLORS,
  BANNER_STATE_LABELS,
  type BannerKind,
  type BannerState,
  bannerState,
  useBannerApi,
} from './banner-kind';
import type { BannerListSearch, BannerSortKey } from './banner-list-search';
import { bannerWindowText } from './banner-window';

const PAGE_SIZE = 20;
const STATE_ORDER: BannerState[] = ['active', 'scheduled', 'expired', 'disabled'];

function compare(a: TBanner, b: TBanner, key: BannerSortKey): number {
  switch (key) {
    case 'position':
      return a.position - b.position || a.id - b.id;
    case 'title':
      return a.title.localeCompare(b.title, 'hu');
    case 'state':
      return (
        STATE_ORDER.indexOf(bannerState(a)) - STATE_ORDER.indexOf(bannerState(b)) || a.position - b.position
      );
    case 'updatedAt':
      return a.updatedAt.localeCompare(b.updatedAt);
  }
}

function BannerImage({ banner }: { banner: TBanner }) {
  return (
    <Box w="20" aspectRatio={16 / 6} borderRadius="l1" overflow="hidden" bg="bg.muted">
      {banner.image ? (
        <Image src={banner.image.card} alt="" w="full" h="full" objectFit="cover" />
      ) : (
        <Flex h="full" align="center" justify="center" color="fg.subtle">
          <LuImage aria-hidden="true" />
        </Flex>
      )}
    </Box>
  );
}

function bannerColumns(kind: BannerKind): ListColumn<TBanner, BannerSortKey>[] {
  const { listPath } = BANNER_SCREENS[kind];
  return [
    {
      id: 'image',
      header: 'Kép',
      hideBelow: 'sm',
      headerProps: { w: '24' },
      cellProps: { py: '2' },
      cell: (banner) => <BannerImage banner={banner} />,
    },
    {
      id: 'title',
      header: 'Cím',
      sort: 'title',
      // Without the picture on a phone, the title is the first column and lines up with the toolbar.
      headerProps: { ps: { base: '4', sm: '3' } },
      cellProps: { py: '3', ps: { base: '4', sm: '3' } },
      cell: (banner) => (
        <>
          <RowLink to={`${listPath}/$id`} id={banner.id}>
            {banner.title}
          </RowLink>
          {banner.link && (
            <Text fontSize="xs" color="fg.muted" fontFamily="mono" truncate maxW="xs" hideBelow="md">
              {banner.link}
            </Text>
          )}
        </>
      ),
    },
    {
      id: 'position',
      header: 'Sorrend',
      sort: 'position',
      hideBelow: 'md',
      cell: (banner) => banner.position,
    },
    {
      id: 'state',
      header: 'Állapot',
      sort: 'state',
      cell: (banner) => {
        const state = bannerState(banner);
        const period = bannerWindowText(banner);
        return (
          <>
            <Badge colorPalette={BANNER_STATE_COLORS[state]}>{BANNER_STATE_LABELS[state]}</Badge>
            {period && (
              <Text fontSize="xs" color="fg.muted" mt="1">
                {period}
              </Text>
            )}
          </>
        );
      },
    },
    timeColumn({
      id: 'updatedAt',
      header: 'Módosítva',
      sort: 'updatedAt',
      hideBelow: 'md',
      time: (banner) => banner.updatedAt,
    }),
  ];
}

/** /admin/other/hero and /admin/other/sliders: every item (a shop has a handful), searched, sorted and paged here. */
export function BannersPage({ kind, search }: { kind: BannerKind; search: BannerListSearch }) {
  const api = useBannerApi(kind);
  const screen = BANNER_SCREENS[kind];
  const url = useListSearch(search);
  const { data: banners } = useSuspenseQuery(api.list.queryOptions(undefined, { select: selectItems }));
  const sort = search.sort ?? 'position';
  const needle = searchNeedle(search.q);
  const rows = sortedRows(
    banners.filter((banner) => matchesNeedle(needle, banner.title)),
    (a, b) => compare(a, b, sort),
    search.desc,
  );

  return (
    <ListPage
      title={screen.title}
      description={screen.description}
      create={{ label: screen.newTitle, to: `${screen.listPath}/$id` }}
      writes="content:write"
      searchBox={{
        label: `Keresés: ${screen.title.toLowerCase()}`,
        placeholder: 'Keresés cím szerint',
        value: search.q,
        onChange: (q) => url.filter({ q }),
      }}
      list={pageOf(rows, search.page, PAGE_SIZE)}
      emptyText={needle ? 'Nincs a keresésnek megfelelő elem.' : `Még nincs ${screen.one}.`}
      // A shop's few banners fit on one page, which needs no count under it.
      unit={rows.length > PAGE_SIZE ? screen.unit : undefined}
      onPageChange={url.setPage}
      table={{
        label: screen.title,
        columns: bannerColumns(kind),
        rowKey: (banner) => banner.id,
        interactive: true,
        sort: {
          sort,
          desc: Boolean(search.desc),
          onSort: (key, desc) => url.set({ ...search, sort: key, desc: desc || undefined, page: undefined }),
        },
      }}
    />
  );
}
