import { Code, Stack, Text } from '@chakra-ui/react';
import { createLazyFileRoute } from '@tanstack/react-router';
import { AdminPage, AdminPanel } from '../../../features/admin/admin-page';

/** /admin/foo: the admin's test page, which the specification asks for. */
export const Route = createLazyFileRoute('/_admin-dashboard/admin/foo')({
  component: AdminFooPage,
});

function AdminFooPage() {
  const { user } = Route.useRouteContext();
  return (
    <AdminPage
      title="Tesztoldal"
      description="Az admin felület tesztoldala: ha ezt látod, a jogosultság-ellenőrzés átengedett."
    >
      <AdminPanel p="6">
        <Stack gap="2">
          <Text>
            Bejelentkezve: <Code>{user.email}</Code>
          </Text>
          <Text>
            Szerepkör: <Code>{user.role}</Code>
          </Text>
        </Stack>
      </AdminPanel>
    </AdminPage>
  );
}
