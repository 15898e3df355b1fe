/** Browser storage keys as the specification names them: the exact names other clients of the API rely on. */
export const STORAGE_KEYS = {
  token: 'token',
  cart: 'cart',
  drawer: 'drawer',
} as const;

/** sessionStorage: when the app last reloaded itself after a failed chunk load. */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';
/**
 * Beyond the specification's keys: the coupon code the shopper applied, sent with the cart's pricing and the
 * order.
 */
export const COUPON_KEY = 'coupon';

/** Fired on this tab's own writes; the `storage` event only reports other tabs' writes. */
const LOCAL_CHANGE_EVENT = 'shop:storage';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app keeps working for this page view.
  }
  window.dispatchEvent(new CustomEvent(LOCAL_CHANGE_EVENT, { detail: key }));
}

/** Subscribe to changes of any key, from this tab or another one (for useSyncExternalStore). */
export function subscribeStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(LOCAL_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(LOCAL_CHANGE_EVENT, onChange);
  };
}

export const readToken = (): string | null => read(STORAGE_KEYS.token) || null;
export const writeToken = (token: string): void => write(STORAGE_KEYS.token, token);
export const removeToken = (): void => write(STORAGE_KEYS.token, null);

export const readDrawerOpen = (): boolean => read(STORAGE_KEYS.drawer) === 'open';
export const writeDrawerOpen = (open: boolean): void => write(STORAGE_KEYS.drawer, open ? 'open' : 'closed');

/** `variant` only for a product sold in variants: an integrator that knows none reads the line as before. */
export type GuestCartLine = { product: number; variant?: number; quantity: number };

/**
 * The guest cart as the specification stores it under `cart`: a JSON list of `{ product, quantity }` lines,
 * with `variant` beside `product` for a line of a product sold in variants ("kék, M").
 */
export const readGuestCartText = (): string | null => read(STORAGE_KEYS.cart);

/** Parses the stored guest cart; anything malformed counts as empty, lines without a quantity are dropped. */
export function parseGuestCart(raw: string | null): GuestCartLine[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((line: unknown) => {
      if (typeof line !== 'object' || line === null) return [];
      const { product, variant, quantity } = line as Record<string, unknown>;
      if (typeof product !== 'number' || typeof quantity !== 'number') return [];
      if (!Number.isInteger(product) || !Number.isInteger(quantity) || quantity <= 0) return [];
      if (variant === undefined || variant === null) return [{ product, quantity }];
      return typeof variant === 'number' && Number.isInteger(variant) ? [{ product, variant, quantity }] : [];
    });
  } catch {
    return [];
  }
}

export const readGuestCart = (): GuestCartLine[] => parseGuestCart(readGuestCartText());

/** Stores the guest cart; an empty one is removed from storage altogether. */
export const writeGuestCart = (lines: readonly GuestCartLine[]): void =>
  write(STORAGE_KEYS.cart, lines.length === 0 ? null : JSON.stringify(lines));

/**
 * The applied coupon code; a stored value that is not a code (edited by hand) counts as none. The
 * pattern is ZCouponCode's after folding (schemas/promotion-discount.ts), kept here without zod, as
 * every page reads storage before its first paint.
 */
export function readCouponCode(): string | null {
  const code = read(COUPON_KEY);
  return code !== null && /^[A-Z0-9_-]{1,40}$/.test(code) ? code : null;
}
export const writeCouponCode = (code: string | null): void => write(COUPON_KEY, code);
