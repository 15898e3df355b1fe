/**
 * What the consent gate loads after the first paint, as one chunk: a second dynamic import would cost
 * the shop's first load its own preload list (about 0.6 kB gzip) for the Pixel's few lines.
 */
export { startBarionPixel } from './barion-pixel';
export { ConsentBanner } from './consent-banner';
