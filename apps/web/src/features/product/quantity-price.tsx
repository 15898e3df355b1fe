import { Box, Flex, Text } from '@chakra-ui/react';
import type { TProduct } from '@shop/api/schemas';
import { formatPrice } from '@shop/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QuantityInput } from '../../components/form/quantity-input';
import { useTRPC } from '../../lib/trpc';
import { MAX_LINE_QUANTITY } from '../cart/guest-cart';
import { bandFor } from './price-bands';

/**
 * Quantity stepper; the price for that quantity comes from product.getPrice (tiers, group prices). A
 * variant with a price of its own has no quantity tiers (services/catalogue/variants.ts), so its
 * `ownPrice` is the price of every piece.
 */
export function QuantityPrice({
  product,
  ownPrice = null,
  quantity,
  onQuantityChange,
}: {
  product: TProduct;
  ownPrice?: number | null;
  quantity: number;
  onQuantityChange: (quantity: number) => void;
}) {
  const trpc = useTRPC();
  const { data: price, isFetching } = useQuery({
    ...trpc.product.getPrice.queryOptions({ id: product.id, quantity }),
    placeholderData: keepPreviousData,
    // One piece costs the product's own price (already the shopper's), or its first band's.
    enabled: quantity > 1 && ownPrice === null,
  });
  const band = bandFor(product.priceBands, quantity);
  const fromServer = ownPrice === null && price?.quantity === quantity ? price : null;
  const unitPrice = ownPrice ?? fromServer?.unitPrice ?? band?.unitPrice ?? product.price;
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
      <Box aria-live="polite" opacity={isFetching && ownPrice === null ? 0.6 : 1} transition="opacity 0.15s">
        <Text fontSize="sm" color="fg.muted">
          Ár / db: <strong>{formatPrice(unitPrice)}</strong>
        </Text>
        <Text fontSize="lg" fontWeight="bold">
          Összesen: {formatPrice(total)}
        </Text>
      </Box>
    </Flex>
  );
}
