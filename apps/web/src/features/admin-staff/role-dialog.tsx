import { Badge, Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import {
  PERMISSION_DESCRIPTIONS,
  PERMISSION_LABELS,
  PERMISSIONS,
  permissionAllows,
  type TPermission,
  type TStaffRole,
  ZStaffRoleCreateInput,
} from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useZodForm } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { useTRPC } from '../../lib/trpc';
import { PERMISSION_GROUPS } from './permission-groups';

/** A box another chosen permission already opens (a write its read): shown ticked, not to be unticked. */
function impliedBy(chosen: readonly TPermission[], permission: TPermission): boolean {
  return permissionAllows(
    chosen.filter((item) => item !== permission),
    permission,
  );
}

function PermissionBox({
  permission,
  chosen,
  onToggle,
}: {
  permission: TPermission;
  chosen: readonly TPermission[];
  onToggle: (permission: TPermission, checked: boolean) => void;
}) {
  const implied = impliedBy(chosen, permission);
  return (
    <Checkbox.Root
      checked={implied || chosen.includes(permission)}
      disabled={implied}
      onCheckedChange={(details) => onToggle(permission, details.checked === true)}
      colorPalette="brand"
      alignItems="flex-start"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label fontWeight="normal">
        <Text as="span" fontWeight="medium">
          {PERMISSION_LABELS[permission]}
        </Text>{' '}
        <Text as="span" color="fg.muted" fontSize="xs" fontFamily="mono">
          {permission}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {PERMISSION_DESCRIPTIONS[permission]}
        </Text>
        {implied && (
          <Text color="fg.muted" fontSize="xs" fontStyle="italic">
            Egy másik bejelölt jogosultság már megadja.
          </Text>
        )}
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * "Új szerepkör" and a role's editor: name, permissions grouped by the part of the shop they open, and
 * the largest refund one member may give. `role` undefined: a new one.
 */
export function RoleDialog({
  open,
  role,
  onClose,
}: {
  open: boolean;
  role: TStaffRole | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(role?.name ?? '');
  const [chosen, setChosen] = useState<TPermission[]>(role?.permissions ?? []);
  const [refundLimit, setRefundLimit] = useState(role?.refundLimit == null ? '' : String(role.refundLimit));
  const { errors, validate, failWith } = useZodForm(ZStaffRoleCreateInput);

  const onSaved = (saved: TStaffRole) => {
    void queryClient.invalidateQueries(trpc.staff.roles.queryFilter());
    // The team list names each member's role.
    void queryClient.invalidateQueries(trpc.staff.list.queryFilter());
    toaster.success({
      title: role ? 'A szerepkör elmentve.' : 'A szerepkör létrejött.',
      description: saved.name,
    });
    onClose();
  };
  const create = useMutation(
    trpc.staff.createRole.mutationOptions({ onSuccess: onSaved, ...failWith('A szerepkör nem jött létre.') }),
  );
  const update = useMutation(
    trpc.staff.updateRole.mutationOptions({
      onSuccess: onSaved,
      ...failWith('A szerepkör nem mentődött el.'),
    }),
  );

  const toggle = (permission: TPermission, checked: boolean) =>
    // Kept in the server's order, so a saved role lists its permissions the same way every time.
    setChosen((current) =>
      PERMISSIONS.filter((item) => (item === permission ? checked : current.includes(item))),
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // What was ticked, as ticked: a box another one implies stays stored, so unticking that other
    // one later does not take it away too.
    const input = validate({ name, permissions: chosen, refundLimit: parseNumberInput(refundLimit) ?? null });
    if (!input) return;
    if (role) update.mutate({ id: role.id, ...input });
    else create.mutate(input);
  };

  const refunds = chosen.includes('refunds:write');
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={role ? `Szerepkör: ${role.name}` : 'Új szerepkör'}
      onSubmit={onSubmit}
      submitLabel={role ? 'Mentés' : 'Szerepkör létrehozása'}
      pending={create.isPending || update.isPending}
      size={{ base: 'full', sm: 'lg' }}
    >
      <Stack gap="5">
        {role?.builtIn && (
          <Text fontSize="sm" color="fg.muted">
            <Badge variant="subtle" me="1.5">
              Beépített
            </Badge>
            A bolt kész szerepköre; szabadon átírhatod. {role.memberCount} munkatárs kapta meg, a változás a
            következő kattintásuktól érvényes.
          </Text>
        )}
        <TextField
          label="Név"
          value={name}
          onValueChange={setName}
          error={errors.name}
          helper="Például „Raktár” vagy „Hétvégi ügyelet”."
          required
          maxLength={60}
        />
        <Fieldset.Root invalid={Boolean(errors.permissions)}>
          <Fieldset.Legend fontWeight="medium" fontSize="sm">
            Jogosultságok
          </Fieldset.Legend>
          <Fieldset.HelperText>
            A szerepkör tagjai csak ezeket tehetik; az adminban csak az ezekhez tartozó részeket látják. A
            munkatársak, a szerepkörök, az API-kulcsok és a mentések a bolt tulajdonosáéi.
          </Fieldset.HelperText>
          <Stack gap="5" mt="3">
            {PERMISSION_GROUPS.map((group) => (
              <Stack key={group.label} gap="3" role="group" aria-label={group.label}>
                <Text fontSize="xs" fontWeight="bold" textTransform="uppercase" color="fg.muted">
                  {group.label}
                </Text>
                {group.permissions.map((permission) => (
                  <PermissionBox key={permission} permission={permission} chosen={chosen} onToggle={toggle} />
                ))}
              </Stack>
            ))}
          </Stack>
          <Fieldset.ErrorText>{errors.permissions}</Fieldset.ErrorText>
        </Fieldset.Root>
        <TextField
          label="Visszatérítési korlát"
          value={refundLimit}
          onValueChange={setRefundLimit}
          error={errors.refundLimit}
          unit="Ft"
          inputMode="numeric"
          helper={
            refunds
              ? 'Egy visszatérítés legnagyobb bruttó összege. Üresen hagyva nincs korlát.'
              : 'Csak a „Visszatérítések” jogosultsággal számít. Üresen hagyva nincs korlát.'
          }
        />
      </Stack>
    </FormDialog>
  );
}
