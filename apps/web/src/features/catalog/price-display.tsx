import { Box, Flex, Text, VisuallyHidden } from '@chakra-ui/react';
import type { TUnitPrice } from '@shop/api/schemas/unit-price';
import { formatUnitPrice } from '@shop/api/schemas/unit-price-rules';
import { formatPrice, spokenPrice } from '@shop/ui';
import { reductionPercent } from './reduction';

type Props = {
  price: number;
  /** The list price when `price` is a reduced one. */
  originalPrice: number | null;
  lowestPrice30d: number | null;
  /** `inline` takes the size and weight of the text around it, as in a line of an order's summary. */
  size?: 'inline' | 'sm' | 'lg';
  unit?: string;
  /** The price per kg, l, m or m² of goods sold by measure. */
  unitPrice?: TUnitPrice | null;
};

/**
 * A price the eye reads as "12 990 Ft" and a screen reader as "12990 forint", with what it is
 * ("Eredeti ár") said first. The visible text is hidden from assistive technology and the spoken one
 * from the eye: an aria-label on a plain span or a struck <s> is not read by every screen reader.
 */
export function Price({ forints, label }: { forints: number; label?: string }) {
  return (
    <>
      <span aria-hidden="true">{formatPrice(forints)}</span>
      <VisuallyHidden>{label ? `${label}: ${spokenPrice(forints)}` : spokenPrice(forints)}</VisuallyHidden>
    </>
  );
}

/**
 * A price as the law asks: a reduced price shows the original struck through and the lowest price of
 * the last 30 days beside it, and a "-X %" only where it is below that lowest price (reduction.ts).
 */
export function PriceDisplay({ price, originalPrice, lowestPrice30d, size = 'sm', unit, unitPrice }: Props) {
  const reduced = originalPrice !== null && originalPrice > price;
  const percent = reduced ? reductionPercent(price, lowestPrice30d) : null;
  const large = size === 'lg';
  const inline = size === 'inline';
  return (
    <Box>
      <Flex align="baseline" gap="2" wrap="wrap">
        <Text
          as="span"
          fontWeight={inline ? undefined : 'bold'}
          fontSize={large ? { base: '2xl', md: '3xl' } : inline ? undefined : 'lg'}
          color={reduced ? 'shop.price' : 'fg'}
          letterSpacing="-0.01em"
        >
          <Price forints={price} label={reduced ? 'Akciós ár' : undefined} />
          {unit && (
            <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted">
              {' '}
              / {unit}
            </Text>
          )}
        </Text>
        {reduced && (
          <Text
            as="s"
            color="fg.muted"
            fontSize={large ? 'md' : inline ? '0.875em' : 'sm'}
            fontWeight={inline ? 'normal' : undefined}
          >
            <Price forints={originalPrice} label="Eredeti ár" />
          </Text>
        )}
        {percent !== null && (
          <Text
            as="span"
            fontSize="xs"
            fontWeight="bold"
            color="white"
            bg="shop.price"
            px="1.5"
            borderRadius="sm"
          >
            <span aria-hidden="true">{`-${percent}\u00a0%`}</span>
            <VisuallyHidden>{`${percent} % kedvezmény az elmúlt 30 nap legalacsonyabb árához képest`}</VisuallyHidden>
          </Text>
        )}
      </Flex>
      {unitPrice && (
        <Text fontSize={large ? 'sm' : 'xs'} color="fg.muted">
          Egységár: <span aria-hidden="true">{formatUnitPrice(unitPrice, formatPrice)}</span>
          <VisuallyHidden>{formatUnitPrice(unitPrice, spokenPrice)}</VisuallyHidden>
        </Text>
      )}
      {reduced && lowestPrice30d !== null && (
        <Text fontSize="xs" color="fg.muted" mt="0.5">
          Az elmúlt 30 nap legalacsonyabb ára: <Price forints={lowestPrice30d} />
        </Text>
      )}
    </Box>
  );
}
