/**
 * What the consent gate loads after the first paint, as one chunk: a second dynamic import would cost
 * the shop's first load its own preload list (about 0.6 kB gzip) for the Pixel's few lines.
 */
import { watchAnalyticsConsent } from '../analytics/analytics-loader';

export { startBarionPixel } from './barion-pixel';
export { ConsentBanner } from './consent-banner';

// GA4 and the Meta Pixel follow the choice from here: this chunk loads whenever the banner shows or a
// stored choice allows statistics or marketing (consent-gate.tsx), so the shop's first load carries no
// analytics code of its own.
watchAnalyticsConsent();
