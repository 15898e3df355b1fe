import { Suspense, useEffect } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { readConsent, useConsentDecided } from './consent-state';

// The banner and the Pixel's and analytics' followers load after the first paint, only when a visitor must
// decide, a Pixel is set, or a stored choice allows statistics or marketing.
const ConsentBanner = lazyComponent(() => import('./lazy-entry').then((module) => module.ConsentBanner));

/**
 * A server-rendered page carries the banner (the server cannot know the visitor's choice), so the
 * browser loads it before hydrating: the page's HTML and the app's first render then agree.
 */
export const loadConsentBanner = ConsentBanner.load;

/**
 * Shows the cookie banner until the visitor has a decision that still counts, or again when they reopen
 * it from the footer; and, where the server wrote the Barion Pixel into the page, keeps the Pixel told
 * of the choice (its code loads only then).
 */
export function ConsentGate() {
  const decided = useConsentDecided();
  useEffect(() => {
    // The chunk also starts GA4 and the Meta Pixel's follower (analytics-loader.ts) for a stored consent.
    const consent = readConsent();
    if (window.bp || consent?.statistics || consent?.marketing) {
      void import('./lazy-entry').then((module) => module.startBarionPixel());
    }
  }, []);
  if (decided) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  );
}
