import { Box, Button, Flex, Image, Input, InputGroup, Table, Text } from '@chakra-ui/react';
import type { TCatalogue } from '@shop/api/schemas';
import { formatDateTime } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { LuBookOpen, LuPlus, LuSearch } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';
import { ListToolbar, SortableHeader } from '../admin/list-controls';
import { catalogueValidityText } from '../catalogues/catalogue-validity';
import type { CatalogueListSearch, CatalogueSortKey } from './catalogue-list-search';
import { CatalogueStatusBadge, catalogueStatus } from './catalogue-status';

const COLUMNS: { key: CatalogueSortKey; label: string; hideBelow?: 'md' }[] = [
  { key: 'title', label: 'Cím' },
  { key: 'validTo', label: 'Érvényesség', hideBelow: 'md' },
  { key: 'status', label: 'Állapot' },
  { key: 'position', label: 'Sorrend', hideBelow: 'md' },
  { key: 'updatedAt', label: 'Módosítva', hideBelow: 'md' },
];

/** An open end sorts after every date. */
const endOf = (catalogue: TCatalogue) => catalogue.validTo ?? '9999';

function compare(a: TCatalogue, b: TCatalogue, key: CatalogueSortKey): number {
  switch (key) {
    case 'title':
      return a.title.localeCompare(b.title, 'hu');
    case 'status':
      return catalogueStatus(a).rank - catalogueStatus(b).rank;
    case 'validTo':
      return endOf(a).localeCompare(endOf(b));
    case 'position':
      return a.position - b.position || a.id - b.id;
    case 'updatedAt':
      return a.updatedAt.localeCompare(b.updatedAt);
  }
}

/** /admin/other/catalogue: every PDF catalogue (a shop has a handful), searched and sorted in the browser. */
export function CataloguesPage({ search }: { search: CatalogueListSearch }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { data: catalogues } = useSuspenseQuery(trpc.catalogue.list.queryOptions());
  const sort = search.sort ?? 'position';
  const needle = (search.q ?? '').trim().toLocaleLowerCase('hu');

  const rows = catalogues
    .filter((catalogue) => !needle || catalogue.title.toLocaleLowerCase('hu').includes(needle))
    .sort((a, b) => compare(a, b, sort) * (search.desc ? -1 : 1));

  const setSearch = (next: CatalogueListSearch) =>
    void navigate({ to: '/admin/other/catalogue', search: next, replace: true });

  return (
    <AdminPage
      title="Katalógusok"
      description="PDF-katalógusok a /page/katalogusok oldalra: a vásárlók a bekapcsolt, érvényes katalógusokat látják."
      actions={
        <Button asChild colorPalette="brand">
          <Link to="/admin/other/catalogue/$id" params={{ id: 'new' }}>
            <LuPlus /> Új katalógus
          </Link>
        </Button>
      }
    >
      <AdminPanel overflow="hidden">
        <ListToolbar>
          <InputGroup startElement={<LuSearch />} maxW="md">
            <Input
              type="search"
              aria-label="Keresés a katalógusok között"
              placeholder="Keresés cím szerint"
              value={search.q ?? ''}
              onChange={(event) => setSearch({ ...search, q: event.target.value || undefined })}
            />
          </InputGroup>
        </ListToolbar>
        <Table.ScrollArea>
          <Table.Root size="sm" interactive>
            <Table.Header>
              <Table.Row bg="bg.subtle">
                {COLUMNS.map((column) => (
                  <SortableHeader
                    key={column.key}
                    column={column.key}
                    label={column.label}
                    sort={sort}
                    desc={Boolean(search.desc)}
                    onSort={(key, desc) => setSearch({ ...search, sort: key, desc: desc || undefined })}
                    hideBelow={column.hideBelow}
                    ps={column.key === 'title' ? { base: '4', md: '6' } : undefined}
                  />
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((catalogue) => (
                <Table.Row key={catalogue.id}>
                  <Table.Cell ps={{ base: '4', md: '6' }} py="3">
                    <Flex gap="3" align="center">
                      <Box
                        w="10"
                        flexShrink={0}
                        aspectRatio={1 / Math.SQRT2}
                        borderRadius="l1"
                        overflow="hidden"
                        bg="bg.subtle"
                        borderWidth="1px"
                        display="flex"
                        alignItems="center"
                        justifyContent="center"
                        color="fg.muted"
                      >
                        {catalogue.cover ? (
                          <Image src={catalogue.cover.thumb} alt="" w="full" h="full" objectFit="cover" />
                        ) : (
                          <LuBookOpen aria-hidden="true" />
                        )}
                      </Box>
                      <Box minW="0">
                        <Link to="/admin/other/catalogue/$id" params={{ id: String(catalogue.id) }}>
                          <RowTitle>{catalogue.title}</RowTitle>
                        </Link>
                        <Text fontSize="xs" color="fg.muted" hideBelow="md">
                          {catalogue.file
                            ? `${catalogue.file.name}${catalogue.pageCount ? ` · ${catalogue.pageCount} oldal` : ''}`
                            : 'Nincs PDF'}
                        </Text>
                      </Box>
                    </Flex>
                  </Table.Cell>
                  <Table.Cell hideBelow="md" color="fg.muted" fontSize="sm">
                    {catalogueValidityText(catalogue)}
                  </Table.Cell>
                  <Table.Cell>
                    <CatalogueStatusBadge catalogue={catalogue} />
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{catalogue.position}</Table.Cell>
                  <Table.Cell hideBelow="md" color="fg.muted" whiteSpace="nowrap">
                    {formatDateTime(catalogue.updatedAt)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {rows.length === 0 && (
          <Box p="6" textAlign="center" color="fg.muted">
            {needle ? 'Nincs a keresésnek megfelelő katalógus.' : 'Még nincs katalógus.'}
          </Box>
        )}
      </AdminPanel>
    </AdminPage>
  );
}
