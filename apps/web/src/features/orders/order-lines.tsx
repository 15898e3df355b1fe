import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { TOrderLine } from '@shop/api/schemas';
import { GiftBadge } from '../cart/gift-badge';
import { Price, PriceDisplay } from '../catalog/price-display';

/**
 * The ordered products with gross unit price and line total, as they were priced at ordering; a gift
 * promotion's free piece with its badge, at 0 Ft beside its struck price.
 */
export function OrderLines({ lines }: { lines: readonly TOrderLine[] }) {
  return (
    <Stack as="ul" gap="0" listStyleType="none" aria-label="Tételek">
      {lines.map((line, index) => (
        <Flex
          as="li"
          key={line.id}
          aria-label={line.gift ? `Ajándék: ${line.title}` : undefined}
          justify="space-between"
          gap="4"
          py="3"
          borderTopWidth={index === 0 ? '0' : '1px'}
        >
          <Box minW="0">
            <Text fontWeight="medium">{line.title}</Text>
            {line.gift && <GiftBadge mt="1" />}
            <Text fontSize="sm" color="fg.muted">
              {line.quantity} × <Price forints={line.unitPrice} />
              {line.kutiId && ` · Cikkszám: ${line.kutiId}`}
            </Text>
          </Box>
          {line.gift ? (
            <Box fontWeight="semibold" whiteSpace="nowrap" flexShrink="0">
              <PriceDisplay
                size="inline"
                price={line.lineTotal}
                originalPrice={line.lineTotal + line.discount}
                lowestPrice30d={null}
              />
            </Box>
          ) : (
            <Text fontWeight="semibold" whiteSpace="nowrap">
              <Price forints={line.lineTotal} label="Összesen" />
            </Text>
          )}
        </Flex>
      ))}
    </Stack>
  );
}
