import { Badge, Box, Button, Flex, Table, Text } from '@chakra-ui/react';
import { PRODUCT_QUALITY_TITLES, type TProductQualityCheck } from '@shop/api/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { ListPagination } from '../../components/pagination';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';

const PAGE_SIZE = 50;

const DESCRIPTIONS: Record<TProductQualityCheck, string> = {
  'missing-description':
    'Ezeknek a termékeknek nincs magyar leírásuk; a vásárló és a keresők sem tudnak meg róluk többet a nevüknél.',
  'missing-image': 'Ezekhez a termékekhez még nem tartozik kép.',
  'non-unique-url': 'Ezek a termékek ugyanazt az URL-nevet használják, mint egy másik termék.',
  'no-category': 'Ezek a termékek egyik kategóriában sem szerepelnek, így böngészve nem találhatók meg.',
  'no-property-values': 'Ezeknek a termékeknek nincs tulajdonságértékük, így a szűrők nem találják őket.',
  'no-stock-but-enabled': 'Engedélyezett termékek, amelyekből nincs készlet.',
  'rising-tier-prices': 'A mennyiségi áruk nagyobb mennyiségnél drágább, mint kisebbnél.',
  'duplicate-external-code':
    'Ezek a termékek vagy változataik ugyanazt a külső termékkódot (cikkszámot) használják; a kis- és nagybetű nem számít.',
  'variant-missing-image':
    'Ezeknek a termékeknek van saját képes változata, de az itt felsoroltaknak nincs: a vásárló a választásukkor nem a saját képüket látja.',
  'variant-missing-price':
    'Ezek a változatok 0 Ft-ért kerülnének a kosárba: adj meg árat a változatnak vagy a terméknek.',
};

/** One data-quality check's products (/admin/catalog/products/missingdescription and the others). */
export function QualityListPage({ check }: { check: TProductQualityCheck }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const { data } = useQuery({
    ...trpc.product.quality.queryOptions({ check, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  return (
    <AdminPage
      title={PRODUCT_QUALITY_TITLES[check]}
      description={DESCRIPTIONS[check]}
      actions={
        <Button asChild variant="ghost" size="sm">
          <Link to="/admin/catalog/check">
            <LuArrowLeft /> Katalógus-ellenőrzés
          </Link>
        </Button>
      }
    >
      <AdminPanel overflow="hidden">
        <Table.ScrollArea>
          <Table.Root size="sm" interactive>
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader ps="4">Termék</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Cikkszám</Table.ColumnHeader>
                <Table.ColumnHeader>Részletek</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Állapot</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data?.items.map((item) => (
                <Table.Row key={item.id}>
                  <Table.Cell ps="4" py="2.5">
                    <Link to="/admin/catalog/products/$id" params={{ id: String(item.id) }}>
                      <RowTitle>{item.title}</RowTitle>
                    </Link>
                  </Table.Cell>
                  <Table.Cell hideBelow="md" fontFamily="mono" fontSize="xs" color="fg.muted">
                    {item.kutiId ?? '–'}
                  </Table.Cell>
                  <Table.Cell fontSize="sm" color="fg.muted">
                    {item.detail ?? '–'}
                  </Table.Cell>
                  <Table.Cell hideBelow="md">
                    {item.enabled ? (
                      <Badge colorPalette="green">Engedélyezett</Badge>
                    ) : (
                      <Badge>Letiltott</Badge>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {data?.total === 0 && (
          <Flex p="8" direction="column" align="center" gap="1">
            <Text fontWeight="medium">Nincs ilyen termék.</Text>
            <Text fontSize="sm" color="fg.muted">
              Ez az ellenőrzés rendben van.
            </Text>
          </Flex>
        )}
        {data && data.total > 0 && (
          <ListPagination
            unit="termék"
            page={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            onPageChange={setPage}
          />
        )}
        {!data && <Box p="6" />}
      </AdminPanel>
    </AdminPage>
  );
}
