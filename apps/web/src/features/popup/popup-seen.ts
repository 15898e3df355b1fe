import type { TPopup } from '@shop/api/schemas';

/**
 * Where the browser remembers the popup it has shown: the `updatedAt` of that popup, so an admin's
 * change shows once more. Once per visitor lives in localStorage, once per session in sessionStorage.
 */
export const POPUP_SEEN_KEY = 'popup-seen';

function storageFor(frequency: TPopup['frequency']): Storage | null {
  try {
    return frequency === 'once_per_session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}

export function wasPopupSeen(popup: Pick<TPopup, 'frequency' | 'updatedAt'>): boolean {
  try {
    return storageFor(popup.frequency)?.getItem(POPUP_SEEN_KEY) === popup.updatedAt;
  } catch {
    return false;
  }
}

export function rememberPopupSeen(popup: Pick<TPopup, 'frequency' | 'updatedAt'>): void {
  try {
    storageFor(popup.frequency)?.setItem(POPUP_SEEN_KEY, popup.updatedAt);
  } catch {
    // Private mode or a full quota: it may show again on the next page load.
  }
}
