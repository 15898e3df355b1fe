/**
 * localStorage, beyond the spec: this browser's device token from its last sign-in. Sent with the
 * next sign-in, it lets the right password in while other people's failures throttle the account or
 * the address; it stays after sign-out, since it names the browser, not a session. Kept here rather
 * than in lib/storage.ts, which is part of the home page's first load: only the sign-in forms need it.
 */
const DEVICE_TOKEN_KEY = 'device-token';

export function readDeviceToken(): string | undefined {
  try {
    return window.localStorage.getItem(DEVICE_TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeDeviceToken(token: string): void {
  try {
    window.localStorage.setItem(DEVICE_TOKEN_KEY, token);
  } catch {
    // Private mode or a full quota: the next sign-in is simply not a known device.
  }
}
