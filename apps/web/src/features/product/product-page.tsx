import { Badge, Box, Container, Flex, Grid, Heading, Separator, Stack, Table, Text } from '@chakra-ui/react';
import type { TProduct } from '@shop/api/schemas';
import { vatNote } from '@shop/api/schemas/vat-rules';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { LuPackageCheck, LuPackageX } from 'react-icons/lu';
import { HtmlContent } from '../../components/html-content';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { BookmarkButton } from '../bookmarks/bookmark-button';
import { AddToCartButton } from '../cart/add-to-cart-button';
import { CategoryLink } from '../catalog/category-link';
import { PriceDisplay } from '../catalog/price-display';
import { productBySlugOptions } from '../catalog/queries';
import { trackProductView } from '../consent/barion-pixel';
import { OfferButton } from '../contact/offer-button';
import { DeliveryInfo } from './delivery-info';
import { LazyStockNotify } from './lazy-stock-notify';
import { formatPriceBands } from './price-bands';
import { ProductGallery } from './product-gallery';
import { QuantityPrice } from './quantity-price';
import { RelatedProducts } from './related-products';

function TierTable({ product }: { product: TProduct }) {
  if (product.priceBands.length < 2) return null;
  return (
    <Box as="section" aria-labelledby="mennyisegi-arak" bg="brand.subtle" borderRadius="l2" px="4" py="3">
      <Text id="mennyisegi-arak" fontSize="sm" fontWeight="semibold" mb="1">
        Mennyiségi árak
      </Text>
      <Text fontSize="sm">{formatPriceBands(product.priceBands, product.unit)}</Text>
    </Box>
  );
}

function StockState({ product }: { product: TProduct }) {
  return product.inStock ? (
    <Flex align="center" gap="2" color="green.700" fontWeight="medium">
      <LuPackageCheck aria-hidden="true" />
      Raktáron{product.stock > 0 && product.stock < 10 ? ` – már csak ${product.stock} ${product.unit}` : ''}
    </Flex>
  ) : (
    <Flex align="center" gap="2" color="fg.muted" fontWeight="medium">
      <LuPackageX aria-hidden="true" />
      Jelenleg nincs készleten
    </Flex>
  );
}

/** Spec §2 product-pretty and /product/{slug...}: gallery, prices, stock, properties, description. */
export function ProductPage({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const { data: product } = useSuspenseQuery(productBySlugOptions(trpc, slug));
  const description = product.descriptions.find((entry) => entry.language === 'hu');
  const body = description?.body?.trim();
  const [quantity, setQuantity] = useState(1);
  const { id, title, price } = product;
  useEffect(() => trackProductView({ id, name: title, unitPrice: price }), [id, title, price]);

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
          <ProductGallery product={product} />
          <Stack gap="5">
            <Box>
              <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em" lineHeight="1.2">
                {product.title}
              </Heading>
              <Flex gap="2" mt="2" wrap="wrap" align="center">
                {product.kutiId && (
                  <Text fontSize="sm" color="fg.muted">
                    Cikkszám: {product.kutiId}
                  </Text>
                )}
                {product.featured && (
                  <Badge colorPalette="accent" variant="subtle">
                    Kiemelt
                  </Badge>
                )}
              </Flex>
            </Box>
            <PriceDisplay
              price={product.price}
              originalPrice={product.originalPrice}
              lowestPrice30d={product.lowestPrice30d}
              unit={product.unit}
              unitPrice={product.unitPrice}
              size="lg"
            />
            <Text fontSize="xs" color="fg.muted" mt="-3">
              {vatNote(product.vatClass)}
            </Text>
            <TierTable product={product} />
            <StockState product={product} />
            {product.inStock ? (
              product.shipping && <DeliveryInfo shipping={product.shipping} />
            ) : (
              <Suspense fallback={null}>
                <LazyStockNotify key={product.id} productId={product.id} />
              </Suspense>
            )}
            <Separator />
            <QuantityPrice product={product} quantity={quantity} onQuantityChange={setQuantity} />
            <Flex gap="3" wrap="wrap">
              <AddToCartButton
                product={product}
                quantity={quantity}
                size="lg"
                flex={{ base: '1', sm: 'initial' }}
                minW="48"
              />
              <BookmarkButton productId={product.id} />
              <OfferButton
                size="lg"
                lines={() => [{ product: product.id, title: product.title, quantity }]}
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
        <RelatedProducts productId={product.id} />
      </Stack>
    </Container>
  );
}
