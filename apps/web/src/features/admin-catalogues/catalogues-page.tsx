import { Box, Flex, Image, Text } from '@chakra-ui/react';
import type { TCatalogue } from '@shop/api/schemas';
import { useSuspenseQuery } from '@tanstack/react-query';
import { LuBookOpen } from 'react-icons/lu';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { type ListColumn, RowLink } from '../admin/list-page/list-table';
import { LocalListPage } from '../admin/list-page/local-list-page';
import { updatedColumn } from '../admin/list-page/updated-column';
import { catalogueValidityText } from '../catalogues/catalogue-validity';
import type { CatalogueListSearch, CatalogueSortKey } from './catalogue-list-search';
import { CatalogueStatusBadge, catalogueStatus } from './catalogue-status';

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

function Cover({ catalogue }: { catalogue: TCatalogue }) {
  return (
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
  );
}

const COLUMNS: ListColumn<TCatalogue, CatalogueSortKey>[] = [
  {
    id: 'title',
    header: 'Cím',
    sort: 'title',
    cell: (catalogue) => (
      <Flex gap="3" align="center">
        <Cover catalogue={catalogue} />
        <Box minW="0">
          <RowLink to="/admin/other/catalogue/$id" id={catalogue.id}>
            {catalogue.title}
          </RowLink>
          <Text fontSize="xs" color="fg.muted" hideBelow="md">
            {catalogue.file
              ? `${catalogue.file.name}${catalogue.pageCount ? ` · ${catalogue.pageCount} oldal` : ''}`
              : 'Nincs PDF'}
          </Text>
        </Box>
      </Flex>
    ),
  },
  {
    id: 'validTo',
    header: 'Érvényesség',
    sort: 'validTo',
    hideBelow: 'md',
    cellProps: { color: 'fg.muted', fontSize: 'sm' },
    cell: (catalogue) => catalogueValidityText(catalogue),
  },
  {
    id: 'status',
    header: 'Állapot',
    sort: 'status',
    cell: (catalogue) => <CatalogueStatusBadge catalogue={catalogue} />,
  },
  {
    id: 'position',
    header: 'Sorrend',
    sort: 'position',
    hideBelow: 'md',
    cell: (catalogue) => catalogue.position,
  },
  updatedColumn(),
];

/** /admin/other/catalogue: every PDF catalogue (a shop has a handful), searched and sorted in the browser. */
export function CataloguesPage({ search }: { search: CatalogueListSearch }) {
  const trpc = useTRPC();
  const { data: catalogues } = useSuspenseQuery(
    trpc.catalogue.list.queryOptions(undefined, { select: selectItems }),
  );
  return (
    <LocalListPage
      title="Katalógusok"
      description="PDF-katalógusok a /page/katalogusok oldalra: a vásárlók a bekapcsolt, érvényes katalógusokat látják."
      create={{ label: 'Új katalógus', to: '/admin/other/catalogue/$id' }}
      writes="catalogue:write"
      search={search}
      rows={catalogues}
      searchBox={{
        label: 'Keresés a katalógusok között',
        placeholder: 'Keresés cím szerint',
        texts: (catalogue) => [catalogue.title],
      }}
      defaultSort="position"
      compare={compare}
      emptyText={{ filtered: 'Nincs a keresésnek megfelelő katalógus.', none: 'Még nincs katalógus.' }}
      table={{
        label: 'Katalógusok',
        columns: COLUMNS,
        rowKey: (catalogue) => catalogue.id,
        interactive: true,
      }}
    />
  );
}
