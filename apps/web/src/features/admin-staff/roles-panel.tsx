import { Badge, Box, Button, Flex, Heading, SimpleGrid, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { PERMISSION_LABELS, type TStaffRole } from '@shop/api/schemas';
import { formatPrice, toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import { PERMISSION_GROUPS } from './permission-groups';

function RefundLimit({ role }: { role: TStaffRole }) {
  if (!role.permissions.includes('refunds:write')) return null;
  return (
    <Text fontSize="sm">
      Visszatérítés:{' '}
      {role.refundLimit === null ? 'korlát nélkül' : `legfeljebb ${formatPrice(role.refundLimit)}`}
    </Text>
  );
}

function RoleCard({
  role,
  onEdit,
  onDelete,
}: {
  role: TStaffRole;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <AdminPanel as="article" aria-label={role.name} p={{ base: '4', md: '5' }}>
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box minW="0">
          <Heading as="h3" size="md">
            {role.name}{' '}
            {role.builtIn && (
              <Badge variant="subtle" verticalAlign="middle">
                Beépített
              </Badge>
            )}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {role.memberCount === 0 ? 'Még senki nem kapta meg.' : `${role.memberCount} munkatárs`}
          </Text>
        </Box>
        <Flex gap="2">
          <Button size="xs" variant="outline" onClick={onEdit} aria-label={`${role.name} szerkesztése`}>
            <LuPencil /> Szerkesztés
          </Button>
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            onClick={onDelete}
            aria-label={`${role.name} törlése`}
          >
            <LuTrash2 /> Törlés
          </Button>
        </Flex>
      </Flex>
      <Stack gap="2" mt="3">
        {role.permissions.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            Nincs jogosultsága: csak a tesztoldalt látja.
          </Text>
        ) : (
          <Wrap gap="1">
            {/* In the editor's order, so two roles read alike. */}
            {PERMISSION_GROUPS.flatMap((group) => group.permissions)
              .filter((permission) => role.permissions.includes(permission))
              .map((permission) => (
                <Badge
                  key={permission}
                  variant="subtle"
                  colorPalette={permission.endsWith(':read') ? 'blue' : 'orange'}
                >
                  {PERMISSION_LABELS[permission]}
                </Badge>
              ))}
          </Wrap>
        )}
        <RefundLimit role={role} />
      </Stack>
    </AdminPanel>
  );
}

/** The "Szerepkörök" tab: each role with what it opens; the owner edits, adds and removes them. */
export function RolesPanel({
  roles,
  error,
  onEdit,
}: {
  roles: readonly TStaffRole[] | undefined;
  error: unknown;
  onEdit: (role: TStaffRole) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<TStaffRole | null>(null);
  const remove = useMutation(
    trpc.staff.deleteRole.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.staff.roles.queryFilter());
        toaster.success({ title: 'A szerepkör törölve.', description: deleting?.name });
        setDeleting(null);
      },
      // A role someone holds is a 409 whose message says what to do; the question closes so it shows.
      onError: () => setDeleting(null),
      meta: { errorTitle: 'A szerepkör nem törölhető.' },
    }),
  );

  if (!roles) {
    return error ? (
      <Text color="fg.error">A szerepkörök nem töltődtek be.</Text>
    ) : (
      <Stack gap="3">
        <Skeleton h="28" />
        <Skeleton h="28" />
      </Stack>
    );
  }
  return (
    <>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        {roles.map((role) => (
          <RoleCard
            key={role.id}
            role={role}
            onEdit={() => onEdit(role)}
            onDelete={() => setDeleting(role)}
          />
        ))}
      </SimpleGrid>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Törlöd ezt a szerepkört: „${deleting?.name ?? ''}”?`}
        confirmLabel="Törlés"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting?.memberCount
          ? `${deleting.memberCount} munkatárs szerepköre ez: előbb adj nekik másikat, különben a törlés nem sikerül.`
          : 'Senki nem kapta meg, így nyugodtan törölheted.'}
      </ConfirmDialog>
    </>
  );
}
