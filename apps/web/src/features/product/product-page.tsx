import { Badge, Box, Container, Flex, Grid, Heading, Separator, Stack, Table, Text } from '@chakra-ui/react';
import type { TPriceBand, TProduct } from '@shop/api/schemas';
import { unitPriceOf } from '@shop/api/schemas/unit-price-rules';
import { vatNote } from '@shop/api/schemas/vat-rules';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { LuPackageCheck, LuPackageX } from 'react-icons/lu';
import { HtmlContent } from '../../components/html-content';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { reportAnalytics } from '../analytics/analytics-events';
import { BookmarkButton } from '../bookmarks/bookmark-button';
import { AddToCartButton } from '../cart/add-to-cart-button';
import { CategoryLink } from '../catalog/category-link';
import { PriceDisplay } from '../catalog/price-display';
import { PriceText } from '../catalog/price-text';
import { productBySlugOptions } from '../catalog/queries';
import { trackProductView } from '../consent/barion-pixel';
import { OfferButton } from '../contact/offer-button';
import { DeliveryInfo } from './delivery-info';
import { LazyStockNotify } from './lazy-stock-notify';
import { formatPriceBands } from './price-bands';
import { ProductGallery } from './product-gallery';
import { QuantityPrice } from './quantity-price';
import { RelatedProducts } from './related-products';
import { ProductReviews } from './reviews-section';
import {
  type Choice,
  choose,
  chosenVariant,
  imageOfChoice,
  initialChoice,
  missingOptions,
  priceRange,
} from './variant-choice';
import { VariantPicker } from './variant-picker';

/** The tier table of the product, or of the chosen variant (its own tiers: services/catalogue/variants.ts). */
function TierTable({ bands, unit }: { bands: TPriceBand[]; unit: string }) {
  if (bands.length < 2) return null;
  return (
    <Box as="section" aria-labelledby="mennyisegi-arak" bg="brand.subtle" borderRadius="l2" px="4" py="3">
      <Text id="mennyisegi-arak" fontSize="sm" fontWeight="semibold" mb="1">
        Mennyiségi árak
      </Text>
      <Text fontSize="sm">
        <PriceText>{(price) => formatPriceBands(bands, unit, price)}</PriceText>
      </Text>
    </Box>
  );
}

/** The product's stock line, or the chosen variant's. */
function StockState({ inStock, stock, unit }: { inStock: boolean; stock: number; unit: string }) {
  return inStock ? (
    <Flex align="center" gap="2" color="green.700" fontWeight="medium">
      <LuPackageCheck aria-hidden="true" />
      Raktáron{stock > 0 && stock < 10 ? ` – már csak ${stock} ${unit}` : ''}
    </Flex>
  ) : (
    <Flex align="center" gap="2" color="fg.muted" fontWeight="medium">
      <LuPackageX aria-hidden="true" />
      Jelenleg nincs készleten
    </Flex>
  );
}

/**
 * The choice of a product sold in variants, kept in step with the `?variant=` of the address: the
 * address names the variant once every option is chosen (so it can be shared, and the server draws
 * that variant), and a new address (back, a shared link) brings its variant back.
 */
function useVariantChoice(
  product: TProduct,
  variantId: number | undefined,
  onVariantChange: (variantId: number | undefined) => void,
) {
  const [choice, setChoice] = useState<Choice>(() => initialChoice(product, variantId));
  const [followed, setFollowed] = useState(variantId);
  const variant = chosenVariant(product, choice);
  if (variantId !== followed) {
    setFollowed(variantId);
    if (variantId !== undefined && variantId !== variant?.id) setChoice(initialChoice(product, variantId));
  }
  const pick = (optionIndex: number, valueId: number) => {
    const next = choose(product, choice, optionIndex, valueId);
    setChoice(next);
    const nextId = chosenVariant(product, next)?.id;
    setFollowed(nextId);
    if (nextId !== variantId) onVariantChange(nextId);
  };
  return { choice, variant, pick };
}

/**
 * Routes product-pretty and product-slug (README.md, "Routes"): gallery, prices, stock, properties,
 * description. A product sold in variants has its option pickers, and price, picture, stock and address
 * follow them.
 */
