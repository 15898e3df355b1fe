import { useSyncExternalStore } from 'react';
import { readDrawerOpen, readGuestCartCount, readToken, subscribeStorage } from './storage';

export const useGuestCartCount = (): number => useSyncExternalStore(subscribeStorage, readGuestCartCount);
export const useToken = (): string | null => useSyncExternalStore(subscribeStorage, readToken);
export const useDrawerOpen = (): boolean => useSyncExternalStore(subscribeStorage, readDrawerOpen);
