import { Box, Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { HtmlContent } from '../../components/html-content';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { CategoryLink } from './category-link';
import { categoryCrumbs, findCategoryNode } from './category-tree';
import type { ListingSearch } from './listing-search';
import { ProductListing } from './product-listing';
import { categoryBySlugOptions, categoryTreeOptions } from './queries';

/**
 * Routes category-slug and category-pretty (README.md, "Routes"): the » path (the breadcrumb, said once),
 * subcategories and the filtered product grid.
 */
export function CategoryPage({ slugPath, search }: { slugPath: string; search: ListingSearch }) {
  const trpc = useTRPC();
  const { data: category } = useSuspenseQuery(categoryBySlugOptions(trpc, slugPath));
  const { data: tree } = useSuspenseQuery(categoryTreeOptions(trpc));
  const children = findCategoryNode(tree, category.id)?.children ?? [];
  const body = category.descriptions.find((description) => description.language === 'hu')?.body?.trim();
  const crumbs = categoryCrumbs(category);

  return (
    <Container maxW="7xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle(category.title)}</title>
      <Stack gap={{ base: '5', md: '6' }}>
        <PageBreadcrumb
          entries={crumbs.map((crumb) => ({
            key: crumb.urlPath,
            label: crumb.title,
            link: (label) => <CategoryLink category={crumb}>{label}</CategoryLink>,
          }))}
        />
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
          {category.title}
        </Heading>
        {body && <HtmlContent html={body} maxW="3xl" />}
        {children.length > 0 && (
          <Box as="nav" aria-labelledby="alkategoriak">
            <Text id="alkategoriak" fontSize="sm" fontWeight="semibold" color="fg.muted" mb="2">
              Alkategóriák
            </Text>
            <Flex as="ul" listStyleType="none" gap="2" wrap="wrap">
              {children.map((child) => (
                <li key={child.id}>
                  <Button asChild variant="outline" size="sm" bg="shop.surface" borderRadius="full">
                    <CategoryLink category={child}>{child.title}</CategoryLink>
                  </Button>
                </li>
              ))}
            </Flex>
          </Box>
        )}
        <ProductListing
          scope={{ category: slugPath }}
          search={search}
          emptyText="Ebben a kategóriában még nincs a szűrésnek megfelelő termék."
        />
      </Stack>
    </Container>
  );
}
