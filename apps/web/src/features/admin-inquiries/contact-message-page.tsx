import { Link as ChakraLink, Heading, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { toastError } from '../../lib/error-toast';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { BackToList, Fact, FactGrid, ReplyButton, StatusPicker, statusSaved } from './inquiry-detail';

/** /admin/inquiry/contact/{id}: one message, its sender and its status. */
export function ContactMessagePage({ id }: { id: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: message } = useSuspenseQuery(trpc.contact.messageById.queryOptions({ id }));
  const setStatus = useMutation(
    trpc.contact.messageStatus.mutationOptions({
      meta: { toastError: false },
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.contact.messageById.queryKey({ id }), saved);
        void queryClient.invalidateQueries(trpc.contact.messageList.pathFilter());
        statusSaved(saved.status);
      },
      onError: (error) => toastError('Az állapotot nem sikerült menteni.', error),
    }),
  );

  return (
    <AdminPage
      title={message.subject ?? 'Üzenet'}
      description={`${message.name} írta, ${formatDateTime(message.createdAt)}`}
      actions={
        <>
          <BackToList to="/admin/inquiry/contact" label="Üzenetek" />
          <ReplyButton email={message.email} subject={`Re: ${message.subject ?? 'üzeneted'}`} />
        </>
      }
    >
      <AdminPanel p={{ base: '4', md: '6' }}>
        <Stack gap="6">
          <StatusPicker
            status={message.status}
            statusChangedAt={message.statusChangedAt}
            saving={setStatus.isPending}
            onChange={(status) => setStatus.mutate({ id, status })}
          />
          <FactGrid>
            <Fact label="Név">{message.name}</Fact>
            <Fact label="E-mail-cím">
              <ChakraLink href={`mailto:${message.email}`} colorPalette="brand">
                {message.email}
              </ChakraLink>
            </Fact>
            <Fact label="Telefonszám">{message.phone}</Fact>
            <Fact label="Vásárlói fiók">
              {message.userId && (
                <ChakraLink asChild colorPalette="brand">
                  <Link to="/admin/customer/$id" params={{ id: String(message.userId) }}>
                    A vásárló adatlapja
                  </Link>
                </ChakraLink>
              )}
            </Fact>
            <Fact label="Adatkezelési hozzájárulás">{formatDateTime(message.consentAt)}</Fact>
          </FactGrid>
          <Stack gap="2">
            <Heading as="h2" size="md">
              Üzenet
            </Heading>
            <Text whiteSpace="pre-wrap" bg="bg.subtle" borderRadius="l2" p="4">
              {message.message}
            </Text>
          </Stack>
        </Stack>
      </AdminPanel>
    </AdminPage>
  );
}
