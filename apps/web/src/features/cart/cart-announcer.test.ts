// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addedMessage, announceCartChange } from './cart-announcer';

const region = () => document.querySelector<HTMLElement>('[data-cart-announcer]');

describe('announceCartChange', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has its polite live region in the page before the first change, empty', () => {
    // A screen reader reads only the changes of a region that was there before them.
    const live = region();
    expect(live).not.toBeNull();
    expect(live?.getAttribute('role')).toBe('status');
    expect(live?.getAttribute('aria-live')).toBe('polite');
    expect(live?.getAttribute('aria-atomic')).toBe('true');
    expect(live?.textContent).toBe('');
  });

  it('writes the message a moment after emptying the region, so the same message is said again', () => {
    announceCartChange(addedMessage('Kék bögre', 1));
    vi.runAllTimers();
    expect(region()?.textContent).toBe('A kosárba került: Kék bögre, 1 db');

    announceCartChange(addedMessage('Kék bögre', 1));
    expect(region()?.textContent).toBe('');
    vi.runAllTimers();
    expect(region()?.textContent).toBe('A kosárba került: Kék bögre, 1 db');
  });

  it('says only the last of quick changes, and keeps one region when the page replaced the body', () => {
    announceCartChange(addedMessage('Kék bögre', 1));
    announceCartChange(addedMessage('Piros bögre', 2));
    vi.runAllTimers();
    expect(region()?.textContent).toBe('A kosárba került: Piros bögre, 2 db');

    region()?.remove();
    announceCartChange('A kosár kiürült.');
    vi.runAllTimers();
    expect(document.querySelectorAll('[data-cart-announcer]')).toHaveLength(1);
    expect(region()?.textContent).toBe('A kosár kiürült.');
  });
});
