import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { type CSSProperties, useEffect } from 'react';
import { markToastRegionShown, toastStore } from './toast-store';
import { TOAST_TOP_VARIABLE, useToastsTop } from './toaster';

export function Toaster() {
  const top = useToastsTop();
  useEffect(markToastRegionShown, []);
  return (
    <Portal>
      <ChakraToaster
        toaster={toastStore}
        aria-label="Értesítések (Alt+T)"
        insetInline={{ mdDown: '4' }}
        style={{ [TOAST_TOP_VARIABLE]: top } as CSSProperties}
      >
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger aria-label="Értesítés bezárása" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
