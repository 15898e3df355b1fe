import { Stack, Text } from '@chakra-ui/react';
import { type TStaffMember, type TStaffRole, ZStaffUpdateInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useZodForm } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { useTRPC } from '../../lib/trpc';
import { ROLE_MISSING, RoleSelect } from './role-select';
import { memberName } from './staff-format';

/** Another role for a member; it applies from their next click. */
export function ChangeRoleDialog({
  member,
  roles,
  onClose,
}: {
  member: TStaffMember | null;
  roles: readonly TStaffRole[];
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [role, setRole] = useState(member?.role ? String(member.role.id) : '');
  const { errors, validate, failWith } = useZodForm(ZStaffUpdateInput);

  const update = useMutation(
    trpc.staff.update.mutationOptions({
      onSuccess: (saved) => {
        void queryClient.invalidateQueries(trpc.staff.list.queryFilter());
        void queryClient.invalidateQueries(trpc.staff.roles.queryFilter());
        toaster.success({
          title: 'A szerepkör megváltozott.',
          description: `${memberName(saved)}: ${saved.role?.name ?? ''}`,
        });
        onClose();
      },
      ...failWith('A szerepkör nem változott meg.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!member) return;
    const input = validate(
      { id: member.id, role: role === '' ? undefined : Number(role) },
      role === '' ? { role: ROLE_MISSING } : undefined,
    );
    if (input) update.mutate(input);
  };

  return (
    <FormDialog
      open={member !== null}
      onOpenChange={(next) => !next && onClose()}
      title={`Szerepkör: ${member ? memberName(member) : ''}`}
      onSubmit={onSubmit}
      submitLabel="Mentés"
      pending={update.isPending}
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          Az új szerepkör a munkatárs következő kattintásától érvényes; amit az új nem enged, azt az admin
          onnantól nem mutatja neki.
        </Text>
        <RoleSelect roles={roles} value={role} onChange={setRole} error={errors.role} />
      </Stack>
    </FormDialog>
  );
}
