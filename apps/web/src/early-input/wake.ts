import type { EarlyInput } from './capture';

declare global {
  interface Window {
    /** Written by the page's inline first script (capture.ts); absent where the page was built without it. */
    __earlyInput?: EarlyInput;
  }
}

/** Set on <html> once the app answers the page's controls itself. */
const AWAKE_ATTRIBUTE = 'data-awake';

/** Whether the app has taken the page over; false while it hydrates the server's HTML, and on the server. */
export function isAwake(): boolean {
  if (typeof document === 'undefined') return false;
  // A page without the capturing script has nothing to wake: the app answers it from the start.
  return !window.__earlyInput || document.documentElement.hasAttribute(AWAKE_ATTRIBUTE);
}

/** Ends the inline script's capturing: from now on the app's own handlers answer. */
export function markAwake(early: EarlyInput): void {
  early.awake = true;
  document.documentElement.setAttribute(AWAKE_ATTRIBUTE, '');
}

/**
 * Called once the app has taken the page over. Most visits did nothing before that, and only the
 * capturing ends; the code that carries out what the shopper did meanwhile is fetched only when they
 * did something (it stays off every page's first load). Until it has run, new taps keep queueing
 * behind the earlier ones, so everything happens in the order it was done.
 */
export function wakeEarlyInput(): void {
  const early = window.__earlyInput;
  if (!early || early.awake) return;
  // The app's first commit leaves the page's Suspense boundaries to be hydrated in later tasks; a
  // field's typed value handed over before its boundary is hydrated would be overwritten by it. The
  // browser is idle once React has hydrated them all.
  afterHydration(() => {
    if (early.actions.length === 0 && early.changed.size === 0) markAwake(early);
    else void import('./replay').then((module) => module.replayEarlyInput(early));
  });
}

/**
 * On a slow phone the browser may not fall idle for a long time (a CPU slowed four times went more than
 * 10 s without an idle moment in a keyboard journey), and a tap queued meanwhile must not wait for it:
 * past the time limit the queue is carried out anyway, by then the page's boundaries have had seconds
 * to hydrate.
 */
const WAKE_AT_THE_LATEST_MS = 4_000;

function afterHydration(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: WAKE_AT_THE_LATEST_MS });
  else setTimeout(run, 200);
}
