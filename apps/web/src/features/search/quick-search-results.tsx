import { Box, Button, Flex, Image, Spinner, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { LuFolder, LuSearch } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { categoryHref } from '../catalog/category-tree';
import { Price } from '../catalog/price-display';

export type QuickSearchOption = { href: string };

type Props = {
  query: string;
  listId: string;
  active: number;
  onOptions: (options: QuickSearchOption[]) => void;
  onChoose: (href: string) => void;
  onSearchAll: () => void;
};

function Option({
  id,
  active,
  onChoose,
  href,
  children,
}: {
  id: string;
  active: boolean;
  onChoose: (href: string) => void;
  href: string;
  children: ReactNode;
}) {
  return (
    <Flex
      as="li"
      id={id}
      role="option"
      aria-selected={active}
      align="center"
      gap="3"
      px="3"
      py="2"
      cursor="pointer"
      bg={active ? 'brand.subtle' : undefined}
      _hover={{ bg: 'bg.subtle' }}
      // mousedown, not click: the input's blur would close the list before a click lands.
      onMouseDown={(event) => {
        event.preventDefault();
        onChoose(href);
      }}
    >
      {children}
    </Flex>
  );
}

/** The suggestion list under the header's search box: categories first, then products. */
export function QuickSearchResults({ query, listId, active, onOptions, onChoose, onSearchAll }: Props) {
  const trpc = useTRPC();
  const { data, isFetching } = useQuery({
    ...trpc.product.quickSearch.queryOptions({ query }, { staleTime: 60_000 }),
    placeholderData: keepPreviousData,
  });
  const categories = (data?.categories ?? []).slice(0, 4);
  const products = (data?.products ?? []).slice(0, 6);
  const options = [
    ...categories.map((category) => ({ href: categoryHref(category) })),
    ...products.map((product) => ({ href: `/${product.slug}` })),
  ];

  useEffect(() => {
    onOptions(options);
  });

  return (
    <Box
      position="absolute"
      top="calc(100% + 6px)"
      insetX="0"
      zIndex="popover"
      bg="white"
      borderWidth="1px"
      borderRadius="l3"
      boxShadow="lg"
      overflow="hidden"
    >
      <Box
        as="ul"
        id={listId}
        role="listbox"
        aria-label="Javaslatok"
        listStyleType="none"
        maxH="70dvh"
        overflowY="auto"
        py="1"
      >
        {categories.map((category, index) => (
          <Option
            key={`c${category.id}`}
            id={`${listId}-${index}`}
            active={active === index}
            onChoose={onChoose}
            href={categoryHref(category)}
          >
            <Flex
              boxSize="9"
              flexShrink={0}
              align="center"
              justify="center"
              color="brand.fg"
              bg="brand.subtle"
              borderRadius="l2"
            >
              <LuFolder aria-hidden="true" />
            </Flex>
            <Box minW="0">
              <Text fontWeight="medium" truncate>
                {category.title}
              </Text>
              <Text fontSize="xs" color="fg.muted" truncate>
                Kategória · {category.path}
              </Text>
            </Box>
          </Option>
        ))}
        {products.map((product, position) => {
          const index = categories.length + position;
          return (
            <Option
              key={`p${product.id}`}
              id={`${listId}-${index}`}
              active={active === index}
              onChoose={onChoose}
              href={`/${product.slug}`}
            >
              <Box boxSize="9" flexShrink={0} borderRadius="l2" overflow="hidden" bg="bg.subtle">
                {product.image && (
                  <Image
                    src={product.image}
                    alt=""
                    width={36}
                    height={36}
                    loading="lazy"
                    objectFit="cover"
                    w="full"
                    h="full"
                  />
                )}
              </Box>
              <Text flex="1" minW="0" truncate>
                {product.title}
              </Text>
              <Text fontWeight="semibold" fontSize="sm" flexShrink={0}>
                <Price forints={product.price} />
              </Text>
            </Option>
          );
        })}
        {data && options.length === 0 && (
          <Text as="li" px="3" py="3" color="fg.muted" fontSize="sm">
            Nincs javaslat erre: „{query}”
          </Text>
        )}
        {!data && (
          <Flex as="li" px="3" py="3" justify="center">
            <Spinner size="sm" color="brand.solid" aria-label="Keresés folyamatban" />
          </Flex>
        )}
      </Box>
      <Button
        variant="ghost"
        w="full"
        justifyContent="flex-start"
        borderRadius="0"
        borderTopWidth="1px"
        size="sm"
        color="brand.fg"
        tabIndex={-1}
        onMouseDown={(event) => {
          event.preventDefault();
          onSearchAll();
        }}
      >
        <LuSearch aria-hidden="true" /> Összes találat: „{query}”
        {isFetching && <Spinner size="xs" ms="auto" />}
      </Button>
    </Box>
  );
}
