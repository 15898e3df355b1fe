import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { ORDER_EMAIL_LABELS, type TOrderEmailTemplate } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatDateTime, toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuMail } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useTRPC } from '../../../lib/trpc';
import { type Detail, Muted, Panel } from './panel';

export function EmailsPanel({ detail }: { detail: Detail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [resending, setResending] = useState<TOrderEmailTemplate | null>(null);
  const resend = useMutation(
    trpc.order.resendEmail.mutationOptions({
      onSuccess: (sent) => {
        toaster.success({ title: 'Az e-mailt újra elküldjük.', description: `${sent.subject} → ${sent.to}` });
        setResending(null);
        void queryClient.invalidateQueries(trpc.order.adminById.queryFilter({ id: detail.order.id }));
      },
      meta: { errorTitle: 'Az e-mail újraküldése nem sikerült.' },
      onError: () => setResending(null),
    }),
  );
  return (
    <Panel title="E-mailek">
      {detail.emails.length === 0 ? (
        <Muted>Ez a rendelés még nem küldött e-mailt.</Muted>
      ) : (
        <Stack gap="2">
          {detail.emails.map((mail) => (
            <Flex
              key={`${mail.template}-${mail.queuedAt}`}
              justify="space-between"
              align="center"
              gap="2"
              fontSize="sm"
            >
              <Box minW="0">
                <Text truncate>{ORDER_EMAIL_LABELS[mail.template]}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatDateTime(mail.queuedAt)}
                </Text>
              </Box>
              <Button size="xs" variant="outline" onClick={() => setResending(mail.template)}>
                <LuMail /> Újraküldés
              </Button>
            </Flex>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={resending !== null}
        onOpenChange={(open) => !open && setResending(null)}
        title="E-mail újraküldése"
        confirmLabel="Újraküldés"
        destructive={false}
        loading={resend.isPending}
        onConfirm={() => resending && resend.mutate({ id: detail.order.id, template: resending })}
      >
        {resending &&
          `${withArticle(`„${ORDER_EMAIL_LABELS[resending]}”`, { capital: true })} e-mail változatlanul újra kimegy ${detail.order.customer.email ? `ide: ${detail.order.customer.email}` : 'a vásárló címére'}.`}
      </ConfirmDialog>
    </Panel>
  );
}
