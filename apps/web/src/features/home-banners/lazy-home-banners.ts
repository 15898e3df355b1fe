import { lazy } from 'react';

/** Starts loading the banner chunk; the home route calls it beside its data, so both arrive together. */
export const loadHomeBanners = () => import('./home-banners');

export const LazyHomeTop = lazy(() => loadHomeBanners().then((module) => ({ default: module.HomeTop })));
export const LazyBannerCarousel = lazy(() =>
  loadHomeBanners().then((module) => ({ default: module.BannerCarousel })),
);
