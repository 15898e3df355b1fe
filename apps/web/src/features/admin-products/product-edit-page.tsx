import { Badge, Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { TProduct } from '@shop/api/schemas';
import { formatDateTime } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuArrowLeft, LuExternalLink } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { useAdminAccess } from '../admin/use-access';
import { ProductForm } from './product-form';
import { ProductStockOnlySection } from './product-stock-only-section';
import { ProductVariantsSection } from './product-variants-section';

function Actions({ product }: { product?: TProduct }) {
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/admin/catalog/products">
          <LuArrowLeft /> Termékek
        </Link>
      </Button>
      {product?.enabled && (
        <Button asChild variant="outline" size="sm">
          <ChakraLink href={`/${product.slug}`} target="_blank" rel="noopener">
            Megnyitás a boltban <LuExternalLink />
          </ChakraLink>
        </Button>
      )}
    </>
  );
}

function ExistingProduct({ id }: { id: number }) {
  const trpc = useTRPC();
  const { data: product } = useSuspenseQuery(trpc.product.byId.queryOptions({ id }));
  // The variants' editor lists the properties (catalogue:write) and the customer groups (customers:read).
  const access = useAdminAccess();
  const variantsAccess = access.may(['catalogue:write', 'customers:read']);
  // A role that may change stock but not the catalogue (the warehouse) gets the stock alone to edit.
  const stockOnly = !access.may('catalogue:write') && access.may('stock:write');
  return (
    <AdminPage
      title={product.title}
      description={
        <>
          Utoljára módosítva: {formatDateTime(product.updatedAt)}{' '}
          {!product.enabled && (
            <Badge colorPalette="gray" ms="1">
              Letiltva
            </Badge>
          )}
        </>
      }
      actions={<Actions product={product} />}
    >
      <Stack gap="4">
        {/* Afresh whenever a stock changes, which an order does without touching updatedAt. */}
        {stockOnly && (
          <ProductStockOnlySection
            key={[product.updatedAt, product.stock, ...product.variants.map((variant) => variant.stock)].join(
              ':',
            )}
            product={product}
          />
        )}
        <ProductForm key={product.updatedAt} product={product} />
        {/* Saved on its own (PUT …/variants); a save starts it afresh from what was stored, new ids included. */}
        {variantsAccess ? (
          <ProductVariantsSection
            key={`${product.updatedAt}:${product.variants.map((variant) => variant.id).join(',')}`}
            product={product}
          />
        ) : (
          product.variants.length > 0 &&
          !stockOnly && (
            <AdminPanel as="section" aria-label="Változatok" p={{ base: '4', md: '5' }}>
              <Text fontSize="sm" color="fg.muted">
                {`Változatok: ${product.variants.length} db. A szerkesztésükhöz „Katalógus módosítása” és „Vásárlók olvasása” jogosultság kell.`}
              </Text>
            </AdminPanel>
          )
        )}
      </Stack>
    </AdminPage>
  );
}

/** /admin/catalog/products/{id}; `new` creates a product. */
export function ProductEditPage({ id }: { id: number | 'new' }) {
  if (id === 'new') {
    return (
      <AdminPage title="Új termék" actions={<Actions />}>
        <ProductForm product={null} />
      </AdminPage>
    );
  }
  return <ExistingProduct id={id} />;
}
