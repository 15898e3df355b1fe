// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceAddToCart } from '../cart/announce-add-to-cart';
import { startBarionPixel, trackCheckoutStart, trackProductView, trackPurchase } from './barion-pixel';
import { saveConsent } from './consent-choice';

const bp = vi.fn();
const tracked = () => bp.mock.calls.filter((call) => call[0] === 'track').map((call) => call[1]);
const consents = () => bp.mock.calls.filter((call) => call[0] === 'consent').map((call) => call[1]);
const mug = { id: 7, name: 'Kék bögre', unitPrice: 2490 };

// The Pixel tells a new decision from an old one by its time (decidedAt, to the millisecond), and it
// starts once per page, so it remembers the previous test's decision. Each test decides a minute
// later; two tests in the same millisecond made the third test's grant look like the second's.
let testClock = Date.UTC(2026, 10, 27, 9, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  testClock += 60_000;
  vi.setSystemTime(testClock);
  window.bp = bp;
  startBarionPixel();
});
afterEach(() => {
  vi.useRealTimers();
  bp.mockReset();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('the Barion Pixel follows the cookie choice', () => {
  it('sends no marketing event before a decision or after a rejection, but reports the rejection', () => {
    trackProductView(mug);
    announceAddToCart({ product: 7, quantity: 2, unitPrice: 2490, name: 'Kék bögre' });
    saveConsent({ statistics: true, marketing: false });
    trackProductView(mug);
    trackCheckoutStart([{ ...mug, quantity: 1 }], 2490);
    trackPurchase(1, [{ ...mug, quantity: 1 }], 2490);
    expect(tracked()).toEqual([]);
    expect(consents()).toEqual(['rejectConsent']);
  });

  it('grants consent and sends the events once marketing is accepted', () => {
    saveConsent({ statistics: false, marketing: true });
    expect(consents()).toEqual(['grantConsent']);
    trackProductView(mug);
    announceAddToCart({ product: 7, quantity: 2, unitPrice: 2490, name: 'Kék bögre' });
    trackCheckoutStart([{ ...mug, quantity: 2 }], 4980);
    trackPurchase(42, [{ ...mug, quantity: 2 }], 4980);
    trackPurchase(42, [{ ...mug, quantity: 2 }], 4980);
    expect(tracked()).toEqual(['contentView', 'addToCart', 'initiateCheckout', 'purchase']);
    const view = bp.mock.calls.find((call) => call[1] === 'contentView')?.[2];
    expect(view).toEqual({
      contentType: 'Product',
      id: '7',
      name: 'Kék bögre',
      quantity: 1,
      unit: 'db',
      unitPrice: 2490,
      currency: 'HUF',
    });
    const added = bp.mock.calls.find((call) => call[1] === 'addToCart')?.[2];
    expect(added).toMatchObject({ id: '7', quantity: 2, totalItemPrice: 4980, currency: 'HUF' });
  });

  it('stops the events when the visitor withdraws marketing consent', () => {
    saveConsent({ statistics: false, marketing: true });
    saveConsent({ statistics: false, marketing: false });
    trackProductView(mug);
    expect(consents()).toEqual(['grantConsent', 'rejectConsent']);
    expect(tracked()).toEqual([]);
  });
});
