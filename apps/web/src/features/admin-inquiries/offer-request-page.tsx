import { Link as ChakraLink, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { formatDateTime, formatNumber } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { toastError } from '../../lib/error-toast';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { QuotePanel } from '../admin-quotes/quote-panel';
import { BackToList, Fact, FactGrid, ReplyButton, StatusPicker, statusSaved } from './inquiry-detail';

/** /admin/inquiry/offer/{id}: the request, the products asked for, its status and the quotes made from it. */
export function OfferRequestPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: offer } = useSuspenseQuery(trpc.contact.offerById.queryOptions({ id }));
  const setStatus = useMutation(
    trpc.contact.offerStatus.mutationOptions({
      meta: { toastError: false },
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.contact.offerById.queryKey({ id }), saved);
        void queryClient.invalidateQueries(trpc.contact.offerList.pathFilter());
        statusSaved(saved.status);
      },
      onError: (error) => toastError('Az állapotot nem sikerült menteni.', error),
    }),
  );
  const place = [offer.postcode, offer.city].filter(Boolean).join(' ');
  const address = [place, offer.address].filter(Boolean).join(', ');

  return (
    <AdminPage
      title={`Árajánlatkérés: ${offer.companyName ?? offer.name}`}
      description={`Érkezett: ${formatDateTime(offer.createdAt)}`}
      actions={
        <>
          <BackToList to="/admin/inquiry/offer" label="Ajánlatkérések" />
          <ReplyButton email={offer.email} subject="Árajánlatkérésed" />
        </>
      }
    >
      <AdminPanel p={{ base: '4', md: '6' }}>
        <Stack gap="6">
          <StatusPicker
            status={offer.status}
            statusChangedAt={offer.statusChangedAt}
            saving={setStatus.isPending}
            onChange={(status) => setStatus.mutate({ id, status })}
          />
          <FactGrid>
            <Fact label="Név">{offer.name}</Fact>
            <Fact label="E-mail-cím">
              <ChakraLink href={`mailto:${offer.email}`} colorPalette="brand">
                {offer.email}
              </ChakraLink>
            </Fact>
            <Fact label="Telefonszám">{offer.phone}</Fact>
            <Fact label="Cégnév">{offer.companyName}</Fact>
            <Fact label="Adószám">{offer.taxNumber}</Fact>
            <Fact label="Cím">{address}</Fact>
            <Fact label="Vásárlói fiók">
              {offer.userId && (
                <ChakraLink asChild colorPalette="brand">
                  <Link to="/admin/customer/$id" params={{ id: String(offer.userId) }}>
                    A vásárló adatlapja
                  </Link>
                </ChakraLink>
              )}
            </Fact>
            <Fact label="Adatkezelési hozzájárulás">{formatDateTime(offer.consentAt)}</Fact>
          </FactGrid>
          <Stack gap="2">
            <Heading as="h2" size="md">
              Kért termékek
            </Heading>
            <Table.ScrollArea borderWidth="1px" borderRadius="l2">
              <Table.Root size="sm" aria-label="Kért termékek">
                <Table.Header>
                  <Table.Row bg="bg.subtle">
                    <Table.ColumnHeader>Termék</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Mennyiség</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {offer.lines.map((line, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a deleted product leaves no id; the order is fixed
                    <Table.Row key={index}>
                      <Table.Cell>
                        {line.productId ? (
                          <ChakraLink asChild colorPalette="brand">
                            <Link to="/admin/catalog/products/$id" params={{ id: String(line.productId) }}>
                              {line.productTitle}
                            </Link>
                          </ChakraLink>
                        ) : (
                          <Text as="span">
                            {line.productTitle}{' '}
                            <Text as="span" color="fg.muted">
                              (azóta törölve)
                            </Text>
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{formatNumber(line.quantity)} db</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>
          <Stack gap="2">
            <Heading as="h2" size="md">
              Megjegyzés
            </Heading>
            <Text whiteSpace="pre-wrap" color={offer.note ? undefined : 'fg.muted'}>
              {offer.note ?? 'A kérő nem írt megjegyzést.'}
            </Text>
          </Stack>
        </Stack>
      </AdminPanel>
      <QuotePanel offerRequestId={id} />
    </AdminPage>
  );
}
