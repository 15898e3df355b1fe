import {
  Alert,
  Badge,
  Box,
  Link as ChakraLink,
  Flex,
  Grid,
  IconButton,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { TCartLine } from '@shop/api/schemas';
import { formatUnitPrice } from '@shop/api/schemas/unit-price-rules';
import { formatPrice, spokenPrice } from '@shop/ui';
import type { ReactNode } from 'react';
import { LuImageOff, LuTrash2 } from 'react-icons/lu';
import { QuantityInput } from '../../components/form/quantity-input';
import { Price, PriceDisplay } from '../catalog/price-display';
import { PriceText } from '../catalog/price-text';
import { ProductLink } from '../catalog/product-link';
import { GiftBadge } from './gift-badge';
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

function LineTitle({ line }: { line: TCartLine }) {
  return (
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
    <LineGrid label={line.title}>
      <LineImage line={line} />
      <Box gridArea="info" minW="0" alignSelf={{ base: 'start', md: 'center' }}>
        <LineTitle line={line} />
        <Text fontSize="sm" color="fg.muted" mt="0.5">
          {unavailable ? null : <PriceText>{(price) => `${price(line.unitPrice)} / ${line.unit}`}</PriceText>}
          {line.kutiId && (
            <Text as="span" color="fg.subtle">
              {unavailable ? '' : ' · '}
              {line.kutiId}
            </Text>
          )}
        </Text>
        {!unavailable && line.measureUnitPrice && (
          <Text fontSize="sm" color="fg.muted">
            Egységár: <span aria-hidden="true">{formatUnitPrice(line.measureUnitPrice, formatPrice)}</span>
            <VisuallyHidden>{formatUnitPrice(line.measureUnitPrice, spokenPrice)}</VisuallyHidden>
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
        {unavailable ? '–' : <Price forints={line.lineTotal} label="Összesen" />}
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
    </LineGrid>
  );
}

/**
 * The free piece a gift promotion adds while the cart qualifies: the product at 0 Ft beside its struck
 * list price. The shop adds and takes it, so it has no quantity field and no removal; the guest cart
 * in the browser never holds it.
 */
export function GiftCartLine({ line }: { line: TCartLine }) {
  return (
    <LineGrid label={`Ajándék: ${line.title}`}>
      <LineImage line={line} />
      <Box gridArea="info" minW="0" alignSelf={{ base: 'start', md: 'center' }}>
        <LineTitle line={line} />
        <GiftBadge mt="1.5" />
      </Box>
      <Text gridArea="quantity" fontSize="sm" color="fg.muted">
        {line.quantity} {line.unit}
      </Text>
      <Flex gridArea="total" justify="flex-end">
        <PriceDisplay
          price={line.lineTotal - line.discount}
          originalPrice={line.lineTotal}
          lowestPrice30d={null}
        />
      </Flex>
    </LineGrid>
  );
}

/** A cart line's places: beside each other on a wide screen, the quantity and total under the name on a phone. */
function LineGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid
      as="li"
      aria-label={label}
      templateAreas={{
        base: `"image info remove" "image quantity total"`,
        md: `"image info quantity total remove"`,
      }}
      // The removal column keeps its width on a line without the button (a gift), so the totals line up.
      templateColumns={{ base: '4rem minmax(0, 1fr) auto', md: '5rem minmax(0, 1fr) auto 8rem 2.25rem' }}
      columnGap={{ base: '3', md: '5' }}
      rowGap="3"
      alignItems="center"
      py="4"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
    >
      {children}
    </Grid>
  );
}
