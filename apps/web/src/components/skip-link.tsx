import { Link } from '@chakra-ui/react';
import type { MouseEvent } from 'react';

import { MAIN_CONTENT_ID } from './main-content';

export { MAIN_CONTENT_ID };

/**
 * The first stop of the Tab key on every shop and admin page: it takes a keyboard or screen reader user
 * past the header's menu, search and icons (the admin's sidebar) straight to the page's content
 * (WCAG 2.4.1). The layout gives its <main> the id MAIN_CONTENT_ID and tabIndex -1. Hidden until it has
 * focus. Before the app wakes the browser follows the #tartalom anchor itself; after, focus moves
 * without a history entry, so the router does not treat it as a navigation.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      position="absolute"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      px="4"
      py="2"
      bg="bg"
      color="fg"
      fontWeight="semibold"
      borderRadius="l2"
      boxShadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none' }}
    >
      Ugrás a tartalomra
    </Link>
  );
}
