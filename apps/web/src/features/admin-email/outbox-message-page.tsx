import { Alert, Box, Button, Code, DataList, Grid, Tabs, Text } from '@chakra-ui/react';
import { formatDateTime, formatNumber, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LuArrowLeft, LuRotateCcw } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { EmailFrame } from './email-frame';
import { OutboxStatusBadge } from './outbox-status';

/** /admin/other/email-outbox/{id}: one message as it was (or will be) sent, with its delivery state. */
export function OutboxMessagePage({ id }: { id: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: message } = useSuspenseQuery(trpc.email.outboxById.queryOptions({ id }));

  const retry = useMutation(
    trpc.email.outboxRetry.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.email.outboxById.queryKey({ id }), updated);
        void queryClient.invalidateQueries(trpc.email.outboxList.pathFilter());
        toaster.success({
          title: 'A levelet újraküldésre jelöltük.',
          description: 'A következő körben elmegy.',
        });
      },
      meta: { errorTitle: 'Az újraküldés nem sikerült.' },
    }),
  );

  const rows: [string, ReactNode][] = [
    ['Címzett', message.to],
    ['Állapot', <OutboxStatusBadge key="status" status={message.status} />],
    ['Sablon', message.templateKey ? <Code key="key">{message.templateKey}</Code> : '–'],
    ['Létrejött', formatDateTime(message.createdAt)],
    ['Elküldve', message.sentAt ? formatDateTime(message.sentAt) : '–'],
    ['Próbálkozások', formatNumber(message.attempts)],
    ...(message.status === 'pending' && message.attempts > 0
      ? ([['Következő próbálkozás', formatDateTime(message.nextAttemptAt)]] as [string, string][])
      : []),
  ];

  return (
    <AdminPage
      title={message.subject}
      description={`Kimenő levél #${message.id}`}
      actions={
        <>
          <Button asChild variant="ghost" size="sm">
            <Link to="/admin/other/email-outbox">
              <LuArrowLeft /> Kimenő levelek
            </Link>
          </Button>
          {message.status === 'failed' && (
            <Button
              colorPalette="brand"
              size="sm"
              loading={retry.isPending}
              onClick={() => retry.mutate({ id })}
            >
              <LuRotateCcw /> Újraküldés
            </Button>
          )}
        </>
      }
    >
      {message.lastError && (
        <Alert.Root status={message.status === 'failed' ? 'error' : 'warning'} borderRadius="l3">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {message.status === 'failed'
                ? 'A küldés végleg sikertelen'
                : 'Az utolsó küldési kísérlet hibája'}
            </Alert.Title>
            <Alert.Description fontFamily="mono" fontSize="xs">
              {message.lastError}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Grid templateColumns={{ base: '1fr', lg: '20rem 1fr' }} gap="4" alignItems="start">
        <AdminPanel p={{ base: '4', md: '6' }}>
          <DataList.Root size="sm" gap="3">
            {rows.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </AdminPanel>
        <AdminPanel p={{ base: '3', md: '4' }}>
          <Tabs.Root defaultValue="html" variant="enclosed" size="sm" colorPalette="brand">
            <Tabs.List>
              <Tabs.Trigger value="html">Levél</Tabs.Trigger>
              <Tabs.Trigger value="text">Szöveges változat</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="html">
              <EmailFrame
                title="A levél tartalma"
                html={message.html}
                h={{ base: '96', md: '560px' }}
                borderWidth="1px"
                borderRadius="l2"
              />
            </Tabs.Content>
            <Tabs.Content value="text">
              {message.text ? (
                <Box as="pre" whiteSpace="pre-wrap" fontSize="sm" p="4" bg="bg.subtle" borderRadius="l2">
                  {message.text}
                </Box>
              ) : (
                <Text color="fg.muted" fontSize="sm">
                  A levélnek nincs szöveges változata.
                </Text>
              )}
            </Tabs.Content>
          </Tabs.Root>
        </AdminPanel>
      </Grid>
    </AdminPage>
  );
}
