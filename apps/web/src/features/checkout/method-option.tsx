import { Box, Flex, RadioGroup, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A radio group drawn as cards: one per shipping or payment method. */
export function MethodOptions({
  label,
  value,
  onValueChange,
  children,
}: {
  label: string;
  value: number | null;
  onValueChange: (id: number) => void;
  children: ReactNode;
}) {
  return (
    <RadioGroup.Root
      value={value === null ? null : String(value)}
      onValueChange={(details) => details.value && onValueChange(Number(details.value))}
      colorPalette="brand"
      aria-label={label}
    >
      <Stack gap="3">{children}</Stack>
    </RadioGroup.Root>
  );
}

export function MethodOption({
  value,
  title,
  description,
  details,
  price,
}: {
  value: number;
  title: string;
  description?: string | null;
  /** Delivery time, the threshold of free shipping, and the like. */
  details?: ReactNode;
  price: ReactNode;
}) {
  return (
    <RadioGroup.Item
      value={String(value)}
      alignItems="flex-start"
      gap="3"
      w="full"
      p={{ base: '3', md: '4' }}
      borderWidth="1px"
      borderRadius="l2"
      bg="white"
      cursor="pointer"
      transition="border-color 0.15s, background 0.15s"
      _hover={{ borderColor: 'brand.emphasized' }}
      _checked={{
        borderColor: 'brand.solid',
        bg: 'brand.subtle',
        boxShadow: 'inset 0 0 0 1px var(--chakra-colors-brand-solid)',
      }}
    >
      <RadioGroup.ItemHiddenInput />
      <RadioGroup.ItemIndicator mt="0.5" />
      <Box flex="1" minW="0">
        <Flex justify="space-between" align="flex-start" gap="3">
          <RadioGroup.ItemText fontWeight="semibold">{title}</RadioGroup.ItemText>
          <Box fontWeight="semibold" whiteSpace="nowrap" textAlign="end">
            {price}
          </Box>
        </Flex>
        {description && (
          <Text fontSize="sm" color="fg.muted" mt="0.5">
            {description}
          </Text>
        )}
        {details && (
          <Box fontSize="sm" mt="1.5">
            {details}
          </Box>
        )}
      </Box>
    </RadioGroup.Item>
  );
}
