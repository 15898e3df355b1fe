import { Box, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { TPopup } from '@shop/api/schemas';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { readToken } from '../../lib/storage';
import { useTRPC } from '../../lib/trpc';
import { PopupCard } from './popup-card';
import { rememberPopupSeen, wasPopupSeen } from './popup-seen';

/** The popup never covers the cart, an order or its checkout, nor a quote being put into the cart. */
const NO_POPUP_PATHS = /^\/(cart|order|quote)(\/|$)/;

/** How long a page is shown before the popup may cover it. */
const POPUP_DELAY_MS = 1000;

/**
 * Whether to open the popup for this visitor now. The server answers shoppers only the popup meant for
 * them; an admin browsing the shop gets the stored one in any state, so its state and audience are
 * checked here too.
 */
function shouldOpen(popup: TPopup): boolean {
  if (!popup.active || wasPopupSeen(popup)) return false;
  const signedIn = readToken() !== null;
  if (popup.audience === 'guests') return !signedIn;
  if (popup.audience === 'customers') return signedIn;
  return true;
}

/**
 * The shop's popup as a modal dialog (focus kept inside, Esc or either close button closes it), off
 * the buying pages. It is remembered as seen when it opens, so it shows once per visitor or per
 * session as the admin chose.
 */
export default function ShopPopup() {
  const trpc = useTRPC();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const buying = NO_POPUP_PATHS.test(pathname);
  const { data: popup } = useQuery(trpc.popup.get.queryOptions());
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!popup || buying || !shouldOpen(popup)) return;
    // A moment after the page appeared, not over its first paint.
    const timer = window.setTimeout(() => {
      rememberPopupSeen(popup);
      setOpen(true);
    }, POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [popup, buying]);

  if (!popup || buying) return null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      placement="center"
      scrollBehavior="inside"
      size={{ base: 'xs', sm: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content maxH="calc(100dvh - 2rem)" p="0" overflow="hidden">
            {/* A long text scrolls under the close button, which stays in the corner on a phone. */}
            <Box overflowY="auto" overscrollBehavior="contain">
              <PopupCard
                popup={popup}
                bordered={false}
                onClose={() => setOpen(false)}
                renderTitle={(title) => (
                  // Clear of the close button: a long title would run under it on a phone.
                  <Dialog.Title asChild display="block" pe="8">
                    <span>{title}</span>
                  </Dialog.Title>
                )}
              />
            </Box>
            <Dialog.CloseTrigger asChild top="2" insetEnd="2">
              <CloseButton size="sm" bg="white" aria-label="Ablak bezárása" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
