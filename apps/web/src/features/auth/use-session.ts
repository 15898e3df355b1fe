import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { removeToken, writeToken } from '../../lib/storage';
import { useTRPC } from '../../lib/trpc';

/** Stores a fresh session token; whatever was cached about the previous user is dropped. */
export function useStartSession(): (token: string) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (token: string) => {
      queryClient.removeQueries(trpc.user.pathFilter());
      queryClient.removeQueries(trpc.bookmarks.pathFilter());
      queryClient.removeQueries(trpc.cart.pathFilter());
      writeToken(token);
    },
    [queryClient, trpc],
  );
}

/** Forgets the session in this browser (after the server ended it). */
export function useEndSession(): () => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => {
    removeToken();
    queryClient.removeQueries(trpc.user.pathFilter());
    queryClient.removeQueries(trpc.bookmarks.pathFilter());
    queryClient.removeQueries(trpc.cart.pathFilter());
  }, [queryClient, trpc]);
}

/** Revokes the session on the server first, then forgets the token (issue 3: never just forget it). */
export function useSignOut(onDone?: () => void) {
  const trpc = useTRPC();
  const endSession = useEndSession();
  return useMutation(
    trpc.user.signout.mutationOptions({
      onSuccess: () => {
        endSession();
        toaster.success({ title: 'Sikeresen kijelentkeztél.' });
        onDone?.();
      },
      meta: { errorTitle: 'A kijelentkezés nem sikerült.' },
    }),
  );
}
