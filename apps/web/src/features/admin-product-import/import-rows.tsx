import { Badge, Box, Button, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { TProductImportOutcome } from '@shop/api/schemas';
import { formatNumber } from '@shop/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ListPagination } from '../../components/pagination';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import { OUTCOMES } from './import-search';
import { changeText, OUTCOME_LABELS, OUTCOME_PALETTES } from './import-text';
import type { ImportJobView } from './import-types';

export const ROWS_PAGE_SIZE = 50;

/** The four counts of a dry run or a finished import; each one filters the rows below it. */
export function OutcomeCounts({
  job,
  outcome,
  onOutcome,
}: {
  job: ImportJobView;
  outcome: TProductImportOutcome | undefined;
  onOutcome: (outcome: TProductImportOutcome | undefined) => void;
}) {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
      {OUTCOMES.map((key) => {
        const selected = outcome === key;
        return (
          <Button
            key={key}
            variant="outline"
            bg={selected ? `${OUTCOME_PALETTES[key]}.subtle` : 'white'}
            borderColor={selected ? `${OUTCOME_PALETTES[key]}.solid` : undefined}
            borderWidth={selected ? '2px' : '1px'}
            h="auto"
            py="3"
            flexDirection="column"
            alignItems="flex-start"
            gap="0.5"
            aria-pressed={selected}
            aria-label={`${OUTCOME_LABELS[key]}: ${formatNumber(job[key])}`}
            onClick={() => onOutcome(selected ? undefined : key)}
          >
            <Text fontSize="2xl" fontWeight="bold" color={`${OUTCOME_PALETTES[key]}.fg`} lineHeight="1">
              {formatNumber(job[key])}
            </Text>
            <Text fontSize="sm" fontWeight="medium" color="fg.muted">
              {OUTCOME_LABELS[key]}
            </Text>
          </Button>
        );
      })}
    </SimpleGrid>
  );
}

/** The rows of an import, 50 a page, each with its outcome, its changes (old → new) and the server's note. */
export function ImportRows({
  job,
  outcome,
  page,
  onPage,
}: {
  job: ImportJobView;
  outcome: TProductImportOutcome | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  const trpc = useTRPC();
  const { data, error, isFetching } = useQuery({
    ...trpc.productImport.rows.queryOptions({ id: job.id, outcome, page, pageSize: ROWS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const caption = outcome ? `Sorok: ${OUTCOME_LABELS[outcome].toLowerCase()}` : 'Minden sor';
  return (
    <AdminPanel overflow="hidden">
      <Text px={{ base: '3', md: '4' }} pt="3" pb="2" fontWeight="semibold" id={`import-rows-${job.id}`}>
        {caption}
      </Text>
      {error && !data && (
        <Box p="6" color="red.600">
          {errorMessage(error)}
        </Box>
      )}
      <Table.ScrollArea opacity={isFetching ? 0.7 : 1} transition="opacity 0.15s">
        <Table.Root size="sm" aria-labelledby={`import-rows-${job.id}`}>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader ps={{ base: '3', md: '4' }} textAlign="end">
                Sor
              </Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">Cikkszám</Table.ColumnHeader>
              <Table.ColumnHeader>Név</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">Eredmény</Table.ColumnHeader>
              <Table.ColumnHeader>Változások</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">Megjegyzés</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data?.items.map((row) => {
              const badge = (
                <Badge colorPalette={OUTCOME_PALETTES[row.outcome]}>{OUTCOME_LABELS[row.outcome]}</Badge>
              );
              const message = row.message && (
                <Text
                  fontSize="xs"
                  color={row.outcome === 'refused' ? 'red.fg' : 'fg.muted'}
                  wordBreak="break-word"
                >
                  {row.message}
                </Text>
              );
              return (
                <Table.Row key={row.rowNumber} verticalAlign="top">
                  <Table.Cell ps={{ base: '3', md: '4' }} textAlign="end" color="fg.muted">
                    {row.rowNumber}
                  </Table.Cell>
                  <Table.Cell hideBelow="md" fontFamily="mono" fontSize="xs" whiteSpace="nowrap">
                    {row.sku ?? '–'}
                  </Table.Cell>
                  <Table.Cell minW={{ base: '52', md: '40' }} maxW="64" whiteSpace="normal">
                    {row.productId ? (
                      <Link to="/admin/catalog/products/$id" params={{ id: String(row.productId) }}>
                        <Text as="span" fontWeight="medium" _hover={{ textDecoration: 'underline' }}>
                          {row.name ?? '–'}
                        </Text>
                      </Link>
                    ) : (
                      (row.name ?? '–')
                    )}
                    {/* On a phone the code, the outcome and the note stay beside the name, before the sideways scroll. */}
                    <Stack hideFrom="md" gap="1" mt="1" align="flex-start">
                      <Text fontFamily="mono" fontSize="xs" color="fg.muted" wordBreak="break-all">
                        {row.sku ?? '–'}
                      </Text>
                      {badge}
                      {message}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{badge}</Table.Cell>
                  <Table.Cell minW="56" maxW="md" whiteSpace="normal">
                    {row.changes.length > 0 ? (
                      <Stack as="ul" listStyleType="none" gap="0.5" fontSize="xs">
                        {row.changes.map((change) => (
                          <Text as="li" key={change.field} wordBreak="break-word">
                            {changeText(change)}
                          </Text>
                        ))}
                      </Stack>
                    ) : (
                      <Text color="fg.muted">–</Text>
                    )}
                  </Table.Cell>
                  <Table.Cell hideBelow="md" minW="48" maxW="sm" whiteSpace="normal">
                    {message}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {data?.items.length === 0 && (
        <Box p="6" textAlign="center" color="fg.muted">
          Nincs ilyen sor.
        </Box>
      )}
      <ListPagination
        unit="sor"
        page={page}
        pageSize={ROWS_PAGE_SIZE}
        total={data?.total ?? 0}
        onPageChange={onPage}
      />
    </AdminPanel>
  );
}
