import { Table, Text } from '@chakra-ui/react';
import type { TProduct } from '@shop/api/schemas';
import { formatDateTime, formatPrice } from '@shop/ui';
import { ProductSection } from './product-section';

/** The list price's changes, which the 30-day lowest price is computed from; hidden while there are none. */
export function ProductPriceHistorySection({ product }: { product: TProduct | null }) {
  const history = product?.admin?.priceHistory ?? [];
  if (history.length === 0) return null;
  return (
    <ProductSection
      title="Ártörténet"
      description="A listaár változásai; a 30 napos legalacsonyabb ár ebből számol."
    >
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Érvényes ettől</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Bruttó ár</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {history.map((entry) => (
            <Table.Row key={entry.validFrom}>
              <Table.Cell>{formatDateTime(entry.validFrom)}</Table.Cell>
              <Table.Cell textAlign="end">{formatPrice(entry.price)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {product?.lowestPrice30d != null && (
        <Text fontSize="sm" color="fg.muted">
          Az elmúlt 30 nap legalacsonyabb ára: {formatPrice(product.lowestPrice30d)}
        </Text>
      )}
    </ProductSection>
  );
}
