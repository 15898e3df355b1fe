export { fromBudapestInput, toBudapestInput } from './budapest-input';
export { CAROUSEL_INTERVAL_MS, MENU_MAX_HEIGHT, NOTIFICATION_TIMEOUT_MS } from './constants';
export { formatDate, formatDateTime, formatFileSize, formatNumber, formatPrice, spokenPrice } from './format';
export { ShopUiProvider } from './provider';
export { keepQuantitiesTogether } from './quantity-text';
export {
  BREAKPOINTS,
  getShopSystem,
  lightOnly,
  prepareShopSystem,
  SHOP_RECIPES,
  SHOP_SLOT_RECIPES,
  UNUSED_PALETTES,
} from './system';
export { toaster, useToastsBelow } from './toaster';
