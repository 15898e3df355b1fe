import { type AccessHolder, mayAccess } from './access';
import { type AdminSection, findAdminSection } from './sections';

export type Admission = {
  /** The section the role does not open (the shell shows the no-permission page), or null. */
  deniedSection: AdminSection | null;
};

/**
 * The admin guard's decision for one path, apart from the route file so the permission tables load
 * with the admin, not with every shopper's first page.
 */
export function admission(user: AccessHolder, pathname: string): Admission {
  const section = findAdminSection(pathname);
  return { deniedSection: section && !mayAccess(user, section.permission) ? section : null };
}
