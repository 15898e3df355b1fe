import { Flex } from '@chakra-ui/react';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../components/not-found-page';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link';
import { CartMergePrompt } from '../features/cart/cart-merge-prompt';
import { categoryTreeOptions } from '../features/catalog/queries';
import { ConsentGate } from '../features/consent/consent-gate';
import { PopupGate } from '../features/popup/popup-gate';
import { ShopFooter } from '../features/shop-layout/shop-footer';
import { ShopHeader } from '../features/shop-layout/shop-header';

/** Spec layout visitor-index: the shop's header (category menu, search, account, cart) and footer. */
export const Route = createFileRoute('/_visitor-index')({
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(categoryTreeOptions(trpc)),
      queryClient.ensureQueryData(trpc.page.list.queryOptions()),
    ]),
  component: VisitorLayout,
  notFoundComponent: NotFoundPage,
});

function VisitorLayout() {
  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink />
      {/* Fixed at the bottom of the screen, but first in the Tab order after the skip link: a keyboard
          user meets the cookie question at once, not after every link of the page. */}
      <ConsentGate />
      <ShopHeader />
      {/* Focusable only from the skip link, which moves focus here: no outline around the whole page. */}
      <Flex as="main" direction="column" flex="1" id={MAIN_CONTENT_ID} tabIndex={-1} outline="none">
        <Outlet />
      </Flex>
      <ShopFooter />
      <CartMergePrompt />
      <PopupGate />
    </Flex>
  );
}
