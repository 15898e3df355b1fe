import { Badge, Box, Button, Code, Table, Text } from '@chakra-ui/react';
import { formatDateTime } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuInbox, LuPlus, LuSettings } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';

/** /admin/other/email: the e-mail templates; the shop's own ones are marked and cannot be deleted. */
export function TemplatesPage() {
  const trpc = useTRPC();
  const { data: templates } = useSuspenseQuery(trpc.email.list.queryOptions());
  const rows = [...templates].sort(
    (a, b) => Number(b.builtIn) - Number(a.builtIn) || a.name.localeCompare(b.name, 'hu'),
  );

  return (
    <AdminPage
      title="E-mail-sablonok"
      description="A webáruház által küldött levelek tárgya és szövege. A {{helyőrzők}} helyére küldéskor a valódi adatok kerülnek, és az előttük álló névelő (a, az) hozzájuk igazodik."
      actions={
        <>
          <Button asChild variant="outline" bg="white">
            <Link to="/admin/other/email-settings">
              <LuSettings /> Beállítások
            </Link>
          </Button>
          <Button asChild variant="outline" bg="white">
            <Link to="/admin/other/email-outbox">
              <LuInbox /> Kimenő levelek
            </Link>
          </Button>
          <Button asChild colorPalette="brand">
            <Link to="/admin/other/email/$id" params={{ id: 'new' }}>
              <LuPlus /> Új sablon
            </Link>
          </Button>
        </>
      }
    >
      <AdminPanel overflow="hidden">
        <Table.ScrollArea>
          <Table.Root size="sm" interactive aria-label="E-mail-sablonok">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader ps={{ base: '4', md: '6' }}>Név</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Tárgy</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="lg">Kulcs</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Módosítva</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((template) => (
                <Table.Row key={template.id}>
                  <Table.Cell ps={{ base: '4', md: '6' }} py="3">
                    <Link to="/admin/other/email/$id" params={{ id: String(template.id) }}>
                      <RowTitle>{template.name}</RowTitle>
                    </Link>{' '}
                    {template.builtIn && (
                      <Badge colorPalette="brand" variant="subtle" size="sm" ms="1">
                        Beépített
                      </Badge>
                    )}
                    <Text fontSize="xs" color="fg.muted" hideFrom="md" lineClamp={1}>
                      {template.subject}
                    </Text>
                  </Table.Cell>
                  <Table.Cell hideBelow="md" color="fg.muted" maxW="md" truncate>
                    {template.subject}
                  </Table.Cell>
                  <Table.Cell hideBelow="lg">
                    <Code size="sm" variant="surface">
                      {template.key}
                    </Code>
                  </Table.Cell>
                  <Table.Cell hideBelow="md" color="fg.muted" whiteSpace="nowrap">
                    {formatDateTime(template.updatedAt)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {rows.length === 0 && (
          <Box p="8" textAlign="center" color="fg.muted">
            Még nincs e-mail-sablon.
          </Box>
        )}
      </AdminPanel>
    </AdminPage>
  );
}
