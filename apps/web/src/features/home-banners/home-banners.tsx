/** The home page's banner chunk: loaded beside the page's data, so the shop's first load stays small. */
export { BannerCarousel } from './banner-carousel';
export { HomeTop } from './home-top';
