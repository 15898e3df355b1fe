import { ChakraProvider } from '@chakra-ui/react';
import { adminSystem } from '@shop/ui/admin-system';
import { createLazyFileRoute } from '@tanstack/react-router';
import { AdminShell } from '../features/admin/admin-shell';

export const Route = createLazyFileRoute('/_admin-dashboard')({
  component: AdminDashboardLayout,
});

/** The admin draws with every Chakra recipe; the shop's system carries only the shop's (see @shop/ui). */
function AdminDashboardLayout() {
  const { user, deniedSection } = Route.useRouteContext();
  return (
    <ChakraProvider value={adminSystem}>
      <AdminShell user={user} deniedSection={deniedSection} />
    </ChakraProvider>
  );
}
