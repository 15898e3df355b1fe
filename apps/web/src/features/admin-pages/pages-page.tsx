import { Badge, Box, Button, Flex, Input, InputGroup, Table, Text } from '@chakra-ui/react';
import type { TPage } from '@shop/api/schemas';
import { formatDateTime } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { LuArrowDown, LuArrowUp, LuPlus, LuSearch } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';
import type { PageListSearch, PageSortKey } from './page-list-search';

type PageRow = Omit<TPage, 'body' | 'descriptions'>;

const COLUMNS: { key: PageSortKey; label: string; hideBelow?: 'md' }[] = [
  { key: 'title', label: 'Cím' },
  { key: 'slug', label: 'URL-név', hideBelow: 'md' },
  { key: 'published', label: 'Állapot' },
  { key: 'updatedAt', label: 'Módosítva', hideBelow: 'md' },
];

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

/** /admin/other/page: every page (a shop has a handful), searched and sorted in the browser. */
export function PagesPage({ search }: { search: PageListSearch }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { data: pages } = useSuspenseQuery(trpc.page.list.queryOptions());
  const sort = search.sort ?? 'title';
  const needle = (search.q ?? '').trim().toLocaleLowerCase('hu');

  const rows = pages
    .filter(
      (page) => !needle || page.title.toLocaleLowerCase('hu').includes(needle) || page.slug.includes(needle),
    )
    .sort((a, b) => compare(a, b, sort) * (search.desc ? -1 : 1));

  const setSearch = (next: PageListSearch) =>
    void navigate({ to: '/admin/other/page', search: next, replace: true });

  return (
    <AdminPage
      title="Oldalak"
      description="Statikus oldalak: vásárlási feltételek, szállítás, impresszum és a többi."
      actions={
        <Button asChild colorPalette="brand">
          <Link to="/admin/other/page/$id" params={{ id: 'new' }}>
            <LuPlus /> Új oldal
          </Link>
        </Button>
      }
    >
      <AdminPanel overflow="hidden">
        <Flex p={{ base: '3', md: '4' }} borderBottomWidth="1px">
          <InputGroup startElement={<LuSearch />} maxW="md">
            <Input
              type="search"
              aria-label="Keresés az oldalak között"
              placeholder="Keresés cím vagy URL-név szerint"
              value={search.q ?? ''}
              onChange={(event) => setSearch({ ...search, q: event.target.value || undefined })}
            />
          </InputGroup>
        </Flex>
        <Table.ScrollArea>
          <Table.Root size="sm" interactive>
            <Table.Header>
              <Table.Row bg="bg.subtle">
                {COLUMNS.map((column) => {
                  const active = sort === column.key;
                  return (
                    <Table.ColumnHeader
                      key={column.key}
                      hideBelow={column.hideBelow}
                      aria-sort={active ? (search.desc ? 'descending' : 'ascending') : 'none'}
                      ps={column.key === 'title' ? { base: '4', md: '6' } : undefined}
                    >
                      <Button
                        variant="plain"
                        size="xs"
                        px="0"
                        fontWeight="semibold"
                        onClick={() =>
                          setSearch({
                            ...search,
                            sort: column.key,
                            desc: active && !search.desc ? true : undefined,
                          })
                        }
                      >
                        {column.label}
                        {active && (search.desc ? <LuArrowDown /> : <LuArrowUp />)}
                      </Button>
                    </Table.ColumnHeader>
                  );
                })}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((page) => (
                <Table.Row key={page.id}>
                  <Table.Cell ps={{ base: '4', md: '6' }} py="3">
                    <Link to="/admin/other/page/$id" params={{ id: String(page.id) }}>
                      <RowTitle>{page.title}</RowTitle>
                    </Link>
                    {page.inFooter && (
                      <Text fontSize="xs" color="fg.muted">
                        Láblécben
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell hideBelow="md" color="fg.muted" fontFamily="mono" fontSize="xs">
                    /page/{page.slug}
                  </Table.Cell>
                  <Table.Cell>
                    {page.published ? (
                      <Badge colorPalette="green">Közzétéve</Badge>
                    ) : (
                      <Badge colorPalette="gray">Vázlat</Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell hideBelow="md" color="fg.muted" whiteSpace="nowrap">
                    {formatDateTime(page.updatedAt)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {rows.length === 0 && (
          <Box p="6" textAlign="center" color="fg.muted">
            {needle ? 'Nincs a keresésnek megfelelő oldal.' : 'Még nincs oldal.'}
          </Box>
        )}
      </AdminPanel>
    </AdminPage>
  );
}
