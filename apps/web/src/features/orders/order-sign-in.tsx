import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { NotFoundPage } from '../../components/not-found-page';
import { pageTitle } from '../../lib/shop-info';
import { useToken } from '../../lib/use-storage';
import { SignInPanel } from '../auth/sign-in-panel';

/** What the order route's loader says when an order without its private key was not found. */
export type OrderNotFoundData = { signInMayHelp: true };

function signInMayHelp(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'signInMayHelp' in data;
}

/**
 * /order/{id} that could not be shown. A signed-out visitor who came without the order's private key is
 * most likely its owner following an e-mail's link (the review request's, for one), so the page asks them
 * to sign in and then shows the order. It says the same for every id, so it tells a stranger nothing about
 * which orders exist; once signed in, an order that is not theirs is 'Page not found' as before.
 */
export function OrderNotFound({ data }: { data?: unknown }) {
  const token = useToken();
  const router = useRouter();
  const askToSignIn = signInMayHelp(data) && !token;
  const tokenBefore = useRef(token);
  useEffect(() => {
    // Signed in on this page: the loader asks once more, now with the session. Only on that change: an
    // order that is not theirs answers 'not found' again, and asking again then would never end.
    if (token && !tokenBefore.current) void router.invalidate();
    tokenBefore.current = token;
  }, [token, router]);
  if (!askToSignIn) return <NotFoundPage data={data} />;
  return (
    <Container maxW="6xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle('Bejelentkezés a rendeléshez')}</title>
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
            Jelentkezz be a rendelésed megtekintéséhez
          </Heading>
          <Text color="fg.muted">
            A rendelés adatait, állapotát és a termékek értékelését csak a rendelés gazdája látja. Lépj be
            azzal a fiókkal, amellyel a rendelést leadtad.
          </Text>
        </Stack>
        <SignInPanel />
      </Stack>
    </Container>
  );
}
