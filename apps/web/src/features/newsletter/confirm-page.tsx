import { Alert, Button, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { AuthCard } from '../auth/auth-card';

/**
 * /hirlevel/megerosites?token=…: the link of the confirmation e-mail. Opening it in a browser confirms
 * (the page sends the token once it runs; a mail scanner that only fetches the HTML confirms nothing).
 */
export function NewsletterConfirmPage({ token }: { token: string | undefined }) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.newsletter.confirm.mutationOptions({ meta: { toastError: false } }));
  const { mutate } = confirm;
  useEffect(() => {
    if (token) mutate({ token });
  }, [token, mutate]);

  return (
    <AuthCard title="Hírlevél-feliratkozás megerősítése" maxW="lg">
      <Stack gap="4" aria-live="polite">
        {!token ? (
          <Problem message="A link hiányos. Nyisd meg a megerősítő levélben lévő linket még egyszer!" />
        ) : confirm.isSuccess ? (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Köszönjük, megerősítetted a feliratkozásodat!</Alert.Title>
              <Alert.Description>
                A hírleveleinket erre a címre küldjük: {confirm.data.email}. Minden levél alján találsz
                leiratkozó linket.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : confirm.isError ? (
          <Problem message={errorMessage(confirm.error)} />
        ) : (
          <Text color="fg.muted">
            <Spinner size="sm" mr="2" /> Megerősítés…
          </Text>
        )}
        <Button asChild variant="outline" alignSelf="flex-start">
          <Link to="/">Vissza a webáruházba</Link>
        </Button>
      </Stack>
    </AuthCard>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        <Alert.Description>
          Feliratkozni az oldal alján, a Hírlevél résznél tudsz újra.{' '}
          <ChakraLink asChild color="brand.fg" textDecoration="underline">
            <Link to="/contact">Kérdésed van? Írj nekünk!</Link>
          </ChakraLink>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
