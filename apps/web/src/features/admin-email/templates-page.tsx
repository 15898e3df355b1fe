import { Badge, Button, Code, Text } from '@chakra-ui/react';
import type { TEmailTemplateListOutput } from '@shop/api/schemas';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuInbox, LuSettings } from 'react-icons/lu';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { ListPage } from '../admin/list-page/list-page';
import { type ListColumn, RowLink, timeColumn } from '../admin/list-page/list-table';
import { wholeList } from '../admin/list-page/local-list';

const COLUMNS: ListColumn<TEmailTemplateListOutput['items'][number]>[] = [
  {
    id: 'name',
    header: 'Név',
    cell: (template) => (
      <>
        <RowLink to="/admin/other/email/$id" id={template.id}>
          {template.name}
        </RowLink>{' '}
        {template.builtIn && (
          <Badge colorPalette="brand" variant="subtle" size="sm" ms="1">
            Beépített
          </Badge>
        )}
        <Text fontSize="xs" color="fg.muted" hideFrom="md" lineClamp={1}>
          {template.subject}
        </Text>
      </>
    ),
  },
  {
    id: 'subject',
    header: 'Tárgy',
    hideBelow: 'md',
    cellProps: { color: 'fg.muted', maxW: 'md', truncate: true },
    cell: (template) => template.subject,
  },
  {
    id: 'key',
    header: 'Kulcs',
    hideBelow: 'lg',
    cell: (template) => (
      <Code size="sm" variant="surface">
        {template.key}
      </Code>
    ),
  },
  timeColumn({
    id: 'updatedAt',
    header: 'Módosítva',
    hideBelow: 'md',
    time: (template) => template.updatedAt,
  }),
];

/** /admin/other/email: the e-mail templates; the shop's own ones are marked and cannot be deleted. */
export function TemplatesPage() {
  const trpc = useTRPC();
  const { data: templates } = useSuspenseQuery(
    trpc.email.list.queryOptions(undefined, { select: selectItems }),
  );
  const rows = [...templates].sort(
    (a, b) => Number(b.builtIn) - Number(a.builtIn) || a.name.localeCompare(b.name, 'hu'),
  );

  return (
    <ListPage
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
        </>
      }
      create={{ label: 'Új sablon', to: '/admin/other/email/$id' }}
      writes="settings:write"
      list={wholeList(rows)}
      emptyText="Még nincs e-mail-sablon."
      table={{
        label: 'E-mail-sablonok',
        columns: COLUMNS,
        rowKey: (template) => template.id,
        interactive: true,
      }}
    />
  );
}
