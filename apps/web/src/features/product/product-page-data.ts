import type { TProduct } from '@shop/api/schemas';
import type { QueryClient } from '@tanstack/react-query';
import type { Trpc } from '../../lib/trpc';
import { relatedProductsOptions } from '../catalog/queries';
import { LazyStockNotify } from './lazy-stock-notify';
import { productReviewsOptions } from './reviews-queries';

/**
 * What a product page shows besides the product, loaded by both product routes once they have it. The
 * server waits for the related products and the first page of reviews, so its page has them (and
 * crawlers the links) and the browser only hydrates them; the browser starts loading them and shows the
 * page without waiting.
 * The sold-out form's code loads with a sold-out product (or one with a sold-out variant), so its page
 * hydrates it at once.
 */
export async function loadProductPageParts(queryClient: QueryClient, trpc: Trpc, product: TProduct) {
  // Related products and reviews are extra: without them the page is still whole.
  const related = queryClient
    .ensureQueryData(relatedProductsOptions(trpc, product.id))
    .catch(() => undefined);
  const reviews = queryClient
    .ensureQueryData(productReviewsOptions(trpc, product.id, 1))
    .catch(() => undefined);
  const onServer = typeof document === 'undefined';
  // A product sold in variants may offer the form for a sold-out variant while others are in stock.
  const canSellOut = !product.inStock || product.variants.some((variant) => !variant.inStock);
  await Promise.all([
    onServer ? related : undefined,
    onServer ? reviews : undefined,
    canSellOut ? LazyStockNotify.load() : undefined,
  ]);
}
