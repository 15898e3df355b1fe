import { createToaster } from '@chakra-ui/react';
import { NOTIFICATION_TIMEOUT_MS } from './constants';

/**
 * The app's one toast queue; every notification closes after NOTIFICATION_TIMEOUT_MS. The queue is
 * tiny; the component that draws it (toaster-view.tsx) loads after the first render, so the shop's
 * first load does not carry it.
 */
export const toaster = createToaster({
  placement: 'top-end',
  duration: NOTIFICATION_TIMEOUT_MS,
  pauseOnPageIdle: true,
  max: 4,
});
