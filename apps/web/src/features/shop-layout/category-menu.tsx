import { Box, Link as ChakraLink, Container, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TCategoryTreeNode } from '@shop/api/schemas';
import { MENU_MAX_HEIGHT } from '@shop/ui';
import { useState } from 'react';
import { LuChevronDown } from 'react-icons/lu';
import { CategoryLink } from '../catalog/category-link';

/** Desktop category bar: root categories; pointing at one opens its subtree as a mega menu. */
export function CategoryMenu({ tree }: { tree: TCategoryTreeNode[] }) {
  const [activeId, setActiveId] = useState<number | null>(null);
  const active = tree.find((node) => node.id === activeId && node.children.length > 0);
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
      onKeyDown={(event) => event.key === 'Escape' && close()}
    >
      <Container maxW="7xl">
        <Flex as="ul" gap="1" overflowX="auto" css={{ scrollbarWidth: 'none' }}>
          {tree.map((node) => (
            <Box as="li" key={node.id} flexShrink={0}>
              <ChakraLink
                asChild
                display="flex"
                alignItems="center"
                gap="1"
                px="3"
                py="3"
                fontWeight="medium"
                fontSize="sm"
                color="inherit"
                textDecoration="none"
                bg={activeId === node.id ? 'whiteAlpha.200' : undefined}
                _hover={{ bg: 'whiteAlpha.200', textDecoration: 'none' }}
                _focusVisible={{ outline: '2px solid white', outlineOffset: '-2px' }}
                onMouseEnter={() => setActiveId(node.id)}
                onFocus={() => setActiveId(node.id)}
                onClick={close}
              >
                <CategoryLink category={node} aria-haspopup={node.children.length > 0 ? 'true' : undefined}>
                  {node.title}
                  {node.children.length > 0 && <LuChevronDown aria-hidden="true" size="14" />}
                </CategoryLink>
              </ChakraLink>
            </Box>
          ))}
        </Flex>
      </Container>
      {active && (
        <Box
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
              {active.children.map((child) => (
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
                <CategoryLink category={active}>Kategória megnyitása: {active.title} →</CategoryLink>
              </ChakraLink>
            </Text>
          </Container>
        </Box>
      )}
    </Box>
  );
}
