import { removeToken } from './storage';

/** The only reaction to an HTTP 401 on a POST, as the specification asks (ARCHITECTURE.md, "Errors"). */
export const SESSION_EXPIRED_MESSAGE = 'A munkamenet lejárt. Jelentkezz be újra!';

let afterExpiry: () => void = () => window.location.assign('/');
let handling = false;

/** The app registers how to leave for `/` (router navigation, cache cleanup) once at start. */
export function onSessionExpired(handler: () => void): void {
  afterExpiry = handler;
}

export function handleSessionExpired(): void {
  // A batch can report several 401s at once; the user should see one alert.
  if (handling) return;
  handling = true;
  try {
    window.alert(SESSION_EXPIRED_MESSAGE);
    removeToken();
    afterExpiry();
  } finally {
    handling = false;
  }
}

/**
 * fetch for every call to the backend (tRPC and REST): a 401 answer to a POST means the session
 * ended, whatever the call was. GET answers are left to the caller (the admin guard turns them into
 * a redirect to the sign-in form).
 */
export const sessionAwareFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  if (response.status === 401 && method === 'POST') handleSessionExpired();
  return response;
};
