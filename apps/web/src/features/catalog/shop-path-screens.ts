import { lazyComponent } from '../../lib/lazy-component';
import type { ShopPath } from './resolve-path';

/**
 * The two screens a pretty URL (`/{slug...}`) can show. Only the path tells which, so the route's
 * loader loads the one it needs with its data (`loadShopPathScreen`), and a product page no longer
 * brings the listing's code (24 chunks, 86 kB) nor a category page the product page's (17 chunks).
 */
export const LazyProductPage = lazyComponent(() =>
  import('../product/product-page').then((module) => module.ProductPage),
);
export const LazyCategoryPage = lazyComponent(() =>
  import('./category-page').then((module) => module.CategoryPage),
);

export function loadShopPathScreen(path: ShopPath): Promise<unknown> | undefined {
  if (path.kind === 'product') return LazyProductPage.load();
  if (path.kind === 'category') return LazyCategoryPage.load();
  return undefined;
}

/**
 * The screen's source file, by which the server finds its chunks in the build's manifest and names them
 * to the page's start-up script: they arrive with the route's own chunks, before hydration.
 */
export function shopPathScreenFile(path: ShopPath): string | undefined {
  if (path.kind === 'product') return 'src/features/product/product-page.tsx';
  if (path.kind === 'category') return 'src/features/catalog/category-page.tsx';
  return undefined;
}
