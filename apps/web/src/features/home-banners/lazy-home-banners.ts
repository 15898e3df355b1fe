import { lazyComponent } from '../../lib/lazy-component';

export const LazyHomeTop = lazyComponent(() => import('./home-banners').then((module) => module.HomeTop));
export const LazyBannerCarousel = lazyComponent(() =>
  import('./home-banners').then((module) => module.BannerCarousel),
);

/**
 * Starts loading the banner chunk; the home route calls it beside its data, so both arrive together,
 * and a server-rendered home page hydrates its banners with the rest.
 */
export const loadHomeBanners = () => Promise.all([LazyHomeTop.load(), LazyBannerCarousel.load()]);
