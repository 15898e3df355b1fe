import { Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc';

/**
 * The signed token a public form sends back (GET /api/contact/form-token): it proves the form was
 * open for the server's minimum fill time. Fetched when the form opens; a person who is quicker than
 * that minimum simply waits the rest on submit instead of being refused.
 */
export function useFormToken() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = trpc.contact.formToken.queryOptions();
  const { dataUpdatedAt } = useQuery({ ...options, staleTime: Number.POSITIVE_INFINITY, gcTime: 0 });

  /** The token once it may be sent: waits out what is left of the minimum fill time. */
  const readyToken = useCallback(async (): Promise<string> => {
    const token = await queryClient.ensureQueryData(options);
    const issuedAt = queryClient.getQueryState(options.queryKey)?.dataUpdatedAt ?? Date.now();
    const wait = issuedAt + token.minFillSeconds * 1000 + 250 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return token.token;
  }, [queryClient, options]);

  /** After a send (or an expired token) the next message needs a fresh token. */
  const renew = useCallback(
    () => queryClient.invalidateQueries({ queryKey: options.queryKey }),
    [queryClient, options.queryKey],
  );

  return { readyToken, renew, loadedAt: dataUpdatedAt };
}

/** A failed send may have spent or outlived its token: the next try gets a fresh one. */
export function withFreshToken<T extends { onError: (error: unknown) => void }>(
  handlers: T,
  renew: () => unknown,
): T {
  return {
    ...handlers,
    onError: (error: unknown) => {
      handlers.onError(error);
      void renew();
    },
  };
}

/** The server's word on the form token (sent too fast, expired), which belongs to no visible field. */
export function FormTokenError({ message }: { message?: string }) {
  return message ? (
    <Text color="fg.error" fontSize="sm" role="alert">
      {message}
    </Text>
  ) : null;
}
