import { createFileRoute } from '@tanstack/react-router';

/** /order/checkout (beyond the spec's list): the one checkout page. The screen is in the .lazy file. */
export const Route = createFileRoute('/_visitor-index/order/checkout')({
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.checkout.shippingList.queryOptions()),
      queryClient.ensureQueryData(trpc.checkout.paymentList.queryOptions()),
    ]),
});
