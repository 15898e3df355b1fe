import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { TOrderLine } from '@shop/api/schemas';
import { formatPrice } from '@shop/ui';

/** The ordered products with gross unit price and line total, as they were priced at ordering. */
export function OrderLines({ lines }: { lines: readonly TOrderLine[] }) {
  return (
    <Stack as="ul" gap="0" listStyleType="none" aria-label="Tételek">
      {lines.map((line, index) => (
        <Flex
          as="li"
          key={line.product ?? `torolt-${line.title}`}
          justify="space-between"
          gap="4"
          py="3"
          borderTopWidth={index === 0 ? '0' : '1px'}
        >
          <Box minW="0">
            <Text fontWeight="medium">{line.title}</Text>
            <Text fontSize="sm" color="fg.muted">
              {line.quantity} × {formatPrice(line.unitPrice)}
              {line.kutiId && ` · Cikkszám: ${line.kutiId}`}
            </Text>
          </Box>
          <Text fontWeight="semibold" whiteSpace="nowrap">
            {formatPrice(line.lineTotal)}
          </Text>
        </Flex>
      ))}
    </Stack>
  );
}
