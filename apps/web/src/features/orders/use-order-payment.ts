import type { TOrder } from '@shop/api/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { orderByIdOptions } from './order-queries';

/**
 * Paying an order that waits for its money: a new card payment (off to the gateway), or another
 * method, cash on delivery or transfer (then the order counts as received: the thank-you page).
 */
export function useOrderPayment(order: TOrder, accessKey: string | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [toGateway, setToGateway] = useState(false);
  const key = accessKey ? { key: accessKey } : {};

  const pay = useMutation(
    trpc.order.pay.mutationOptions({
      meta: { errorTitle: 'A fizetés most nem indítható el.' },
      onSuccess: ({ order: updated, payment }) => {
        queryClient.setQueryData(orderByIdOptions(trpc, updated.id, accessKey).queryKey, updated);
        void queryClient.invalidateQueries(trpc.order.myOrders.queryFilter());
        if (payment) {
          setToGateway(true);
          window.location.assign(payment.gatewayUrl);
          return;
        }
        void navigate({ to: '/order/success', search: { order: updated.id } });
      },
      // Someone may have paid or changed it meanwhile: show the order as it is now.
      onError: () => void queryClient.invalidateQueries(orderByIdOptions(trpc, order.id, accessKey)),
    }),
  );

  return {
    payByCard: () => pay.mutate({ id: order.id, ...key }),
    switchTo: (paymentMethod: number) => pay.mutate({ id: order.id, paymentMethod, ...key }),
    /** Which action runs: 'card', a payment method id, or null. */
    running: toGateway ? 'card' : pay.isPending ? (pay.variables?.paymentMethod ?? 'card') : null,
    busy: pay.isPending || toGateway,
  };
}
