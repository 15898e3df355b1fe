import { ChakraProvider } from '@chakra-ui/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { system } from './system';

// Loaded right after the first render: toasts answer user actions, never the first paint.
const Toaster = lazy(() => import('./toaster-view').then((module) => ({ default: module.Toaster })));

export function ShopUiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ChakraProvider>
  );
}
