import { AspectRatio, Box, Card, Flex, HStack, LinkOverlay, Text, VisuallyHidden } from '@chakra-ui/react';
import type { TProductCard } from '@shop/api/schemas';
import { keepQuantitiesTogether } from '@shop/ui';
import { LuImageOff } from 'react-icons/lu';
import { AddToCartButton } from '../cart/add-to-cart-button';
import { ReviewStars } from '../product/reviews-stars';
import { PriceDisplay } from './price-display';
import { ProductLink } from './product-link';
import { StockBadge } from './stock-badge';

/** The card image is 480 px wide (the server's `card` size); the layout never draws it wider. */
const CARD_IMAGE_SIZE = 480;

/**
 * A card below the screen is not styled, laid out or painted until it nears it: a listing's first
 * frame drew all 24 cards in one task of 40–50 ms on a desktop, a long one on a phone. The size stands
 * in until the card is first drawn (then `auto` remembers its own). Not for the first screen's cards:
 * the browser decides what is near only after the first frame, which would draw them at the stand-in
 * size and then move what is under them.
 */
const DRAWN_WHEN_NEAR = {
  contentVisibility: 'auto',
  containIntrinsicSize: { base: 'auto 22rem', md: 'auto 32rem' },
} as const;

export function ProductImage({
  src,
  alt,
  eager = false,
}: {
  src: string | null;
  alt: string;
  eager?: boolean;
}) {
  return (
    <AspectRatio ratio={1} bg="bg.subtle">
      {src ? (
        <img
          src={src}
          alt={alt}
          width={CARD_IMAGE_SIZE}
          height={CARD_IMAGE_SIZE}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          style={{ objectFit: 'cover', width: '100%', height: '100%' }}
        />
      ) : (
        <Flex color="fg.subtle" direction="column" gap="1" fontSize="xs" role="img" aria-label="Nincs kép">
          <LuImageOff size="28" aria-hidden="true" />
        </Flex>
      )}
    </AspectRatio>
  );
}

/**
 * A product in a list: image, title, price and stock; the whole card links to the pretty URL (the
 * title's link stretched over it), and "Kosárba" sits above that link. The title takes two lines at
 * most; the clamp never cuts inside its size or weight, and the link's `title` shows it whole. A product
 * sold in variants says under its title how many ("4 színben"); a rated one shows its stars and how many
 * approved reviews they stand for.
 */
/**
 * `eager`: the card is on the first screen (its image loads at once, it is drawn in the first frame).
 * `variant`: the card stands for one variant (a bookmarked "Póló, kék, M"), and links to it chosen.
 */
export function ProductCard({
  product,
  eager = false,
  variant = null,
}: {
  product: TProductCard;
  eager?: boolean;
  variant?: number | null;
}) {
  return (
    <Card.Root
      asChild
      variant="outline"
      bg="shop.surface"
      overflow="hidden"
      h="full"
      position="relative"
      transition="box-shadow 0.15s, border-color 0.15s"
      _hover={{ boxShadow: 'md', borderColor: 'brand.emphasized' }}
      css={{
        ...(eager ? undefined : DRAWN_WHEN_NEAR),
        '&:has(.chakra-linkbox__overlay:focus-visible)': {
          outline: '2px solid',
          outlineColor: 'brand.focusRing',
          outlineOffset: '2px',
        },
      }}
    >
      <article>
        <ProductImage src={product.image} alt="" eager={eager} />
        <Card.Body p={{ base: '3', md: '4' }} gap="2">
          <Text
            as="h3"
            fontSize={{ base: 'sm', md: 'md' }}
            fontWeight="medium"
            lineClamp={2}
            minH="2.5em"
            lineHeight="1.25"
          >
            <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
              <ProductLink slug={product.slug} variant={variant ?? undefined} title={product.title}>
                {keepQuantitiesTogether(product.title)}
              </ProductLink>
            </LinkOverlay>
          </Text>
          {product.variantSummary && variant === null && (
            <Text fontSize="sm" color="fg.muted" mt="-1">
              {product.variantSummary}
            </Text>
          )}
          {product.rating && (
            <HStack gap="1" mt="-1">
              <ReviewStars rating={product.rating.average} size="3.5" />
              <Text fontSize="xs" color="fg.muted">
                ({product.rating.count}
                <VisuallyHidden> értékelés</VisuallyHidden>)
              </Text>
            </HStack>
          )}
          <Box mt="auto">
            <PriceDisplay
              price={product.price}
              originalPrice={product.originalPrice}
              lowestPrice30d={product.lowestPrice30d}
              unitPrice={product.unitPrice}
            />
          </Box>
          <Box>
            <StockBadge inStock={product.inStock} />
          </Box>
        </Card.Body>
        <Card.Footer p={{ base: '3', md: '4' }} pt="0" position="relative" zIndex="1">
          <AddToCartButton product={product} size="sm" w="full" />
        </Card.Footer>
      </article>
    </Card.Root>
  );
}
