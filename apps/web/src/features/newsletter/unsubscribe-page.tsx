import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { AuthCard } from '../auth/auth-card';

/**
 * /hirlevel/leiratkozas?token=…: the visible unsubscribe link of every marketing e-mail. One button, and
 * no change on opening: link scanners open every link of a message. (A mail client's own "unsubscribe"
 * posts to the List-Unsubscribe address instead and needs no page.)
 */
export function NewsletterUnsubscribePage({ token }: { token: string | undefined }) {
  const trpc = useTRPC();
  const unsubscribe = useMutation(
    trpc.newsletter.unsubscribe.mutationOptions({ meta: { toastError: false } }),
  );

  return (
    <AuthCard title="Leiratkozás a hírlevélről" maxW="lg">
      <Stack gap="4" aria-live="polite">
        {unsubscribe.isSuccess ? (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Leiratkoztál a hírlevélről.</Alert.Title>
              <Alert.Description>
                Erre a címre több hírlevelet nem küldünk: {unsubscribe.data.email}. Ha meggondolod magad, az
                oldal alján újra feliratkozhatsz.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : !token || unsubscribe.isError ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {unsubscribe.isError
                  ? errorMessage(unsubscribe.error)
                  : 'A link hiányos. Nyisd meg a levél alján lévő leiratkozó linket még egyszer!'}
              </Alert.Title>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <>
            <Text>Biztosan nem kérsz több hírlevelet? A leiratkozás azonnal érvényes.</Text>
            <Button
              colorPalette="brand"
              alignSelf="flex-start"
              loading={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate({ token })}
            >
              Leiratkozom
            </Button>
          </>
        )}
        <Button asChild variant="outline" alignSelf="flex-start">
          <Link to="/">Vissza a webáruházba</Link>
        </Button>
      </Stack>
    </AuthCard>
  );
}
