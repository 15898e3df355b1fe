import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type TStaffRole, ZStaffInviteInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { useTRPC } from '../../lib/trpc';
import { ROLE_MISSING, RoleSelect } from './role-select';

/**
 * "Munkatárs meghívása": name, e-mail and role. The shop creates the account and e-mails a link with
 * which the person sets their own password; a taken address comes back from the server on its field.
 */
export function InviteDialog({
  open,
  roles,
  onClose,
}: {
  open: boolean;
  roles: readonly TStaffRole[];
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [lastName, setLastName] = useState('');
  const [firstName, setFirstName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('');
  const { errors, validate, failWith } = useZodForm(ZStaffInviteInput);

  const invite = useMutation(
    trpc.staff.invite.mutationOptions({
      onSuccess: (member) => {
        void queryClient.invalidateQueries(trpc.staff.list.queryFilter());
        // The role's member count grows.
        void queryClient.invalidateQueries(trpc.staff.roles.queryFilter());
        toaster.success({
          title: 'A meghívót elküldtük.',
          description: `${member.email}: a levélben lévő linkkel állíthatja be a jelszavát (3 napig érvényes).`,
        });
        onClose();
      },
      ...failWith('A meghívás nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate(
      { email, firstName, lastName, role: role === '' ? undefined : Number(role) },
      role === '' ? { role: ROLE_MISSING } : undefined,
    );
    if (input) invite.mutate(input);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Munkatárs meghívása"
      onSubmit={onSubmit}
      submitLabel="Meghívó küldése"
      pending={invite.isPending}
    >
      <Stack gap="5">
        <Text fontSize="sm" color="fg.muted">
          A megadott címre levelet küldünk egy linkkel, amellyel a munkatárs beállítja a jelszavát, és utána
          az /admin oldalon beléphet. A szerepköre szerinti részeket látja.
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField
            label="Vezetéknév"
            value={lastName}
            onValueChange={setLastName}
            error={errors.lastName}
            autoComplete="off"
            required
          />
          <TextField
            label="Keresztnév"
            value={firstName}
            onValueChange={setFirstName}
            error={errors.firstName}
            autoComplete="off"
            required
          />
        </SimpleGrid>
        <TextField
          label="E-mail-cím"
          type="email"
          inputMode="email"
          value={email}
          onValueChange={setEmail}
          error={errors.email}
          autoComplete="off"
          required
        />
        <RoleSelect roles={roles} value={role} onChange={setRole} error={errors.role} />
      </Stack>
    </FormDialog>
  );
}
