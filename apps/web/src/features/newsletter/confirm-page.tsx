import { Alert, Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { AuthCard } from '../auth/auth-card';

/**
 * /hirlevel/megerosites?token=…: the link of the confirmation e-mail. One button, and no change on opening:
 * link scanners open every link of a message, and some run its JavaScript too, so confirming on load would
 * let a scanner give the consent that only the subscriber may give.
 */
export function NewsletterConfirmPage({ token }: { token: string | undefined }) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.newsletter.confirm.mutationOptions({ meta: { toastError: false } }));

  return (
    <AuthCard title="Hírlevél-feliratkozás megerősítése" maxW="lg">
      <Stack gap="4" aria-live="polite">
        {confirm.isSuccess ? (
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
        ) : !token ? (
          <Problem message="A link hiányos. Nyisd meg a megerősítő levélben lévő linket még egyszer!" />
        ) : confirm.isError ? (
          <Problem message={errorMessage(confirm.error)} />
        ) : (
          <>
            <Text>
              Erősítsd meg, hogy kéred a hírlevelünket! A gombra kattintva adod meg a hozzájárulásodat.
            </Text>
            <Button
              colorPalette="brand"
              alignSelf="flex-start"
              loading={confirm.isPending}
              onClick={() => confirm.mutate({ token })}
            >
              Feliratkozás megerősítése
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
