import { createFileRoute } from '@tanstack/react-router';
import { parseBarionResultSearch } from '../../../../features/orders/order-search';

/** Spec §2 order-barion-result: Barion sends the payer back here with `?paymentId=`. */
export const Route = createFileRoute('/_visitor-index/order/barion/result')({
  validateSearch: parseBarionResultSearch,
});
