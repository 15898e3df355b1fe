import { Box, Link as ChakraLink, Container, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TCategoryTreeNode } from '@shop/api/schemas';
import { MENU_MAX_HEIGHT } from '@shop/ui';
import { useEffect, useRef } from 'react';
import { CategoryLink } from '../catalog/category-link';

/** The open subtree of a root category in the desktop category bar: its children and grandchildren. */
export default function MegaMenu({ node, close }: { node: TCategoryTreeNode; close: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  // Kept here rather than in the bar, which is on every page's first load: Escape closes the menu (and
  // gives the focus back to its button when it was inside), and so does the focus leaving the menu's
  // item (its link, its button and this panel), so a Tab past the last subcategory uncovers the page.
  useEffect(() => {
    const item = panel.current?.parentElement;
    if (!item) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (item.contains(document.activeElement))
        item.querySelector<HTMLElement>('[aria-expanded=true]')?.focus();
      close();
    };
    const onFocus = (event: FocusEvent) => {
      if (!(event.target instanceof Node && item.contains(event.target))) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [close]);

  return (
    <Box
      ref={panel}
      position="absolute"
      insetX="0"
      top="100%"
      zIndex="dropdown"
      bg="white"
      color="fg"
      boxShadow="lg"
      borderBottomWidth="1px"
      data-testid="mega-menu"
    >
      <Container maxW="7xl" py="5" maxH={`${MENU_MAX_HEIGHT}px`} overflowY="auto">
        <SimpleGrid columns={{ md: 3, lg: 4 }} gap="6">
          {node.children.map((child) => (
            <Stack key={child.id} gap="1.5">
              <ChakraLink asChild fontWeight="semibold" color="brand.fg" onClick={close}>
                <CategoryLink category={child}>{child.title}</CategoryLink>
              </ChakraLink>
              {child.children.map((grandchild) => (
                <ChakraLink asChild key={grandchild.id} fontSize="sm" color="fg.muted" onClick={close}>
                  <CategoryLink category={grandchild}>{grandchild.title}</CategoryLink>
                </ChakraLink>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Text mt="4" fontSize="sm">
          <ChakraLink asChild color="brand.fg" fontWeight="medium" onClick={close}>
            <CategoryLink category={node}>Kategória megnyitása: {node.title} →</CategoryLink>
          </ChakraLink>
        </Text>
      </Container>
    </Box>
  );
}
