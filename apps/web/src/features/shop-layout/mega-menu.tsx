import { Box, Link as ChakraLink, Container, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TCategoryTreeNode } from '@shop/api/schemas';
import { MENU_MAX_HEIGHT } from '@shop/ui';
import { useEffect, useRef } from 'react';
import { CategoryLink } from '../catalog/category-link';

const PANEL = '[data-testid="mega-menu"]';

/** Which of its links an opening asked for by an arrow key takes the focus (none after a click). */
let focusOnOpen: 'first' | 'last' | null = null;

const panelLinks = (item: Element) => [...item.querySelectorAll<HTMLElement>(`${PANEL} a`)];

/**
 * The arrow keys of the category bar, as the disclosure navigation pattern has them: Left and Right
 * move between the bar's links and buttons, Down (Up) goes into a category's subcategories at the first
 * (last) one, opening them if they are closed; inside, Down and Up go through the links in reading order
 * and Up from the first back to the button, Left and Right to the first link of the column beside.
 * The bar (category-menu.tsx, on every page's first load) only stops the page from scrolling and hands
 * the key over to this chunk, which it loads for it.
 */
export function moveInMenu(key: string, target: HTMLElement) {
  const item = target.closest('li');
  const bar = item?.parentElement;
  if (!item || !bar) return;
  const button = item.querySelector<HTMLElement>(':scope > button');
  const top = [...bar.querySelectorAll<HTMLElement>(':scope > li > a, :scope > li > button')];
  const onBar = top.indexOf(target);
  if (onBar >= 0) {
    if (key === 'ArrowRight') top[onBar + 1]?.focus();
    else if (key === 'ArrowLeft') top[onBar - 1]?.focus();
    else if (button) {
      const links = panelLinks(item);
      const down = key === 'ArrowDown';
      if (links.length > 0) (down ? links[0] : links.at(-1))?.focus();
      else {
        focusOnOpen = down ? 'first' : 'last';
        button.click();
      }
    }
    return;
  }
  const links = panelLinks(item);
  const at = links.indexOf(target);
  if (at < 0) return;
  if (key === 'ArrowDown') links[at + 1]?.focus();
  else if (key === 'ArrowUp') (links[at - 1] ?? button)?.focus();
  else {
    const columns = [...item.querySelectorAll<HTMLElement>(`${PANEL} [data-menu-column]`)];
    const column = target.closest<HTMLElement>('[data-menu-column]');
    if (!column) return;
    const next = columns[columns.indexOf(column) + (key === 'ArrowRight' ? 1 : -1)];
    next?.querySelector<HTMLElement>('a')?.focus();
  }
}

/** The open subtree of a root category in the desktop category bar: its children and grandchildren. */
export default function MegaMenu({ node, close }: { node: TCategoryTreeNode; close: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  // Opened by Down or Up on the bar: the focus goes on into the subcategories.
  useEffect(() => {
    const wanted = focusOnOpen;
    focusOnOpen = null;
    if (!wanted || !panel.current) return;
    const links = panelLinks(panel.current.parentElement ?? panel.current);
    (wanted === 'first' ? links[0] : links.at(-1))?.focus();
  }, []);
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
            <Stack key={child.id} gap="1.5" data-menu-column="">
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
