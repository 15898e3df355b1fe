import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { getShopSystem } from './system';
import { useToastsWanted } from './toaster';

// Loaded when the first notification is asked for (toaster.tsx): toasts answer user actions, never the first paint.
const Toaster = lazy(() => import('./toaster-view').then((module) => ({ default: module.Toaster })));

/**
 * The shop's system for a page whose head already holds Chakra's global styles (its layer order,
 * reset, base styles and token variables): a server-rendered one. The provider then draws none, and
 * the web app's build lets the system compute them only when asked (apps/web vite-chakra.ts,
 * `chakraLazyGlobalStyles`), so the browser never spends its start on them.
 */
function withoutGlobalStyles(system: SystemContext): SystemContext {
  return Object.create(system, {
    _global: { value: [] },
    _config: { value: { ...system._config, disableLayers: true } },
  });
}

let serverStyledSystem: SystemContext | undefined;

function providedSystem(globalStylesInHead: boolean): SystemContext {
  if (!globalStylesInHead) return getShopSystem();
  serverStyledSystem ??= withoutGlobalStyles(getShopSystem());
  return serverStyledSystem;
}

type ShopUiProviderProps = {
  children: ReactNode;
  /** True in the browser on a server-rendered page: the server wrote the global styles into the head. */
  globalStylesInHead?: boolean;
};

export function ShopUiProvider({ children, globalStylesInHead = false }: ShopUiProviderProps) {
  return (
    <ChakraProvider value={providedSystem(globalStylesInHead)}>
      {children}
      <Toasts />
    </ChakraProvider>
  );
}

function Toasts() {
  if (!useToastsWanted()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
