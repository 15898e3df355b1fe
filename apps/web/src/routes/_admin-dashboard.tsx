import { createFileRoute, redirect } from '@tanstack/react-router';
import { readToken, removeToken } from '../lib/storage';
import { isUnauthorizedError } from '../lib/trpc';

/**
 * Spec layout admin-dashboard. The guard lives here (not in the lazy file) so nobody downloads the
 * admin screens before `user.details` says admin; everyone else goes back to the sign-in form.
 *
 * It also decides, once for every admin screen, whether the person's role opens the section: a
 * section they may not open renders the "no permission" page in the shell (`deniedSection`) instead
 * of a screen whose every request the server would refuse.
 */
/** The admin page the guard last let in (a browser holds one admin at a time). */
let lastGuardedPath: string | null = null;

export const Route = createFileRoute('/_admin-dashboard')({
  beforeLoad: async ({ context: { queryClient, trpc }, location, preload }) => {
    if (!readToken()) throw redirect({ to: '/admin' });
    const details = trpc.user.details.queryOptions();
    // Going to another admin page asks again, so a suspended account ends at the sign-in form on its
    // next click and a changed role shows at once. A hover's preload, and a search, sort or page change
    // on the same page, make do with what is known: they must be instant, and the page's own requests
    // are checked by the server anyway.
    const samePage = location.pathname === lastGuardedPath;
    if (!preload) lastGuardedPath = location.pathname;
    const user = await (preload || samePage
      ? queryClient.ensureQueryData(details)
      : queryClient.fetchQuery({ ...details, staleTime: 0 })
    ).catch((error: unknown) => {
      if (!isUnauthorizedError(error)) throw error;
      removeToken();
      queryClient.removeQueries(trpc.user.pathFilter());
      throw redirect({ to: '/admin' });
    });
    if (user.role !== 'admin') throw redirect({ to: '/admin' });
    // Loaded here, not imported: the route tree is in every shopper's first download.
    const { admission } = await import('../features/admin/admission');
    return { user, deniedSection: admission(user, location.pathname).deniedSection };
  },
});
