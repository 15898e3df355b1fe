import { lazyComponent } from '../../lib/lazy-component';

/**
 * The sold-out product's "Szólunk, ha újra kapható" form. It validates with zod, which no other part of a
 * product page needs at start, so it loads only for a sold-out product (the product route's loader asks).
 */
export const LazyStockNotify = lazyComponent(() =>
  import('./stock-notify').then((module) => module.StockNotify),
);
