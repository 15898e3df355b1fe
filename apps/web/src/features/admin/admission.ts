import { type AccessHolder, mayAccess } from './access';
import { ADMIN_HOME, type AdminSection, findAdminSection, firstOpenSection } from './sections';

export type Admission = {
  /** Somewhere else to go: the dashboard, for someone who may not see it, is their first open section. */
  redirectTo: string | null;
  /** The section the role does not open (the shell shows the no-permission page), or null. */
  deniedSection: AdminSection | null;
};

/**
 * The admin guard's decision for one path, apart from the route file so the permission tables load
 * with the admin, not with every shopper's first page.
 */
export function admission(user: AccessHolder, pathname: string): Admission {
  const section = findAdminSection(pathname);
  if (!section || mayAccess(user, section.permission)) return { redirectTo: null, deniedSection: null };
  const first = section.path === ADMIN_HOME ? firstOpenSection(user) : undefined;
  return first
    ? { redirectTo: first.path, deniedSection: null }
    : { redirectTo: null, deniedSection: section };
}
