export {
  FEED_INTERVALS_MS,
  type PickupFeedWorker,
  runPickupFeedsOnce,
  startPickupFeedWorker,
} from './feed-schedule';
export {
  loadFeed,
  type MplCredentials,
  type PickupFeedSettings,
  type PickupFeedSource,
} from './feed-sources';
export { foxpostPointId, parseFoxpostFeed } from './feeds/foxpost';
export { parseGlsFeed } from './feeds/gls';
export { mplPointId, parseMplFeed } from './feeds/mpl';
export { parsePacketaFeed } from './feeds/packeta';
export { importPickupPoints, PICKUP_POINTS_CACHE_KEY } from './import-points';
export { PICKUP_POINT_CLOSED, pickupPointForOrder } from './order-point';
export type { FeedPoint } from './point-text';
export { distanceMetres, searchPickupPoints } from './search';
