import { Badge, Box, Button, Flex, Image, Table, Text } from '@chakra-ui/react';
import type { TBanner } from '@shop/api/schemas';
import { formatDateTime } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { LuImage, LuPlus } from 'react-icons/lu';
import { ListPagination } from '../../components/pagination';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';
import { DebouncedSearch, ListToolbar, SortableHeader } from '../admin/list-controls';
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

/** /admin/other/hero and /admin/other/sliders: every item (a shop has a handful), searched, sorted and paged here. */
export function BannersPage({ kind, search }: { kind: BannerKind; search: BannerListSearch }) {
  const api = useBannerApi(kind);
  const screen = BANNER_SCREENS[kind];
  const navigate = useNavigate();
  const { data: banners } = useSuspenseQuery(api.list.queryOptions());
  const sort = search.sort ?? 'position';
  const needle = (search.q ?? '').trim().toLocaleLowerCase('hu');

  const rows = banners
    .filter((banner) => !needle || banner.title.toLocaleLowerCase('hu').includes(needle))
    .sort((a, b) => compare(a, b, sort) * (search.desc ? -1 : 1));
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(search.page ?? 1, pageCount);
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const setSearch = (next: BannerListSearch) =>
    void navigate({ to: screen.listPath, search: next, replace: true });
  const onSort = (key: BannerSortKey, desc: boolean) =>
    setSearch({ ...search, sort: key, desc: desc || undefined, page: undefined });

  return (
    <AdminPage
      title={screen.title}
      description={screen.description}
      actions={
        <Button asChild colorPalette="brand">
          <Link to={`${screen.listPath}/$id`} params={{ id: 'new' }}>
            <LuPlus /> {screen.newTitle}
          </Link>
        </Button>
      }
    >
      <AdminPanel overflow="hidden">
        <ListToolbar>
          <DebouncedSearch
            value={search.q ?? ''}
            onChange={(q) => setSearch({ ...search, q: q || undefined, page: undefined })}
            label={`Keresés: ${screen.title.toLowerCase()}`}
            placeholder="Keresés cím szerint"
          />
        </ListToolbar>
        <Table.ScrollArea>
          <Table.Root size="sm" interactive>
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader w="24" ps={{ base: '4', md: '6' }} hideBelow="sm">
                  Kép
                </Table.ColumnHeader>
                <SortableHeader
                  column="title"
                  label="Cím"
                  sort={sort}
                  desc={Boolean(search.desc)}
                  onSort={onSort}
                />
                <SortableHeader
                  column="position"
                  label="Sorrend"
                  sort={sort}
                  desc={Boolean(search.desc)}
                  onSort={onSort}
                  hideBelow="md"
                />
                <SortableHeader
                  column="state"
                  label="Állapot"
                  sort={sort}
                  desc={Boolean(search.desc)}
                  onSort={onSort}
                />
                <SortableHeader
                  column="updatedAt"
                  label="Módosítva"
                  sort={sort}
                  desc={Boolean(search.desc)}
                  onSort={onSort}
                  hideBelow="md"
                />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((banner) => {
                const state = bannerState(banner);
                const period = bannerWindowText(banner);
                return (
                  <Table.Row key={banner.id}>
                    <Table.Cell ps={{ base: '4', md: '6' }} py="2" hideBelow="sm">
                      <Box w="20" aspectRatio={16 / 6} borderRadius="l1" overflow="hidden" bg="bg.muted">
                        {banner.image ? (
                          <Image src={banner.image.card} alt="" w="full" h="full" objectFit="cover" />
                        ) : (
                          <Flex h="full" align="center" justify="center" color="fg.subtle">
                            <LuImage aria-hidden="true" />
                          </Flex>
                        )}
                      </Box>
                    </Table.Cell>
                    <Table.Cell py="3" ps={{ base: '4', sm: '3' }}>
                      <Link to={`${screen.listPath}/$id`} params={{ id: String(banner.id) }}>
                        <RowTitle>{banner.title}</RowTitle>
                      </Link>
                      {banner.link && (
                        <Text
                          fontSize="xs"
                          color="fg.muted"
                          fontFamily="mono"
                          truncate
                          maxW="xs"
                          hideBelow="md"
                        >
                          {banner.link}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell hideBelow="md">{banner.position}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={BANNER_STATE_COLORS[state]}>{BANNER_STATE_LABELS[state]}</Badge>
                      {period && (
                        <Text fontSize="xs" color="fg.muted" mt="1">
                          {period}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell hideBelow="md" color="fg.muted" whiteSpace="nowrap">
                      {formatDateTime(banner.updatedAt)}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {shown.length === 0 && (
          <Box p="6" textAlign="center" color="fg.muted">
            {needle ? 'Nincs a keresésnek megfelelő elem.' : `Még nincs ${screen.one}.`}
          </Box>
        )}
        {rows.length > PAGE_SIZE && (
          <ListPagination
            page={page}
            pageSize={PAGE_SIZE}
            total={rows.length}
            unit={screen.unit}
            onPageChange={(next) => setSearch({ ...search, page: next > 1 ? next : undefined })}
          />
        )}
      </AdminPanel>
    </AdminPage>
  );
}
