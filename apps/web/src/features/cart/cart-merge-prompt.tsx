import { lazy, Suspense } from 'react';
import { useGuestCart, useToken } from '../../lib/use-storage';

// The dialog (and its dialog machine) loads only for the moment it is needed.
const CartMergeDialog = lazy(() =>
  import('./cart-merge-dialog').then((module) => ({ default: module.CartMergeDialog })),
);

/**
 * As the specification asks, signing in with a non-empty guest cart asks whether to enter with that cart. A
 * session beside guest lines in this browser means exactly that moment (signed in, the cart goes to the
 * server), so the question stands, on any shop page and after a reload, until it is answered.
 */
export function CartMergePrompt() {
  const token = useToken();
  const guestLines = useGuestCart();
  if (!token || guestLines.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CartMergeDialog guestLines={guestLines} />
    </Suspense>
  );
}
