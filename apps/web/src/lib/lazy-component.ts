import { type ComponentType, createElement, lazy, useState } from 'react';

/**
 * `React.lazy` that renders at once when its chunk has already arrived. React.lazy suspends on its
 * first render even then, and on a server-rendered page a suspended part stays lifeless HTML until it
 * hydrates a moment later: a click on it in between is lost. Calling `load` before hydration (a route
 * loader, or the browser's start-up) lets the part hydrate with the page.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per module at its top level
  function LazyComponent(props: P) {
    // Fixed for the life of this element: switching from the lazy wrapper to the component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(LazyComponent, { load: loadOnce });
}
