import { createLazyFileRoute } from '@tanstack/react-router';
import { CartPage } from '../../features/cart/cart-page';

export const Route = createLazyFileRoute('/_visitor-index/cart')({
  component: CartPage,
});
