import type { TCart } from '@shop/api/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { readGuestCart, writeCouponCode, writeGuestCart } from '../../lib/storage';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useCouponCode, useGuestCart, useToken } from '../../lib/use-storage';
import { announceAddToCart } from './announce-add-to-cart';
import { addedMessage, announceCartChange } from './cart-announcer';
import { addGuestLine, type LineRef, ownLine } from './guest-cart';

/** One change of a cart line; `variant` for a product sold in variants. */
export type CartAddInput = { product: number; variant?: number | null; quantity: number; replace?: boolean };

const EMPTY_CART: TCart = {
  lines: [],
  itemCount: 0,
  subtotal: 0,
  itemsTotal: 0,
  discounts: [],
  discountTotal: 0,
  freeShipping: false,
  coupon: null,
  hints: [],
  vatContent: 0,
  shipping: null,
  orderable: false,
};

/** Cart changes wait for each other, so two quick adds never overwrite one another's line. */
export const CART_MUTATION_SCOPE = { id: 'cart' };

const quantityOf = (lines: readonly (LineRef & { quantity: number; gift?: boolean })[], ref: LineRef) =>
  ownLine(lines, ref)?.quantity ?? 0;

/** The line as the API names it: `variant` only when there is one. */
const refOf = ({ product, variant }: LineRef): { product: number; variant?: number } =>
  variant == null ? { product } : { product, variant };

/**
 * Adding to, changing and emptying the cart, the same for a guest and a signed-in customer. A guest's
 * lines live in the browser (the specification's storage key `cart`) and are priced by cart.price before they
 * are stored, so the server judges them (and their limits) as it judges its own cart. Every change that puts
 * pieces into the cart is announced as `a2c`, with the unit price the cart answered.
 */
export function useCartActions() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const signedIn = Boolean(useToken());

  const addMutation = useMutation({
    mutationKey: trpc.cart.add.mutationKey(),
    scope: CART_MUTATION_SCOPE,
    meta: { errorTitle: 'A kosár módosítása nem sikerült.' },
    mutationFn: async (changes: readonly CartAddInput[]) => {
      if (signedIn) {
        let before = queryClient.getQueryData(trpc.cart.get.queryKey())?.lines ?? [];
        const added: { product: number; variant?: number; quantity: number }[] = [];
        let cart: TCart | undefined;
        for (const { quantity, replace, ...line } of changes) {
          const ref = refOf(line);
          cart = await client.cart.add.mutate({ ...ref, quantity, replace });
          queryClient.setQueryData(trpc.cart.get.queryKey(), cart);
          const now = quantityOf(cart.lines, ref);
          added.push({ ...ref, quantity: replace ? now - quantityOf(before, ref) : quantity });
          before = cart.lines;
        }
        return { cart: cart ?? EMPTY_CART, added };
      }
      const lines = readGuestCart();
      const next = changes.reduce(
        (current, { quantity, replace, ...line }) => addGuestLine(current, line, quantity, replace),
        lines,
      );
      const cart = await queryClient.fetchQuery(trpc.cart.price.queryOptions({ cart: next }));
      writeGuestCart(next);
      const added = changes.map(({ quantity, replace, ...line }) => ({
        ...refOf(line),
        quantity: replace ? quantityOf(next, line) - quantityOf(lines, line) : quantity,
      }));
      return { cart, added };
    },
    onSuccess: ({ cart, added }, changes) => {
      const news: string[] = [];
      added.forEach(({ quantity, ...ref }, index) => {
        const line = ownLine(cart.lines, ref);
        if (line && quantity > 0)
          announceAddToCart({ ...ref, quantity, unitPrice: line.unitPrice, name: line.title });
        const change = changes[index];
        // A removed line is gone from the answer; the cart page's change carries its title.
        const title = line?.title ?? (change && 'title' in change ? String(change.title) : null);
        if (!title || quantity === 0) return;
        if (!change?.replace) news.push(addedMessage(title, quantity));
        else news.push(line ? `${title}: ${line.quantity} db a kosárban` : `Kikerült a kosárból: ${title}`);
      });
      if (news.length > 0) announceCartChange(news.join('; '));
    },
    onSettled: () => (signedIn ? queryClient.invalidateQueries(trpc.cart.pathFilter()) : undefined),
  });

  const clearMutation = useMutation({
    mutationKey: trpc.cart.clear.mutationKey(),
    scope: CART_MUTATION_SCOPE,
    meta: { errorTitle: 'A kosár ürítése nem sikerült.' },
    mutationFn: async () => {
      if (signedIn) queryClient.setQueryData(trpc.cart.get.queryKey(), await client.cart.clear.mutate({}));
      else writeGuestCart([]);
    },
    onSuccess: () => announceCartChange('A kosár kiürült.'),
    onSettled: () => (signedIn ? queryClient.invalidateQueries(trpc.cart.pathFilter()) : undefined),
  });

  const { mutateAsync: change } = addMutation;
  /** Several lines at once (the quick add by product codes): a guest's cart is priced once. */
  const addMany = useCallback(
    async (changes: readonly CartAddInput[]) => (await change(changes)).cart,
    [change],
  );
  /** `line` is a product's id, or the product and its variant. */
  const add = useCallback(
    (line: number | LineRef, quantity: number, options?: { replace?: boolean }) =>
      addMany([
        { ...(typeof line === 'number' ? { product: line } : line), quantity, replace: options?.replace },
      ]),
    [addMany],
  );
  const remove = useCallback((line: number | LineRef) => add(line, 0, { replace: true }), [add]);
  const { mutateAsync: clear } = clearMutation;

  return { add, addMany, remove, clear, pending: addMutation.isPending || clearMutation.isPending };
}

/**
 * The cart as the cart page shows it, whoever is shopping: the signed-in customer's server cart
 * (cart.get) or the guest's browser lines priced by cart.price, with the applied coupon code
 * (cart.coupon for the server cart); with the actions, the piece count and the coupon's setter.
 */
export function useCart() {
  const trpc = useTRPC();
  const signedIn = Boolean(useToken());
  const guestLines = useGuestCart();
  const couponCode = useCouponCode();
  const actions = useCartActions();
  // Kept beside the coupon's pricing: cart changes read the lines from it to announce what they added.
  const server = useQuery({ ...trpc.cart.get.queryOptions(), enabled: signedIn });
  const serverWithCoupon = useQuery({
    ...trpc.cart.coupon.queryOptions({ couponCode: couponCode ?? '' }),
    enabled: signedIn && couponCode !== null,
    placeholderData: keepPreviousData,
  });
  const guest = useQuery({
    ...trpc.cart.price.queryOptions(couponCode ? { cart: guestLines, couponCode } : { cart: guestLines }),
    enabled: !signedIn && guestLines.length > 0,
    // Another tab changed the lines: the cart stays on screen until their prices arrive.
    placeholderData: keepPreviousData,
  });
  const own = couponCode === null ? server : serverWithCoupon;
  const cart: TCart | undefined = signedIn ? own.data : guestLines.length === 0 ? EMPTY_CART : guest.data;
  return {
    cart,
    error: signedIn ? own.error : guest.error,
    refetch: signedIn ? own.refetch : guest.refetch,
    signedIn,
    count: cart?.itemCount ?? 0,
    couponCode,
    /** Applies a code (already checked against ZCouponCode), or removes it with null. */
    setCouponCode: writeCouponCode,
    ...actions,
  };
}
