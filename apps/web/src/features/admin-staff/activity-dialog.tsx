import { Box, Button, Link as ChakraLink, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { TStaffMember } from '@shop/api/schemas';
import { formatDateTime } from '@shop/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTRPC } from '../../lib/trpc';
import { AUDIT_LABELS, auditSummary } from '../admin-orders/audit-summary';
import { memberName } from './staff-format';

/**
 * What one person changed on orders, newest first (the last 200), each change linked to its order:
 * the owner's answer to "who did this?" without opening every order's trail.
 */
export function ActivityDialog({ member, onClose }: { member: TStaffMember | null; onClose: () => void }) {
  const trpc = useTRPC();
  const activity = useQuery({
    ...trpc.staff.activity.queryOptions({ id: member?.id ?? 0 }),
    enabled: member !== null,
  });
  const items = activity.data?.items ?? [];

  return (
    <Dialog.Root
      open={member !== null}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      scrollBehavior="inside"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{member ? `${memberName(member)} tevékenysége` : 'Tevékenység'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {activity.isPending ? (
                <Text color="fg.muted">Betöltés…</Text>
              ) : activity.error ? (
                <Text color="fg.error">{activity.error.message}</Text>
              ) : items.length === 0 ? (
                <Text color="fg.muted">Még nem módosított rendelést.</Text>
              ) : (
                <Stack as="ol" gap="3" listStyleType="none" aria-label="Módosítások, a legújabb elöl">
                  {items.map((entry) => (
                    <Box as="li" key={entry.id} fontSize="sm">
                      <Text>
                        <ChakraLink asChild fontWeight="medium" colorPalette="brand">
                          <Link to="/admin/order/$id" params={{ id: String(entry.order.id) }}>
                            {entry.order.number}
                          </Link>
                        </ChakraLink>
                        {' · '}
                        <Text as="span" fontWeight="medium">
                          {AUDIT_LABELS[entry.action] ?? entry.action}
                        </Text>
                        {': '}
                        {auditSummary(entry)}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {formatDateTime(entry.at)}
                      </Text>
                    </Box>
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Bezárás</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
