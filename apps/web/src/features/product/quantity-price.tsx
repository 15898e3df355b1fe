import { Box, Flex, Text } from '@chakra-ui/react';
import type { TPriceBand, TProduct } from '@shop/api/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QuantityInput } from '../../components/form/quantity-input';
import { useTRPC } from '../../lib/trpc';
import { MAX_LINE_QUANTITY } from '../cart/guest-cart';
import { Price } from '../catalog/price-display';
import { bandFor } from './price-bands';

/**
 * Quantity stepper; the price for that quantity comes from product.getPrice (tiers, group prices), for
 * the chosen variant when there is one (its own tiers and group prices: services/catalogue/variants.ts).
 * `bands` is the tier table shown beside it (the product's or the chosen variant's), the price until
 * the server answers.
 */
export function QuantityPrice({
  product,
  variantId,
  bands,
  quantity,
  onQuantityChange,
}: {
  product: TProduct;
  variantId?: number | undefined;
  bands: TPriceBand[];
  quantity: number;
  onQuantityChange: (quantity: number) => void;
}) {
  const trpc = useTRPC();
  const { data: price, isFetching } = useQuery({
    ...trpc.product.getPrice.queryOptions({
      id: product.id,
      quantity,
      ...(variantId !== undefined ? { variant: variantId } : {}),
    }),
    placeholderData: keepPreviousData,
    // One piece costs the first band's price (already the shopper's); so do all when there is one band.
    enabled: quantity > 1 && bands.length > 1,
  });
  const band = bandFor(bands, quantity);
  const fromServer = bands.length > 1 && price?.quantity === quantity ? price : null;
  const unitPrice = fromServer?.unitPrice ?? band?.unitPrice ?? product.price;
  const total = fromServer ? fromServer.total : unitPrice * quantity;

  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'flex-start', sm: 'flex-end' }}
      gap={{ base: '3', sm: '4' }}
    >
      <QuantityInput
        label={`Mennyiség (${product.unit})`}
        value={quantity}
        onValueChange={onQuantityChange}
        max={MAX_LINE_QUANTITY}
      />
      <Box aria-live="polite" opacity={isFetching && bands.length > 1 ? 0.6 : 1} transition="opacity 0.15s">
        <Text fontSize="sm" color="fg.muted">
          Ár / db:{' '}
          <strong>
            <Price forints={unitPrice} />
          </strong>
        </Text>
        <Text fontSize="lg" fontWeight="bold">
          Összesen: <Price forints={total} />
        </Text>
      </Box>
    </Flex>
  );
}
