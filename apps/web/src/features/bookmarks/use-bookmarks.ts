import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useToken } from '../../lib/use-storage';

/** The signed-in customer's bookmarks. The API lists them with a POST (spec: `POST /api/bookmarks`). */
export const BOOKMARKS_KEY = ['bookmarks', 'list'] as const;

export function useBookmarks() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const token = useToken();
  // A stale token must not reach the POST: its 401 would end the session with an alert. The GET of
  // user.details answers 401 quietly, so the list waits until the session is known to be alive.
  const { data: user } = useQuery({ ...trpc.user.details.queryOptions(), enabled: Boolean(token) });
  return useQuery({
    queryKey: [...BOOKMARKS_KEY, token],
    queryFn: () => client.bookmarks.listOrAdd.mutate({}),
    enabled: Boolean(token && user),
    staleTime: 60_000,
  });
}

/** Adds a product, or removes it when it is bookmarked already; the answer is the new list. */
export function useToggleBookmark() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const token = useToken();
  return useMutation(
    trpc.bookmarks.listOrAdd.mutationOptions({
      onSuccess: (result) => queryClient.setQueryData([...BOOKMARKS_KEY, token], result),
      meta: { errorTitle: 'A kedvencek módosítása nem sikerült.' },
    }),
  );
}
