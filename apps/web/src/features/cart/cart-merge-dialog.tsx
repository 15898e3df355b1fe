import { formatNumber, toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type GuestCartLine, writeGuestCart } from '../../lib/storage';
import { isConflictError, isNotFoundError, useTRPC, useTRPCClient } from '../../lib/trpc';
import { Price } from '../catalog/price-display';
import { isLine, type LineRef } from './guest-cart';
import { CART_MUTATION_SCOPE } from './use-cart';

/** The server refused this one line (the product is gone, or the cart is full); the others still go in. */
const isRefusedLine = (error: unknown) => isNotFoundError(error) || isConflictError(error);

/** Confirmed: the server cart is emptied and the guest lines re-added by product (and variant) and quantity. */
function useEnterWithGuestCart() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  return useMutation({
    scope: CART_MUTATION_SCOPE,
    meta: { errorTitle: 'A kosarad átvétele nem sikerült.' },
    mutationFn: async (lines: readonly GuestCartLine[]) => {
      await client.cart.clear.mutate({});
      const refused: LineRef[] = [];
      for (const line of lines) {
        try {
          await client.cart.add.mutate(line);
        } catch (error) {
          if (!isRefusedLine(error)) throw error;
          refused.push(line);
        }
      }
      return refused;
    },
    onSuccess: (refused, lines) => {
      if (refused.length === 0) {
        toaster.success({ title: 'A kosaraddal léptél be.' });
      } else {
        const priced = queryClient.getQueryData(trpc.cart.price.queryKey({ cart: [...lines] }));
        const titleOf = (ref: LineRef) =>
          priced?.lines.find((line) => isLine(line, ref))?.title ?? `#${ref.product}`;
        toaster.warning({
          title: 'Néhány termék nem került át a kosaradba.',
          description: refused.map(titleOf).join(', '),
        });
      }
      // Only now: should the network fail midway, the guest lines (and the question) stay for another try.
      writeGuestCart([]);
    },
    onSettled: () => queryClient.invalidateQueries(trpc.cart.pathFilter()),
  });
}

export function CartMergeDialog({ guestLines }: { guestLines: readonly GuestCartLine[] }) {
  const trpc = useTRPC();
  const { data: guestCart } = useQuery(trpc.cart.price.queryOptions({ cart: [...guestLines] }));
  const { data: accountCart } = useQuery(trpc.cart.get.queryOptions());
  const enter = useEnterWithGuestCart();

  const pieces = guestLines.reduce((sum, line) => sum + line.quantity, 0);
  const accountPieces = accountCart?.itemCount ?? 0;
  const replaces =
    accountCart === undefined
      ? '.'
      : accountPieces > 0
        ? `, az ott lévő ${formatNumber(accountPieces)} termék helyére.`
        : '; a fiókod kosara most üres.';

  // Declined: the account's cart stays as it was, and the browser forgets the guest cart.
  const decline = () => writeGuestCart([]);

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) decline();
      }}
      title="Belépés a kosaraddal?"
      confirmLabel="Igen, ezzel a kosárral lépek be"
      cancelLabel="Nem, a fiókom kosarát kérem"
      onConfirm={() => enter.mutate(guestLines)}
      loading={enter.isPending}
      destructive={false}
      dismissible={false}
    >
      Bejelentkezés előtt {formatNumber(pieces)} terméket tettél a kosaradba
      {guestCart && (
        <>
          {' '}
          (<Price forints={guestCart.subtotal} />)
        </>
      )}
      . Ha ezzel a kosárral lépsz be, ezek kerülnek a fiókod kosarába{replaces}
    </ConfirmDialog>
  );
}
