import { useSuspenseQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { type AdminAccess, mayAccess, missingAccessReason } from './access';
import { mayOpenAdminPath } from './sections';

/**
 * Whether the signed-in person may take an action, for hiding or disabling its control. The admin
 * guard has loaded `user.details` before any admin screen renders, so this never waits.
 */
export function useAdminAccess() {
  const trpc = useTRPC();
  const { data: user } = useSuspenseQuery(trpc.user.details.queryOptions());
  return {
    may: (needed: AdminAccess) => mayAccess(user, needed),
    /** Whether a link into the admin leads to a section the person may open. */
    mayOpen: (href: string) => mayOpenAdminPath(user, href),
    /** Null when allowed; otherwise the sentence that says which permission is missing. */
    reasonNot: (needed: AdminAccess) => (mayAccess(user, needed) ? null : missingAccessReason(needed)),
  };
}
