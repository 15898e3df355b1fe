import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { formatPrice } from '@shop/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export type PickedProduct = { id: number; title: string; price: number };

/** Finds a product by name or code (the first eight matches) and hands the chosen one over. */
export function ProductPicker({
  onPick,
  exclude = [],
  listBeforeSearch = true,
  searchLabel = 'Termék keresése',
}: {
  onPick: (product: PickedProduct) => void;
  /** Products already chosen: they are not offered again. */
  exclude?: readonly number[];
  /** Whether the first products by name show before anything is typed (false where space is short). */
  listBeforeSearch?: boolean;
  /** The search field's name, where a form has more than one picker. */
  searchLabel?: string;
}) {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 300);
  const { data } = useQuery({
    enabled: listBeforeSearch || query !== '',
    ...trpc.product.list.queryOptions({
      search: query || undefined,
      sort: query ? 'relevance' : 'name',
      page: 1,
      pageSize: 8,
    }),
  });
  const offered =
    (listBeforeSearch || query !== '' ? data?.items : undefined)?.filter(
      (product) => !exclude.includes(product.id),
    ) ?? [];
  return (
    <Stack gap="2">
      <Input
        type="search"
        aria-label={searchLabel}
        placeholder="Termék neve vagy cikkszáma"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Stack as="ul" listStyleType="none" gap="0.5">
        {offered.map((product) => (
          <li key={product.id}>
            <Button
              variant="ghost"
              w="full"
              justifyContent="space-between"
              onClick={() => onPick({ id: product.id, title: product.title, price: product.price })}
            >
              <Text as="span" truncate>
                {product.title}
              </Text>
              <Text as="span" fontSize="sm" color="fg.muted">
                {formatPrice(product.price)}
              </Text>
            </Button>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
