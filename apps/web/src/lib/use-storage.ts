import { useMemo, useSyncExternalStore } from 'react';
import {
  type GuestCartLine,
  parseGuestCart,
  readCouponCode,
  readDrawerOpen,
  readGuestCartText,
  readToken,
  subscribeStorage,
} from './storage';

// The server renders pages as a guest with nothing stored; hydration starts from the same values and
// React then re-renders with the browser's storage.
const NOTHING_STORED = () => null;
const DRAWER_CLOSED = () => false;

export const useToken = (): string | null =>
  useSyncExternalStore(subscribeStorage, readToken, NOTHING_STORED);
export const useDrawerOpen = (): boolean =>
  useSyncExternalStore(subscribeStorage, readDrawerOpen, DRAWER_CLOSED);

/** The guest cart, the same in every component and tab (the stored text is the snapshot, so it is stable). */
export function useGuestCart(): GuestCartLine[] {
  const text = useSyncExternalStore(subscribeStorage, readGuestCartText, NOTHING_STORED);
  return useMemo(() => parseGuestCart(text), [text]);
}

/** The coupon code the shopper applied, in every component and tab. */
export const useCouponCode = (): string | null =>
  useSyncExternalStore(subscribeStorage, readCouponCode, NOTHING_STORED);
