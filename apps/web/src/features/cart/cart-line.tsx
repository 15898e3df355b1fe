import { Alert, Badge, Box, Link as ChakraLink, Flex, Grid, IconButton, Text } from '@chakra-ui/react';
import type { TCartLine } from '@shop/api/schemas';
import { formatUnitPrice } from '@shop/api/schemas/unit-price-rules';
import { formatPrice } from '@shop/ui';
import { LuImageOff, LuTrash2 } from 'react-icons/lu';
import { QuantityInput } from '../../components/form/quantity-input';
import { ProductLink } from '../catalog/product-link';
import { MAX_LINE_QUANTITY } from './guest-cart';

function LineImage({ line }: { line: TCartLine }) {
  const image = line.image ? (
    <img
      src={line.image}
      alt=""
      width={80}
      height={80}
      loading="lazy"
      style={{ objectFit: 'cover', width: '100%', height: '100%' }}
    />
  ) : (
    <Flex h="full" align="center" justify="center" color="fg.subtle">
      <LuImageOff aria-hidden="true" />
    </Flex>
  );
  return (
    <Box
      gridArea="image"
      w={{ base: '16', md: '20' }}
      h={{ base: '16', md: '20' }}
      borderRadius="l2"
      overflow="hidden"
      bg="bg.subtle"
    >
      {line.slug ? (
        <ProductLink slug={line.slug} variant={line.variant} tabIndex={-1} aria-hidden="true">
          {image}
        </ProductLink>
      ) : (
        image
      )}
    </Box>
  );
}

/**
 * One cart line: the product, its unit price at this quantity (tiers and customer prices come from the
 * API, a quote's price while it holds), the quantity field (it sets the line to exactly that), the line
 * total and removal. A line that cannot be ordered as it is, or lost its quoted price, says why.
 */
export function CartLine({
  line,
  onQuantityChange,
  onRemove,
}: {
  line: TCartLine;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}) {
  const unavailable = line.state === 'unavailable';
  return (
    <Grid
      as="li"
      aria-label={line.title}
      templateAreas={{
        base: `"image info remove" "image quantity total"`,
        md: `"image info quantity total remove"`,
      }}
      templateColumns={{ base: '4rem minmax(0, 1fr) auto', md: '5rem minmax(0, 1fr) auto 8rem auto' }}
      columnGap={{ base: '3', md: '5' }}
      rowGap="3"
      alignItems="center"
      py="4"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
    >
      <LineImage line={line} />
      <Box gridArea="info" minW="0" alignSelf={{ base: 'start', md: 'center' }}>
        <Text fontWeight="semibold" lineHeight="1.3">
          {line.slug ? (
            <ChakraLink asChild color="fg" _hover={{ color: 'brand.fg' }}>
              <ProductLink slug={line.slug} variant={line.variant}>
                {line.title}
              </ProductLink>
            </ChakraLink>
          ) : (
            line.title
          )}
        </Text>
        <Text fontSize="sm" color="fg.muted" mt="0.5">
          {unavailable ? null : `${formatPrice(line.unitPrice)} / ${line.unit}`}
          {line.kutiId && (
            <Text as="span" color="fg.subtle">
              {unavailable ? '' : ' · '}
              {line.kutiId}
            </Text>
          )}
        </Text>
        {!unavailable && line.measureUnitPrice && (
          <Text fontSize="sm" color="fg.muted">
            Egységár: {formatUnitPrice(line.measureUnitPrice, formatPrice)}
          </Text>
        )}
        {line.quoteLineId !== null && (
          <Badge colorPalette="green" variant="subtle" mt="1.5">
            Árajánlat szerinti ár
          </Badge>
        )}
        {line.message && (
          // An orderable line's message says why a quoted price no longer applies.
          <Alert.Root
            status={line.state === 'available' ? 'info' : 'warning'}
            size="sm"
            mt="2"
            py="1.5"
            px="2.5"
          >
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">{line.message}</Alert.Title>
          </Alert.Root>
        )}
      </Box>
      <Box gridArea="quantity">
        <QuantityInput
          label={`Mennyiség: ${line.title}`}
          hideLabel
          size="sm"
          value={line.quantity}
          onValueChange={onQuantityChange}
          max={MAX_LINE_QUANTITY}
          disabled={unavailable}
        />
      </Box>
      <Text gridArea="total" textAlign="end" fontWeight="bold" fontSize={{ base: 'md', md: 'lg' }}>
        {unavailable ? '–' : formatPrice(line.lineTotal)}
      </Text>
      <IconButton
        gridArea="remove"
        alignSelf={{ base: 'start', md: 'center' }}
        variant="ghost"
        size="sm"
        colorPalette="red"
        aria-label={`${line.title} törlése a kosárból`}
        onClick={onRemove}
      >
        <LuTrash2 />
      </IconButton>
    </Grid>
  );
}
