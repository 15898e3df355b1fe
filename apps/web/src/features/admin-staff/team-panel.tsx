import { Badge, Button, Flex, Text, Wrap } from '@chakra-ui/react';
import type { TStaffMember, TStaffRole } from '@shop/api/schemas';
import { formatDateTime, toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import { PagedListBody } from '../admin/list-controls';
import { type ListColumn, ListTable } from '../admin/list-page/list-table';
import { wholeList } from '../admin/list-page/local-list';
import { ActivityDialog } from './activity-dialog';
import { ChangeRoleDialog } from './change-role-dialog';
import { memberName } from './staff-format';

function StatusBadges({ member }: { member: TStaffMember }) {
  return (
    <Wrap gap="1">
      {member.suspendedAt && (
        <Badge
          colorPalette="red"
          variant="subtle"
          title={`Felfüggesztve: ${formatDateTime(member.suspendedAt)}`}
        >
          Felfüggesztve
        </Badge>
      )}
      {!member.lastLoginAt && (
        <Badge
          colorPalette="orange"
          variant="subtle"
          title={`Meghívva: ${formatDateTime(member.invitedAt)}; még nem lépett be.`}
        >
          Függőben
        </Badge>
      )}
    </Wrap>
  );
}

/** The last sign-in in Budapest time; before the first, when the invitation went. */
function LastSignIn({ member }: { member: TStaffMember }) {
  return member.lastLoginAt ? (
    <Text>{formatDateTime(member.lastLoginAt)}</Text>
  ) : (
    <>
      <Text>Még nem lépett be</Text>
      <Text fontSize="xs">Meghívva: {formatDateTime(member.invitedAt)}</Text>
    </>
  );
}

function MemberActions({
  member,
  onActivity,
  onChangeRole,
  onSuspend,
  onResume,
}: {
  member: TStaffMember;
  onActivity: () => void;
  onChangeRole: () => void;
  onSuspend: () => void;
  onResume: () => void;
}) {
  const name = memberName(member);
  const activity = (
    <Button size="xs" variant="ghost" onClick={onActivity} aria-label={`Tevékenység: ${name}`}>
      Tevékenység
    </Button>
  );
  // The owner has no role and cannot be suspended (the server says 409 too); their work can be read.
  if (!member.role) {
    return (
      <Flex gap="2" wrap="wrap" justify={{ md: 'flex-end' }}>
        {activity}
      </Flex>
    );
  }
  return (
    <Flex gap="2" wrap="wrap" justify={{ md: 'flex-end' }}>
      {activity}
      <Button
        size="xs"
        variant="outline"
        onClick={onChangeRole}
        aria-label={`${name} szerepkörének módosítása`}
      >
        Szerepkör
      </Button>
      {member.suspendedAt ? (
        <Button
          size="xs"
          variant="outline"
          colorPalette="green"
          onClick={onResume}
          aria-label={`${name} visszaengedése`}
        >
          Visszaengedés
        </Button>
      ) : (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          onClick={onSuspend}
          aria-label={`${name} felfüggesztése`}
        >
          Felfüggesztés
        </Button>
      )}
    </Flex>
  );
}

/** The "Munkatársak" tab: the owner and every staff member, with their role, sign-in and state. */
export function TeamPanel({ roles }: { roles: readonly TStaffRole[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const {
    data: staff,
    isPending,
    error,
  } = useQuery(trpc.staff.list.queryOptions(undefined, { select: selectItems }));
  const [changing, setChanging] = useState<TStaffMember | null>(null);
  const [reading, setReading] = useState<TStaffMember | null>(null);
  const [confirming, setConfirming] = useState<{ member: TStaffMember; suspend: boolean } | null>(null);

  const settled = (saved: TStaffMember, title: string) => {
    void queryClient.invalidateQueries(trpc.staff.list.queryFilter());
    toaster.success({ title, description: memberName(saved) });
    setConfirming(null);
  };
  const suspend = useMutation(
    trpc.staff.suspend.mutationOptions({
      onSuccess: (saved) => settled(saved, 'A munkatárs felfüggesztve.'),
      meta: { errorTitle: 'A felfüggesztés nem sikerült.' },
    }),
  );
  const resume = useMutation(
    trpc.staff.resume.mutationOptions({
      onSuccess: (saved) => settled(saved, 'A munkatárs újra beléphet.'),
      meta: { errorTitle: 'A visszaengedés nem sikerült.' },
    }),
  );

  const actionsOf = (member: TStaffMember) => (
    <MemberActions
      member={member}
      onActivity={() => setReading(member)}
      onChangeRole={() => setChanging(member)}
      onSuspend={() => setConfirming({ member, suspend: true })}
      onResume={() => setConfirming({ member, suspend: false })}
    />
  );
  const columns: ListColumn<TStaffMember>[] = [
    {
      id: 'name',
      header: 'Név',
      cellProps: { pe: { base: '4', md: '3' }, minW: '48' },
      cell: (member) => (
        <>
          <Text fontWeight="medium">{memberName(member)}</Text>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {member.email}
          </Text>
          {/* On a phone the other columns stack under the name, so the row needs no sideways scrolling. */}
          <Flex hideFrom="md" direction="column" gap="1.5" mt="1.5">
            <Text fontSize="sm">{member.role?.name ?? 'Tulajdonos'}</Text>
            <Text fontSize="xs" color="fg.muted">
              {member.lastLoginAt
                ? `Utolsó belépés: ${formatDateTime(member.lastLoginAt)}`
                : `Meghívva: ${formatDateTime(member.invitedAt)}`}
            </Text>
            <StatusBadges member={member} />
            {actionsOf(member)}
          </Flex>
        </>
      ),
    },
    {
      id: 'role',
      header: 'Szerepkör',
      hideBelow: 'md',
      cell: (member) =>
        member.role ? (
          member.role.name
        ) : (
          <Badge variant="subtle" colorPalette="brand">
            Tulajdonos
          </Badge>
        ),
    },
    {
      id: 'lastLoginAt',
      header: 'Utolsó belépés',
      hideBelow: 'lg',
      cellProps: { color: 'fg.muted', fontSize: 'sm' },
      cell: (member) => <LastSignIn member={member} />,
    },
    { id: 'status', header: 'Állapot', hideBelow: 'md', cell: (member) => <StatusBadges member={member} /> },
    {
      id: 'actions',
      header: 'Műveletek',
      headerHidden: true,
      hideBelow: 'md',
      cellProps: { textAlign: 'end' },
      cell: actionsOf,
    },
  ];

  return (
    <AdminPanel overflow="hidden">
      <PagedListBody
        data={staff && wholeList(staff)}
        isPending={isPending}
        error={error}
        emptyText="Még nincs munkatárs."
        unit="fő"
      >
        <ListTable
          label="Munkatársak"
          columns={columns}
          rows={staff ?? []}
          rowKey={(member) => member.id}
          rowProps={(member) => ({
            'aria-label': memberName(member),
            opacity: member.suspendedAt ? 0.75 : 1,
          })}
          // The screen is the owner's alone (its section needs 'owner'), so everything here is theirs to do.
          mayWrite
        />
      </PagedListBody>

      <ActivityDialog member={reading} onClose={() => setReading(null)} />
      <ChangeRoleDialog
        key={changing?.id ?? 'none'}
        member={changing}
        roles={roles}
        onClose={() => setChanging(null)}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming?.suspend
            ? `Felfüggeszted ${confirming ? memberName(confirming.member) : ''} hozzáférését?`
            : `Visszaengeded ${confirming ? memberName(confirming.member) : ''}?`
        }
        confirmLabel={confirming?.suspend ? 'Felfüggesztés' : 'Visszaengedés'}
        destructive={confirming?.suspend ?? true}
        loading={suspend.isPending || resume.isPending}
        onConfirm={() => {
          if (!confirming) return;
          if (confirming.suspend) suspend.mutate({ id: confirming.member.id });
          else resume.mutate({ id: confirming.member.id });
        }}
      >
        {confirming?.suspend
          ? 'Azonnal kilép mindenhonnan, és nem léphet be, amíg vissza nem engeded. Az adatai és a munkája megmaradnak.'
          : 'Újra beléphet a jelszavával, a szerepköre szerinti jogosultságokkal.'}
      </ConfirmDialog>
    </AdminPanel>
  );
}
