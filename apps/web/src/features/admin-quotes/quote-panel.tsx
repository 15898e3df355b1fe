import { Badge, Box, Button, Flex, Heading, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { QUOTE_STATUS_LABELS, type TQuote, type TQuoteStatus } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatDate, formatDateTime, formatPrice, toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuPencil, LuPlus, LuSend, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import { QuoteEditorDialog } from './quote-editor-dialog';

const STATUS_PALETTE: Record<TQuoteStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  expired: 'orange',
  used: 'green',
};

/** `2026-12-31` as the admin reads a day. */
const dayLabel = (day: string) => formatDate(`${day}T12:00:00Z`);

function QuoteLines({ quote }: { quote: TQuote }) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Termék</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Mennyiség</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Ár / db</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Összesen</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {quote.lines.map((line) => (
            <Table.Row key={line.id}>
              <Table.Cell>{line.title}</Table.Cell>
              <Table.Cell textAlign="end">{line.quantity}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatPrice(line.unitPrice)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatPrice(line.lineTotal)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function QuoteCard({ quote, offerRequestId }: { quote: TQuote; offerRequestId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const invalidate = () => queryClient.invalidateQueries(trpc.quote.pathFilter());
  const send = useMutation(
    trpc.quote.send.mutationOptions({
      onSuccess: () => {
        toaster.success({ title: 'Az árajánlatot elküldtük.', description: `Címzett: ${quote.email}` });
        void invalidate();
        // Sending marks a new offer request answered.
        void queryClient.invalidateQueries(trpc.contact.pathFilter());
      },
      meta: { errorTitle: 'A küldés nem sikerült.' },
    }),
  );
  const remove = useMutation(
    trpc.quote.delete.mutationOptions({
      onSuccess: () => {
        toaster.success({ title: 'Az árajánlat törölve.' });
        setConfirmDelete(false);
        void invalidate();
      },
      meta: { errorTitle: 'A törlés nem sikerült.' },
      onError: () => setConfirmDelete(false),
    }),
  );
  const changeable = quote.status !== 'used';
  const sendable = quote.status === 'draft' || quote.status === 'sent';

  return (
    <Box as="article" aria-label={`${quote.id}. árajánlat`} borderWidth="1px" borderRadius="l2" p="4">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap" mb="3">
        <Box>
          <Flex gap="2" align="center" wrap="wrap">
            <Text fontWeight="semibold">{quote.id}. árajánlat</Text>
            <Badge colorPalette={STATUS_PALETTE[quote.status]}>{QUOTE_STATUS_LABELS[quote.status]}</Badge>
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            Érvényes: {dayLabel(quote.validUntil)} végéig
            {quote.sentAt ? ` · Elküldve: ${formatDateTime(quote.sentAt)}` : ''}
            {quote.orderId ? ` · Rendelés: #${quote.orderId}` : ''}
          </Text>
        </Box>
        <Text fontWeight="semibold">{formatPrice(quote.total)}</Text>
      </Flex>
      <QuoteLines quote={quote} />
      {quote.note && (
        <Text mt="3" fontSize="sm">
          Megjegyzés: {quote.note}
        </Text>
      )}
      {changeable && (
        <Flex gap="2" mt="4" wrap="wrap">
          {sendable && (
            <Button
              size="sm"
              colorPalette="brand"
              loading={send.isPending}
              onClick={() => send.mutate({ id: quote.id })}
            >
              <LuSend /> {quote.sentAt ? 'Újraküldés' : 'Küldés e-mailben'}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            <LuPencil /> Módosítás
          </Button>
          <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setConfirmDelete(true)}>
            <LuTrash2 /> Törlés
          </Button>
        </Flex>
      )}
      {editing && (
        <QuoteEditorDialog
          open={editing}
          onOpenChange={setEditing}
          offerRequestId={offerRequestId}
          start={{ quote }}
        />
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Árajánlat törlése"
        confirmLabel="Törlés"
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ id: quote.id })}
      >
        Biztosan törlöd {withArticle(`${quote.id}.`)} árajánlatot? Ha már elküldted, a vásárló linkje nem
        működik tovább.
      </ConfirmDialog>
    </Box>
  );
}

function NewQuoteButton({ offerRequestId }: { offerRequestId: number }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const proposal = useQuery({
    ...trpc.quote.proposal.queryOptions({ offerRequest: offerRequestId }),
    enabled: open,
  });
  return (
    <>
      <Button
        size="sm"
        colorPalette="brand"
        loading={open && proposal.isPending}
        onClick={() => setOpen(true)}
      >
        <LuPlus /> Új árajánlat
      </Button>
      {open && proposal.data && (
        <QuoteEditorDialog
          open
          onOpenChange={setOpen}
          offerRequestId={offerRequestId}
          start={{ proposal: proposal.data }}
        />
      )}
    </>
  );
}

/**
 * The quotes answering one offer request: write one with a price per line, send it, change or delete
 * it until an order uses it. Shown on the offer request's admin page.
 */
export function QuotePanel({ offerRequestId }: { offerRequestId: number }) {
  const trpc = useTRPC();
  const { data, isPending, isError } = useQuery(
    trpc.quote.list.queryOptions({ offerRequest: offerRequestId }),
  );
  return (
    <AdminPanel as="section" aria-labelledby="quote-panel-title" p={{ base: '4', md: '6' }}>
      <Flex justify="space-between" align="center" gap="3" mb="4" wrap="wrap">
        <Heading as="h2" size="lg" id="quote-panel-title">
          Árajánlat
        </Heading>
        <NewQuoteButton offerRequestId={offerRequestId} />
      </Flex>
      {isPending ? (
        <Spinner aria-label="Árajánlatok betöltése" />
      ) : isError ? (
        <Text color="fg.error">Az árajánlatokat nem sikerült betölteni.</Text>
      ) : data.items.length === 0 ? (
        <Text color="fg.muted">
          Még nincs árajánlat. Az „Új árajánlat” a kért tételekkel és a listaárakkal indul; az árakat itt
          írhatod át, majd e-mailben elküldheted.
        </Text>
      ) : (
        <Stack gap="4">
          {data.items.map((quote) => (
            <QuoteCard key={quote.id} quote={quote} offerRequestId={offerRequestId} />
          ))}
        </Stack>
      )}
    </AdminPanel>
  );
}
