import { useCallback, useSyncExternalStore } from 'react';

/** One list per query: React reads the snapshot at every render, and a list can be asked again. */
const lists = new Map<string, MediaQueryList>();
function mediaList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/**
 * Whether the screen matches a media query (`(min-width: 1280px)`), following it as it changes. While
 * hydrating a server-rendered page it is false, as on the server, which cannot know the screen: what
 * only a match shows is drawn in the browser, in the render right after hydration.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaList(query).matches,
    () => false,
  );
}
