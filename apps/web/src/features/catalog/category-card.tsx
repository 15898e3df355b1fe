import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { TCategoryTreeNode } from '@shop/api/schemas';
import { LuChevronRight } from 'react-icons/lu';
import { CategoryLink } from './category-link';

const TILE_COLOURS = ['brand', 'accent', 'teal', 'orange', 'purple', 'cyan'] as const;

/** A category as a card: initial tile, title and its first subcategories. */
export function CategoryCard({ category, index }: { category: TCategoryTreeNode; index: number }) {
  const palette = TILE_COLOURS[index % TILE_COLOURS.length];
  const preview = category.children.slice(0, 4).map((child) => child.title);
  const more = category.children.length - preview.length;

  return (
    <Card.Root
      asChild
      variant="outline"
      bg="shop.surface"
      transition="box-shadow 0.15s, transform 0.15s, border-color 0.15s"
      _hover={{ boxShadow: 'md', transform: 'translateY(-2px)', borderColor: 'brand.emphasized' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <CategoryLink category={category}>
        <Card.Body gap="3" p={{ base: '4', md: '5' }}>
          <Flex align="center" gap="3">
            <Flex
              aria-hidden="true"
              flexShrink={0}
              boxSize={{ base: '10', md: '12' }}
              borderRadius="l3"
              align="center"
              justify="center"
              fontWeight="bold"
              fontSize={{ base: 'lg', md: 'xl' }}
              colorPalette={palette}
              bg="colorPalette.subtle"
              color="colorPalette.fg"
            >
              {category.title.slice(0, 1)}
            </Flex>
            <Heading as="h3" size={{ base: 'sm', md: 'md' }} flex="1" lineClamp={2}>
              {category.title}
            </Heading>
            <Box color="fg.subtle" aria-hidden="true">
              <LuChevronRight />
            </Box>
          </Flex>
          {preview.length > 0 && (
            <Text fontSize="sm" color="fg.muted" lineClamp={2}>
              {preview.join(' · ')}
              {more > 0 && ` és még ${more}`}
            </Text>
          )}
        </Card.Body>
      </CategoryLink>
    </Card.Root>
  );
}
