import { Flex, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { TProduct } from '@shop/api/schemas';
import { formatPrice, spokenPrice } from '@shop/ui';
import { LuTruck } from 'react-icons/lu';
import { Price } from '../catalog/price-display';

/**
 * What a Hungarian shopper looks for beside the price: when it arrives and what delivery costs (the
 * cheapest method for one piece at this price), and from what order total it is free.
 */
export function DeliveryInfo({ shipping }: { shipping: NonNullable<TProduct['shipping']> }) {
  const free = shipping.fee === 0;
  return (
    <Flex as="section" aria-label="Szállítás" gap="3" align="flex-start" fontSize="sm">
      <Flex color="brand.fg" mt="0.5" aria-hidden="true">
        <LuTruck size="18" />
      </Flex>
      <Stack gap="0.5">
        <Text>
          {free ? (
            <Text as="strong" color="green.700">
              Ingyenes szállítás
            </Text>
          ) : (
            <>
              {/* As PriceText writes a sentence, with the price in bold for the eye. */}
              <VisuallyHidden>Szállítás {spokenPrice(shipping.fee)}-tól</VisuallyHidden>
              <span aria-hidden="true">
                Szállítás <Text as="strong">{formatPrice(shipping.fee)}</Text>-tól
              </span>
            </>
          )}{' '}
          <Text as="span" color="fg.muted">
            ({shipping.method})
          </Text>
        </Text>
        {shipping.deliveryTime && <Text>Várható szállítási idő: {shipping.deliveryTime}</Text>}
        {!free && shipping.freeAbove !== null && (
          <Text color="fg.muted">
            <Price forints={shipping.freeAbove} /> felett ingyenes a szállítás
          </Text>
        )}
      </Stack>
    </Flex>
  );
}
