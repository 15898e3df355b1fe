export { CAROUSEL_INTERVAL_MS, MENU_MAX_HEIGHT, NOTIFICATION_TIMEOUT_MS } from './constants';
export { formatDate, formatDateTime, formatNumber, formatPrice } from './format';
export { ShopUiProvider } from './provider';
export { BREAKPOINTS, system } from './system';
export { Toaster, toaster } from './toaster';
