import { Button, Tabs } from '@chakra-ui/react';
import type { TStaffRole } from '@shop/api/schemas';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LuPlus, LuUserPlus } from 'react-icons/lu';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { AdminPage } from '../admin/admin-page';
import { InviteDialog } from './invite-dialog';
import { RoleDialog } from './role-dialog';
import { RolesPanel } from './roles-panel';
import type { StaffSearch } from './staff-search';
import { TeamPanel } from './team-panel';

/**
 * /admin/settings/staff, the owner's alone: who works in the admin and what each role may do. The
 * server checks every request by the same permissions; this screen only sets them.
 */
export function StaffPage({ search }: { search: StaffSearch }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const roles = useQuery(trpc.staff.roles.queryOptions(undefined, { select: selectItems }));
  const [inviting, setInviting] = useState(false);
  // Each opening of the role editor starts from the role as saved (a new key: fresh fields).
  const [editing, setEditing] = useState<{ role: TStaffRole | null; opened: number } | null>(null);
  const tab = search.tab ?? 'team';
  const openRole = (role: TStaffRole | null) => setEditing({ role, opened: Date.now() });

  return (
    <AdminPage
      title="Munkatársak"
      description="A bolt munkatársai a szerepkörük szerinti részeket látják és kezelhetik az adminban; a többit sem a menü, sem a szerver nem engedi nekik. A tulajdonos mindenhez hozzáfér."
      actions={
        tab === 'team' ? (
          <Button colorPalette="brand" onClick={() => setInviting(true)} disabled={!roles.data}>
            <LuUserPlus /> Munkatárs meghívása
          </Button>
        ) : (
          <Button colorPalette="brand" onClick={() => openRole(null)}>
            <LuPlus /> Új szerepkör
          </Button>
        )
      }
    >
      <Tabs.Root
        value={tab}
        onValueChange={(details) =>
          void navigate({
            to: '/admin/settings/staff',
            search: details.value === 'roles' ? { tab: 'roles' } : {},
            replace: true,
          })
        }
        variant="line"
        colorPalette="brand"
        lazyMount
      >
        <Tabs.List mb="4">
          <Tabs.Trigger value="team">Csapat</Tabs.Trigger>
          <Tabs.Trigger value="roles">Szerepkörök</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="team" p="0">
          <TeamPanel roles={roles.data ?? []} />
        </Tabs.Content>
        <Tabs.Content value="roles" p="0">
          <RolesPanel roles={roles.data} error={roles.error} onEdit={openRole} />
        </Tabs.Content>
      </Tabs.Root>

      {roles.data && (
        <InviteDialog
          // A fresh form for every invitation.
          key={inviting ? 'open' : 'closed'}
          open={inviting}
          roles={roles.data}
          onClose={() => setInviting(false)}
        />
      )}
      <RoleDialog
        key={editing?.opened ?? 'closed'}
        open={editing !== null}
        role={editing?.role ?? null}
        onClose={() => setEditing(null)}
      />
    </AdminPage>
  );
}
