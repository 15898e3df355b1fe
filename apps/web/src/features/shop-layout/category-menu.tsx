import { Box, Link as ChakraLink, Container, Flex, IconButton } from '@chakra-ui/react';
import type { TCategoryTreeNode } from '@shop/api/schemas';
import { lazy, Suspense, useState } from 'react';
import { LuChevronDown } from 'react-icons/lu';
import { CategoryLink } from '../catalog/category-link';

// The open subtree is not needed for the first paint (nothing is open then): it loads on first use, as
// does the arrow keys' handling. One import() for both: each costs the first load a list of chunks.
const loadMenus = () => import('./lazy-menus');
const MegaMenu = lazy(() => loadMenus().then((module) => ({ default: module.MegaMenu })));

/**
 * Desktop category bar: root categories, each with a button that opens its subtree as a mega menu
 * (pointing at the category opens it too). Focus alone opens nothing, so a Tab passing by does not
 * cover the page; the open subtree sits right after its button, so the next Tab goes into it, and
 * Escape or leaving it by Tab closes it (mega-menu.tsx, which loads with the first opening). The arrow
 * keys move through the bar and into a subtree (moveInMenu there); the page must not scroll under them,
 * which only this handler can stop in time, before the chunk arrives.
 */
export function CategoryMenu({ tree }: { tree: TCategoryTreeNode[] }) {
  const [activeId, setActiveId] = useState<number | null>(null);
  const close = () => setActiveId(null);

  return (
    <Box
      as="nav"
      aria-label="Kategóriák"
      bg="shop.menu"
      color="shop.menuFg"
      position="relative"
      hideBelow="md"
      onMouseLeave={close}
    >
      {/* Static, so the open menu spans the whole bar, as wide as the page. */}
      <Container maxW="7xl" position="static">
        <Flex
          as="ul"
          gap="1"
          overflowX="auto"
          css={{ scrollbarWidth: 'none' }}
          onKeyDown={(event) => {
            // Alt with an arrow is the browser's back and forward; only bare arrows move in the menu.
            if (!event.key.startsWith('Arrow') || event.altKey || event.ctrlKey || event.metaKey) return;
            event.preventDefault();
            const { key, target } = event;
            void loadMenus().then((module) => module.moveInMenu(key, target as HTMLElement));
          }}
        >
          {tree.map((node) => {
            const open = node.id === activeId && node.children.length > 0;
            return (
              <Flex
                as="li"
                key={node.id}
                flexShrink={0}
                align="center"
                _hover={{ bg: 'whiteAlpha.200' }}
                onMouseEnter={() => setActiveId(node.id)}
              >
                <ChakraLink
                  asChild
                  px="3"
                  py="3"
                  fontWeight="medium"
                  fontSize="sm"
                  color="inherit"
                  _hover={{ textDecoration: 'none' }}
                  _focusVisible={FOCUS}
                  onClick={close}
                >
                  <CategoryLink category={node}>{node.title}</CategoryLink>
                </ChakraLink>
                {node.children.length > 0 && (
                  <IconButton
                    variant="plain"
                    size="xs"
                    minW="6"
                    ms="-2"
                    color="inherit"
                    _focusVisible={FOCUS}
                    aria-label={`${node.title}: alkategóriák`}
                    aria-expanded={open}
                    onClick={() => setActiveId(open ? null : node.id)}
                  >
                    <LuChevronDown />
                  </IconButton>
                )}
                {open && (
                  <Suspense fallback={null}>
                    <MegaMenu node={node} close={close} />
                  </Suspense>
                )}
              </Flex>
            );
          })}
        </Flex>
      </Container>
    </Box>
  );
}

const FOCUS = { outline: '2px solid white', outlineOffset: '-2px' };
