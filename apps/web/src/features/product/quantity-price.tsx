import { Box, Flex, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import type { TProduct } from '@shop/api/schemas';
import { formatPrice } from '@shop/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { LuMinus, LuPlus } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { bandFor } from './price-bands';

const MAX_QUANTITY = 100_000;

const clamp = (value: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.round(value)));

/** Quantity stepper; the price for that quantity comes from product.getPrice (tiers, group prices). */
export function QuantityPrice({ product }: { product: TProduct }) {
  const trpc = useTRPC();
  const inputId = useId();
  const [text, setText] = useState('1');
  const [quantity, setQuantity] = useState(1);

  // Ask the server once typing pauses, not on every keystroke.
  useEffect(() => {
    const number = Number(text);
    if (!Number.isFinite(number) || number < 1) return;
    const timer = setTimeout(() => setQuantity(clamp(number)), 250);
    return () => clearTimeout(timer);
  }, [text]);

  const { data: price, isFetching } = useQuery({
    ...trpc.product.getPrice.queryOptions({ id: product.id, quantity }),
    placeholderData: keepPreviousData,
  });
  const band = bandFor(product.priceBands, quantity);
  const unitPrice = price?.quantity === quantity ? price.unitPrice : (band?.unitPrice ?? product.price);
  const total = price?.quantity === quantity ? price.total : unitPrice * quantity;

  const step = (delta: number) => {
    const next = clamp((Number(text) || 1) + delta);
    setText(String(next));
    setQuantity(next);
  };

  return (
    <Stack gap="3">
      <Flex align="flex-end" gap="4" wrap="wrap">
        <Box>
          <Text asChild display="block" fontSize="sm" fontWeight="medium" mb="1">
            <label htmlFor={inputId}>Mennyiség ({product.unit})</label>
          </Text>
          <Flex align="center" borderWidth="1px" borderRadius="l2" bg="white" w="fit-content">
            <IconButton
              variant="ghost"
              size="md"
              aria-label="Eggyel kevesebb"
              onClick={() => step(-1)}
              disabled={quantity <= 1}
            >
              <LuMinus />
            </IconButton>
            <Input
              id={inputId}
              value={text}
              onChange={(event) => setText(event.target.value.replace(/[^\d]/g, '').slice(0, 6))}
              onBlur={() => setText(String(clamp(Number(text) || 1)))}
              inputMode="numeric"
              textAlign="center"
              w="16"
              border="none"
              fontWeight="semibold"
              _focusVisible={{ outline: 'none' }}
            />
            <IconButton variant="ghost" size="md" aria-label="Eggyel több" onClick={() => step(1)}>
              <LuPlus />
            </IconButton>
          </Flex>
        </Box>
        <Box aria-live="polite" opacity={isFetching ? 0.6 : 1} transition="opacity 0.15s">
          <Text fontSize="sm" color="fg.muted">
            Egységár: <strong>{formatPrice(unitPrice)}</strong>
          </Text>
          <Text fontSize="lg" fontWeight="bold">
            Összesen: {formatPrice(total)}
          </Text>
        </Box>
      </Flex>
    </Stack>
  );
}
