import { Badge, Box, Table, Text } from '@chakra-ui/react';
import { formatDateTime } from '@shop/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { selectItems } from '../../lib/select-items';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import { countsText, STATUS_LABELS, STATUS_PALETTES } from './import-text';

/** The last 20 imports with their state, so an owner can come back to one (a running one shows its progress). */
export function RecentImports() {
  const trpc = useTRPC();
  const { data, error } = useQuery({
    ...trpc.productImport.list.queryOptions(undefined, { select: selectItems }),
    refetchInterval: (query) =>
      query.state.data?.items.some((job) => job.status === 'pending') ? 2000 : false,
  });
  if (error && !data) {
    return (
      <AdminPanel p="6" color="red.600">
        {errorMessage(error)}
      </AdminPanel>
    );
  }
  if (!data || data.length === 0) return null;
  return (
    <AdminPanel overflow="hidden" as="section" aria-labelledby="recent-imports">
      <Text id="recent-imports" px={{ base: '3', md: '4' }} pt="3" pb="2" fontWeight="semibold">
        Legutóbbi importok
      </Text>
      <Table.ScrollArea>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader ps={{ base: '3', md: '4' }}>Fájl</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">Feltöltve</Table.ColumnHeader>
              <Table.ColumnHeader>Állapot</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">Eredmény</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((job) => {
              const result = job.status === 'uploaded' ? `${job.totalRows} sor` : countsText(job);
              return (
                <Table.Row key={job.id} verticalAlign="top">
                  <Table.Cell ps={{ base: '3', md: '4' }} minW="44" maxW="72" whiteSpace="normal">
                    <Link to="/admin/catalog/products/import" search={{ id: job.id }}>
                      <Text
                        as="span"
                        fontWeight="medium"
                        wordBreak="break-all"
                        _hover={{ textDecoration: 'underline' }}
                      >
                        {job.fileName}
                      </Text>
                    </Link>
                    {/* On a phone the time and the counts go under the name, so state and result show without scrolling. */}
                    <Text hideFrom="md" fontSize="xs" color="fg.muted">
                      {formatDateTime(job.createdAt)} · {result}
                    </Text>
                  </Table.Cell>
                  <Table.Cell hideBelow="md" whiteSpace="nowrap" color="fg.muted">
                    {formatDateTime(job.createdAt)}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <Badge colorPalette={STATUS_PALETTES[job.status]}>{STATUS_LABELS[job.status]}</Badge>
                    {job.status === 'pending' && (
                      <Box as="span" ms="2" fontSize="xs" color="fg.muted">
                        {job.processedRows} / {job.totalRows}
                      </Box>
                    )}
                  </Table.Cell>
                  <Table.Cell hideBelow="md" whiteSpace="nowrap" fontSize="sm" color="fg.muted">
                    {result}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </AdminPanel>
  );
}
