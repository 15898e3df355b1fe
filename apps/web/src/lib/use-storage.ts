import { useMemo, useSyncExternalStore } from 'react';
import {
  type GuestCartLine,
  parseGuestCart,
  readDrawerOpen,
  readGuestCartText,
  readToken,
  subscribeStorage,
} from './storage';

export const useToken = (): string | null => useSyncExternalStore(subscribeStorage, readToken);
export const useDrawerOpen = (): boolean => useSyncExternalStore(subscribeStorage, readDrawerOpen);

/** The guest cart, the same in every component and tab (the stored text is the snapshot, so it is stable). */
export function useGuestCart(): GuestCartLine[] {
  const text = useSyncExternalStore(subscribeStorage, readGuestCartText);
  return useMemo(() => parseGuestCart(text), [text]);
}
