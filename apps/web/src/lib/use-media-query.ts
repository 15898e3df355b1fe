import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the screen matches a media query (`(min-width: 1280px)`), following it as it changes. While
 * hydrating a server-rendered page it is false, as on the server, which cannot know the screen: what
 * only a match shows is drawn in the browser, in the render right after hydration.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
