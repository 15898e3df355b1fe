import { useEffect, useState } from 'react';
import { SERVER_STATE_ELEMENT_ID } from '../ssr/server-state';

/**
 * A value only the browser knows (a stored choice, a media query), followed as it changes. On a page
 * the server rendered it starts as the server drew it, `serverValue`, also in a part drawn later on
 * that page, and the browser's own value arrives from an effect, in an ordinary render; a page the
 * browser draws itself reads it at once. Not `useSyncExternalStore`: React renders a store whose
 * server value differs from the browser's again right after hydration, synchronously, in one task
 * with the rest of the page's start-up (ARCHITECTURE.md, "Server rendering"). So nothing visible may
 * depend on the difference alone (CSS hides what the first paint must not show), and it is not for a
 * value a handler acts on, such as the session's token. `read` and `subscribe` must keep their
 * identity (module-level functions).
 */
export function useBrowserValue<T>(
  read: () => T,
  subscribe: (onChange: () => void) => () => void,
  serverValue: T,
): T {
  const [value, setValue] = useState(() => (fromServer() ? serverValue : read()));
  useEffect(() => {
    const follow = () => setValue(read());
    follow();
    return subscribe(follow);
  }, [read, subscribe]);
  return value;
}

/** On the server, or in a browser that hydrates (or hydrated) the server's page. */
function fromServer(): boolean {
  return typeof document === 'undefined' || document.getElementById(SERVER_STATE_ELEMENT_ID) !== null;
}