export function ProductPage({
  slug,
  variantId,
  onVariantChange,
}: {
  slug: string;
  /** The `?variant=` of the address. */
  variantId?: number | undefined;
  onVariantChange: (variantId: number | undefined) => void;
}) {
  const trpc = useTRPC();
  const { data: product } = useSuspenseQuery(productBySlugOptions(trpc, slug));
  const description = product.descriptions.find((entry) => entry.language === 'hu');
  const body = description?.body?.trim();
  const [quantity, setQuantity] = useState(1);
  const { id, title, price } = product;
  useEffect(() => {
    trackProductView({ id, name: title, unitPrice: price });
    reportAnalytics({ kind: 'view_item', item: { id, name: title, price, quantity: 1 } });
  }, [id, title, price]);
  const hasVariants = product.options.length > 0 && product.variants.length > 0;
  const { choice, variant, pick } = useVariantChoice(product, variantId, onVariantChange);
  const [prompt, setPrompt] = useState(false);
  const firstMissing = useRef<HTMLFieldSetElement>(null);
  const missing = missingOptions(product, choice);
  const bands = variant ? variant.priceBands : product.priceBands;
  const range = hasVariants && !variant ? priceRange(product) : null;
  const inStock = variant ? variant.inStock : product.inStock;
  const askForMissing = () => {
    setPrompt(true);
    firstMissing.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  };

  return (
    <Container maxW="7xl" py={{ base: '4', md: '8' }}>
      <title>{pageTitle(description?.metaTitle || product.title)}</title>
      <Stack gap={{ base: '4', md: '6' }}>
        <PageBreadcrumb
          entries={[
            ...product.breadcrumbs.map((crumb) => ({
              key: `c${crumb.id}`,
              label: crumb.title,
              link: (label: string) => <CategoryLink category={crumb}>{label}</CategoryLink>,
            })),
            { key: 'product', label: product.title },
          ]}
        />
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }}
          gap={{ base: '5', md: '10' }}
        >
          <ProductGallery product={product} shownImageId={imageOfChoice(product, choice)} />
          <Stack gap="5">
            <Box>
              <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em" lineHeight="1.2">
                {product.title}
              </Heading>
              <Flex gap="2" mt="2" wrap="wrap" align="center">
                {(variant?.kutiId ?? product.kutiId) && (
                  <Text fontSize="sm" color="fg.muted">
                    Cikkszám: {variant?.kutiId ?? product.kutiId}
                  </Text>
                )}
                {product.featured && (
                  <Badge colorPalette="accent" variant="subtle">
                    Kiemelt
                  </Badge>
                )}
              </Flex>
            </Box>
            <Box aria-live="polite">
              {variant ? (
                <PriceDisplay
                  price={variant.price}
                  originalPrice={variant.originalPrice}
                  lowestPrice30d={variant.lowestPrice30d}
                  unit={product.unit}
                  unitPrice={unitPriceOf(variant.price, product.netQuantity, product.netQuantityUnit)}
                  size="lg"
                />
              ) : (
                <PriceDisplay
                  price={product.price}
                  originalPrice={product.originalPrice}
                  lowestPrice30d={product.lowestPrice30d}
                  unit={product.unit}
                  unitPrice={product.unitPrice}
                  size="lg"
                />
              )}
              {range && range.min !== range.max && (
                <Text fontSize="sm" color="fg.muted">
                  <PriceText>
                    {(price) => `Változattól függően ${price(range.min)} – ${price(range.max)}`}
                  </PriceText>
                </Text>
              )}
            </Box>
            <Text fontSize="xs" color="fg.muted" mt="-3">
              {vatNote(product.vatClass)}
            </Text>
            <TierTable bands={bands} unit={product.unit} />
            {hasVariants && (
              <VariantPicker
                product={product}
                choice={choice}
                onChoose={pick}
                prompt={prompt}
                firstMissingRef={firstMissing}
              />
            )}
            <StockState
              inStock={inStock}
              stock={variant ? variant.stock : product.stock}
              unit={product.unit}
            />
            {inStock ? (
              product.shipping && <DeliveryInfo shipping={product.shipping} />
            ) : (
              <Suspense fallback={null}>
                <LazyStockNotify
                  key={`${product.id}:${variant?.id ?? ''}`}
                  productId={product.id}
                  variantId={variant?.id}
                />
              </Suspense>
            )}
            <Separator />
            <QuantityPrice
              product={product}
              variantId={variant?.id}
              bands={bands}
              quantity={quantity}
              onQuantityChange={setQuantity}
            />
            {prompt && missing.length > 0 && (
              <Text role="alert" fontSize="sm" color="fg.error" mb="-2">
                Előbb válaszd ki: {missing.map((option) => option.title.toLocaleLowerCase('hu')).join(', ')}.
              </Text>
            )}
            <Flex gap="3" wrap="wrap">
              <AddToCartButton
                product={product}
                quantity={quantity}
                choice={hasVariants ? { variant, onMissingChoice: askForMissing } : undefined}
                size="lg"
                flex={{ base: '1', sm: 'initial' }}
                minW="48"
              />
              <BookmarkButton productId={product.id} variantId={variant?.id ?? null} />
              <OfferButton
                size="lg"
                lines={() => {
                  // A product sold in variants is asked about per variant, as it is bought.
                  if (hasVariants && !variant) {
                    askForMissing();
                    return null;
                  }
                  return [
                    {
                      product: product.id,
                      variant: variant?.id,
                      title: variant ? `${product.title}, ${variant.title}` : product.title,
                      quantity,
                    },
                  ];
                }}
              />
            </Flex>
          </Stack>
        </Grid>
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
          gap={{ base: '6', lg: '10' }}
          mt={{ base: '2', md: '6' }}
        >
          <Box as="section" aria-labelledby="leiras">
            <Heading as="h2" id="leiras" size="lg" mb="3">
              Leírás
            </Heading>
            {body ? (
              <HtmlContent html={body} />
            ) : (
              <Text color="fg.muted">Ehhez a termékhez még nincs leírás.</Text>
            )}
          </Box>
          {product.properties.length > 0 && (
            <Box as="section" aria-labelledby="tulajdonsagok">
              <Heading as="h2" id="tulajdonsagok" size="lg" mb="3">
                Tulajdonságok
              </Heading>
              <Table.Root size="sm" variant="outline" bg="shop.surface" borderRadius="l2">
                <Table.Body>
                  {product.properties.map((property) => (
                    <Table.Row key={property.id}>
                      <Table.Cell as="th" scope="row" fontWeight="medium" color="fg.muted" w="40%">
                        {property.title}
                      </Table.Cell>
                      <Table.Cell>{property.values.map((value) => value.title).join(', ')}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </Grid>
        <ProductReviews productId={product.id} />
        <RelatedProducts productId={product.id} />
      </Stack>
    </Container>
  );
}
