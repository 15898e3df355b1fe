import { Box, Button, EmptyState, Heading, IconButton, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { toaster } from '@shop/ui';
import { Link } from '@tanstack/react-router';
import { LuHeart, LuX } from 'react-icons/lu';
import { ProductCard } from '../catalog/product-card';
import { useBookmarks, useToggleBookmark } from './use-bookmarks';

/** The signed-in customer's bookmarked products, for the account page (spec: bookmarks in /services/account). */
export function BookmarksSection() {
  const { data, isPending } = useBookmarks();
  const toggle = useToggleBookmark();

  const remove = (id: number, variant: number | null, title: string) =>
    toggle.mutate(variant === null ? { product: id } : { product: id, variant }, {
      onSuccess: () => toaster.success({ title: `„${title}” kikerült a kedvencek közül.` }),
    });

  return (
    <Box
      as="section"
      aria-labelledby="kedvencek"
      bg="shop.surface"
      borderWidth="1px"
      borderRadius="l3"
      boxShadow="xs"
      p={{ base: '4', md: '6' }}
    >
      <Heading as="h2" id="kedvencek" size="lg">
        Kedvenceim
      </Heading>
      <Text mt="1" mb="5" fontSize="sm" color="fg.muted">
        A termékoldalon a „Kedvencekhez” gombbal jelölt termékek.
      </Text>
      {isPending ? (
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
          <Skeleton h="64" borderRadius="l3" />
          <Skeleton h="64" borderRadius="l3" />
          <Skeleton h="64" borderRadius="l3" hideBelow="md" />
        </SimpleGrid>
      ) : data && data.items.length > 0 ? (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 3 }} gap="3">
          {data.items.map((item) => (
            <Box as="li" key={`${item.id}:${item.variant ?? ''}`} position="relative">
              <ProductCard product={item} variant={item.variant} />
              <IconButton
                position="absolute"
                top="2"
                insetEnd="2"
                size="xs"
                variant="surface"
                borderRadius="full"
                aria-label={`${item.title} eltávolítása a kedvencek közül`}
                disabled={toggle.isPending}
                onClick={() => remove(item.id, item.variant, item.title)}
              >
                <LuX />
              </IconButton>
            </Box>
          ))}
        </SimpleGrid>
      ) : (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuHeart />
            </EmptyState.Indicator>
            <EmptyState.Title>Még nincs kedvenced</EmptyState.Title>
            <EmptyState.Description>
              Nézz körül a termékek között, és jelöld meg, ami tetszik.
            </EmptyState.Description>
            <Button asChild size="sm" variant="outline">
              <Link to="/product">Termékek böngészése</Link>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
    </Box>
  );
}
