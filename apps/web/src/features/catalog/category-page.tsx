import { Box, Container, EmptyState, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { LuFolderTree } from 'react-icons/lu';
import { HtmlContent } from '../../components/html-content';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { CategoryCard } from './category-card';
import { CategoryLink } from './category-link';
import { categoryCrumbs, findCategoryNode } from './category-tree';
import { categoryBySlugOptions, categoryTreeOptions } from './queries';

/** Spec §2 category-slug / category-pretty: the » path, the description and the subcategories. */
export function CategoryPage({ slugPath }: { slugPath: string }) {
  const trpc = useTRPC();
  const { data: category } = useSuspenseQuery(categoryBySlugOptions(trpc, slugPath));
  const { data: tree } = useSuspenseQuery(categoryTreeOptions(trpc));
  const children = findCategoryNode(tree, category.id)?.children ?? [];
  const body = category.descriptions.find((description) => description.language === 'hu')?.body?.trim();
  const crumbs = categoryCrumbs(category);

  return (
    <Container maxW="7xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle(category.title)}</title>
      <Stack gap={{ base: '5', md: '7' }}>
        <PageBreadcrumb
          entries={crumbs.map((crumb) => ({
            key: crumb.urlPath,
            label: crumb.title,
            link: (label) => <CategoryLink category={crumb}>{label}</CategoryLink>,
          }))}
        />
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
            {category.title}
          </Heading>
          {crumbs.length > 1 && (
            <Text mt="1" color="fg.muted" fontSize="sm">
              {category.path}
            </Text>
          )}
        </Box>
        {body && <HtmlContent html={body} maxW="3xl" />}
        {children.length > 0 ? (
          <Stack as="section" aria-labelledby="alkategoriak" gap="4">
            <Heading as="h2" id="alkategoriak" size="lg">
              Alkategóriák
            </Heading>
            <SimpleGrid columns={{ base: 1, sm: 2, md: 3, lg: 4 }} gap={{ base: '3', md: '4' }}>
              {children.map((child, index) => (
                <CategoryCard key={child.id} category={child} index={index} />
              ))}
            </SimpleGrid>
          </Stack>
        ) : (
          <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3" bg="shop.surface">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <LuFolderTree />
              </EmptyState.Indicator>
              <EmptyState.Title>Ennek a kategóriának nincsenek alkategóriái</EmptyState.Title>
              <EmptyState.Description>
                Nézz körül a többi kategóriában a fenti menüben.
              </EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
      </Stack>
    </Container>
  );
}
