import { type ComponentType, createElement, lazy, useState } from 'react';

/**
 * `React.lazy` that renders at once when its chunk has already arrived. React.lazy suspends on its
 * first render even then, and on a server-rendered page a suspended part stays lifeless HTML until it
 * hydrates a moment later: a click on it in between is lost. Calling `load` before hydration (a route
 * loader, or the browser's start-up) lets the part hydrate with the page.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  // In the browser the import starts in a task of its own: the bundler's preloading of the chunk's
  // dependencies (a <link> per file) took a phone's main thread for tens of milliseconds, and inside a
  // route loader it joined the router's own start-up work in one long task.
  const loadOnce = () => {
    loading ??= (typeof document === 'undefined' ? Promise.resolve() : nextTask()).then(load).then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A chunk that failed to arrive may arrive on the next try.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per module at its top level
  function LazyComponent(props: P) {
    // Fixed for the life of this element: switching from the lazy wrapper to the component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(LazyComponent, { load: loadOnce });
}

/** A new task. A timeout, not `yieldToBrowser`: sharing that module would give it a chunk of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
