import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { createLazyFileRoute, Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { AuthCard } from '../../../features/auth/auth-card';
import { useCartActions } from '../../../features/cart/use-cart';
import { parseNewsletterLinkSearch } from '../../../features/newsletter/newsletter-search';
import { errorMessage, useTRPC } from '../../../lib/trpc';

/**
 * /kosar/visszaallitas?token=…: the link of the abandoned-cart reminder (#29). The token gives back the
 * reminded cart's lines, which go into this browser's cart, a guest's or the signed-in account's, on any
 * device; then the cart page opens. Lines already in the cart are added to, as any "Kosárba" would.
 */
export const Route = createLazyFileRoute('/_visitor-index/kosar/visszaallitas')({
  component: RestoreCartRoute,
});

function RestoreCartRoute() {
  // Read here rather than in a route file's validateSearch: this route stays out of the shop's first load.
  const { token } = parseNewsletterLinkSearch(useSearch({ strict: false }));
  return <RestoreCartPage key={token} token={token} />;
}

function RestoreCartPage({ token }: { token: string | undefined }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { addMany } = useCartActions();
  const restore = useMutation({
    ...trpc.abandonedCart.restore.mutationOptions({ meta: { toastError: false } }),
    onSuccess: async ({ lines }) => {
      if (lines.length > 0) await addMany(lines);
      await navigate({ to: '/cart', replace: true });
    },
  });
  const started = useRef(false);
  const { mutate } = restore;
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate({ token });
  }, [token, mutate]);

  const problem = !token
    ? 'A link hiányos. Nyisd meg az emlékeztető levélben lévő linket még egyszer!'
    : restore.isError
      ? errorMessage(restore.error)
      : null;

  return (
    <AuthCard title="A kosarad visszaállítása" maxW="lg">
      <Stack gap="4" aria-live="polite">
        {problem ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{problem}</Alert.Title>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <Stack direction="row" gap="3" align="center">
            <Spinner size="sm" />
            <Text>A termékeket visszatesszük a kosaradba…</Text>
          </Stack>
        )}
        <Button asChild variant="outline" alignSelf="flex-start">
          <Link to="/cart">Tovább a kosárhoz</Link>
        </Button>
      </Stack>
    </AuthCard>
  );
}
