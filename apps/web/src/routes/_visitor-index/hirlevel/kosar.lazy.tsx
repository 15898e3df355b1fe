import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createLazyFileRoute, Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { AuthCard } from '../../../features/auth/auth-card';
import { isLine } from '../../../features/cart/guest-cart';
import { useCartActions } from '../../../features/cart/use-cart';
import { parseNewsletterLinkSearch } from '../../../features/newsletter/newsletter-search';
import { readGuestCart } from '../../../lib/storage';
import { errorMessage, useTRPC } from '../../../lib/trpc';
import { useToken } from '../../../lib/use-storage';

/**
 * /hirlevel/kosar?token=…: the link of the abandoned-cart reminder (#29), under the newsletter's prefix
 * because the reminder goes only with newsletter consent, and so a shop category named "kosár" keeps its
 * address. The token gives back the reminded cart's lines, which go into this browser's cart, a guest's or
 * the signed-in account's, on any device; then the cart page opens. A line already in the cart is raised to the reminded quantity, never
 * past it, so the link can be opened twice.
 */
export const Route = createLazyFileRoute('/_visitor-index/hirlevel/kosar')({
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
  const queryClient = useQueryClient();
  const signedIn = Boolean(useToken());
  const { addMany } = useCartActions();
  const restore = useMutation({
    ...trpc.abandonedCart.restore.mutationOptions({ meta: { toastError: false } }),
    onSuccess: async ({ lines }) => {
      // Each line up to the reminded quantity, never past it: a signed-in cart often still holds the
      // lines, and a second click of the link must not double them.
      const current = signedIn
        ? (await queryClient.fetchQuery(trpc.cart.get.queryOptions())).lines.filter((line) => !line.gift)
        : readGuestCart();
      const missing = lines.flatMap((line) => {
        const held = current.find((own) => isLine(own, line))?.quantity ?? 0;
        return line.quantity > held ? [{ ...line, quantity: line.quantity - held }] : [];
      });
      if (missing.length > 0) await addMany(missing);
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
