import { createLazyFileRoute, useLocation } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { NotAvailablePanel } from '../../../features/admin/not-available';
import { findAdminSection } from '../../../features/admin/sections';

/** Every spec admin route without its own screen yet (and their /{id} pages). */
export const Route = createLazyFileRoute('/_admin-dashboard/admin/$')({
  component: AdminSectionPage,
});

function AdminSectionPage() {
  const { pathname } = useLocation();
  const section = findAdminSection(pathname);
  if (!section || section.available) return <NotFoundPage />;
  return <NotAvailablePanel section={section} />;
}
