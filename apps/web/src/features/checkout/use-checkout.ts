import {
  orderFeeVatClass,
  shippingFeeFor,
  type TPaymentMethod,
  type TPlaceOrderOutput,
  type TShippingMethod,
  ZPlaceOrderInput,
} from '@shop/api/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTouchedFields } from '../../components/form/use-touched-fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { selectItems } from '../../lib/select-items';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useGuestCart } from '../../lib/use-storage';
import { useCart } from '../cart/use-cart';
import { orderKeyFor, rememberOrderKey } from '../orders/order-access';
import { orderByIdOptions } from '../orders/order-queries';
import { orderTotals } from './checkout-totals';
import {
  checkoutOnlyErrors,
  initialValues,
  orderInputOf,
  prefillFromCustomer,
  withPreselectedShipping,
} from './checkout-values';
import { newIdempotencyKey } from './idempotency-key';
import { orderRefusalKind } from './order-refusal';

export type CheckoutProblem = { message: string; backToCart: boolean };

/**
 * The checkout's state and its one action. Values are checked with the API's own schema before
 * anything is sent; the server's answers land under the field they name. One Idempotency-Key serves
 * the whole visit, so a retry after a lost answer returns the order already placed instead of a
 * second one; the button is off while a placement is under way and after it succeeded.
 */
export function useCheckout(shippingMethods: TShippingMethod[], paymentMethods: TPaymentMethod[]) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cartState = useCart();
  const { signedIn, clear: clearCart } = cartState;
  const guestLines = useGuestCart();
  const details = useQuery({ ...trpc.user.details.queryOptions(), enabled: signedIn });
  const addresses = useQuery({
    ...trpc.user.addressList.queryOptions(undefined, { select: selectItems }),
    enabled: signedIn,
  });

  // Signed in beside guest lines: the layout asks whether to enter with them; until answered, wait.
  const cart = signedIn && guestLines.length > 0 ? undefined : cartState.cart;
  const [chosen, setValues] = useState(initialValues);
  const values = withPreselectedShipping(chosen, shippingMethods, paymentMethods, cart?.shipping?.methodId);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const shipping = shippingMethods.find((method) => method.id === values.shippingMethod);
  const payment = paymentMethods.find((method) => method.id === values.paymentMethod);
  const { errors, validate, applyServerError } = useZodForm(ZPlaceOrderInput, {
    input: orderInputOf(values, shipping, signedIn ? undefined : guestLines),
    extra: checkoutOnlyErrors(values, shipping),
  });
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const [placed, setPlaced] = useState<TPlaceOrderOutput | null>(null);
  /** Counts refused attempts, so the page can take the shopper to the first field to fix. */
  const [refusals, setRefusals] = useState(0);

  const { isTouched, track } = useTouchedFields();
  const prefilled = useRef(false);
  const user = details.data;
  const savedAddresses = addresses.data;
  const addressesSettled = savedAddresses !== undefined || addresses.isError;
  useEffect(() => {
    if (prefilled.current || !user || !addressesSettled) return;
    prefilled.current = true;
    setValues((current) => prefillFromCustomer(current, user, savedAddresses, isTouched));
  }, [user, savedAddresses, addressesSettled, isTouched]);

  const afterPlaced = (result: TPlaceOrderOutput) => {
    const { order, payment, accessKey } = result;
    setPlaced(result);
    if (accessKey) rememberOrderKey(order.id, accessKey);
    queryClient.setQueryData(
      orderByIdOptions(trpc, order.id, accessKey ?? orderKeyFor(order.id)).queryKey,
      order,
    );
    void queryClient.invalidateQueries(trpc.order.myOrders.queryFilter());
    // The server emptied a customer's own cart; a guest's lives in this browser.
    if (signedIn) void queryClient.invalidateQueries(trpc.cart.pathFilter());
    else void clearCart();
    cartState.setCouponCode(null);
    if (payment) {
      window.location.assign(payment.gatewayUrl);
      return;
    }
    // A card payment that could not be started leaves the order waiting: the failure page offers a retry.
    const to = order.paymentMethod.provider === 'barion' ? '/order/failure' : '/order/success';
    void navigate({ to, search: { order: order.id } });
  };

  const place = useMutation(
    trpc.cart.order.mutationOptions({
      trpc: { context: { idempotencyKey } },
      meta: { toastError: false },
      onSuccess: afterPlaced,
      onError: (error) => {
        const kind = orderRefusalKind(error);
        if (kind === 'coupon') {
          // The summary's coupon field shows the code's state anew; the next press orders without it.
          setProblem({ message: errorMessage(error), backToCart: false });
          void queryClient.invalidateQueries(trpc.cart.pathFilter());
          return;
        }
        if (kind === 'cart') {
          setProblem({ message: errorMessage(error), backToCart: true });
          void queryClient.invalidateQueries(trpc.cart.pathFilter());
          return;
        }
        if (kind === 'fields') {
          applyServerError(error);
          setProblem({ message: 'Kérjük, javítsd a megjelölt adatokat.', backToCart: false });
          setRefusals((count) => count + 1);
          return;
        }
        setProblem({ message: errorMessage(error), backToCart: false });
      },
    }),
  );

  const totals = cart
    ? orderTotals({
        itemsTotal: cart.itemsTotal,
        itemsVat: cart.vatContent,
        shippingFee: shipping && !cart.freeShipping ? shippingFeeFor(shipping, cart.itemsTotal) : 0,
        payment: payment ?? null,
        feeVatClass: orderFeeVatClass(cart.lines.map((line) => line.vatClass)),
      })
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (place.isPending || placed) return;
    setProblem(null);
    const input = validate();
    if (!input) {
      setRefusals((count) => count + 1);
      return;
    }
    if (!cart?.orderable) return;
    // Only a code the cart shows as applied goes with the order: a refused one says why beside it.
    place.mutate(cart.coupon?.applied ? { ...input, couponCode: cart.coupon.code } : input);
  };

  /** The server's word on the cart itself (empty, a product gone), shown beside the order button. */
  const cartIssue = Object.entries(errors).find(([path]) => path === 'cart' || path.startsWith('cart.'))?.[1];

  return {
    values,
    setValues,
    /** To spread on the form: which fields the shopper touched, so the prefill leaves them alone. */
    track,
    errors,
    cart,
    cartError: cartState.error,
    couponCode: cartState.couponCode,
    setCouponCode: cartState.setCouponCode,
    refetchCart: cartState.refetch,
    signedIn,
    savedAddresses,
    shipping,
    payment,
    totals,
    submit,
    pending: place.isPending,
    placed,
    problem: cartIssue ? { message: cartIssue, backToCart: true } : problem,
    refusals,
  };
}
