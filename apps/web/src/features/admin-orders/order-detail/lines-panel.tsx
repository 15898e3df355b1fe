import { Flex, Stack, Table, Text } from '@chakra-ui/react';
import { vatClassShortLabel, vatContentLabel } from '@shop/api/schemas';
import { formatPrice } from '@shop/ui';
import { Link } from '@tanstack/react-router';
import { GiftBadge } from '../../cart/gift-badge';
import { type Detail, Panel } from './panel';

export function LinesPanel({ order }: { order: Detail['order'] }) {
  const totals: [string, number][] = [
    ['Termékek', order.itemsTotal],
    [`Szállítás (${order.shippingMethod.name})`, order.shippingMethod.fee],
    ...(order.paymentMethod.fee
      ? ([[`Fizetési díj (${order.paymentMethod.name})`, order.paymentMethod.fee]] as [string, number][])
      : []),
    ...(order.rounding ? ([['Kerekítés', order.rounding]] as [string, number][]) : []),
  ];
  return (
    <Panel title="Tételek">
      <Table.ScrollArea>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Termék</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Menny.</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" hideBelow="sm">
                Ár / db
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" hideBelow="sm">
                Áfa
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Összeg</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {order.lines.map((line) => (
              <Table.Row key={line.id}>
                <Table.Cell>
                  {line.product ? (
                    <Link to="/admin/catalog/products/$id" params={{ id: String(line.product) }}>
                      <Text as="span" _hover={{ textDecoration: 'underline' }}>
                        {line.title}
                      </Text>
                    </Link>
                  ) : (
                    line.title
                  )}
                  {line.gift && <GiftBadge ms="2" />}
                  {line.kutiId && (
                    <Text fontSize="xs" color="fg.muted">
                      {line.kutiId}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">{line.quantity}</Table.Cell>
                <Table.Cell textAlign="end" hideBelow="sm" whiteSpace="nowrap">
                  {formatPrice(line.unitPrice)}
                </Table.Cell>
                <Table.Cell textAlign="end" hideBelow="sm">
                  {vatClassShortLabel(line.vatClass)}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatPrice(line.lineTotal)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Stack gap="1" mt="4" ms="auto" maxW="sm" fontSize="sm">
        {totals.map(([label, value]) => (
          <Flex key={label} justify="space-between" gap="4">
            <Text color="fg.muted">{label}</Text>
            <Text whiteSpace="nowrap">{formatPrice(value)}</Text>
          </Flex>
        ))}
        <Flex justify="space-between" gap="4" fontWeight="semibold" fontSize="md" borderTopWidth="1px" pt="1">
          <Text>Végösszeg</Text>
          <Text whiteSpace="nowrap">{formatPrice(order.total)}</Text>
        </Flex>
        {order.vat.map((line) => (
          <Flex key={line.vatClass} justify="space-between" gap="4" color="fg.muted">
            <Text>
              {vatContentLabel(line.vatClass)} ({formatPrice(line.gross)} bruttó)
            </Text>
            <Text whiteSpace="nowrap">{formatPrice(line.vat)}</Text>
          </Flex>
        ))}
        {order.refundedTotal > 0 && (
          <Flex justify="space-between" gap="4" color="red.700">
            <Text>Visszatérítve</Text>
            <Text whiteSpace="nowrap">−{formatPrice(order.refundedTotal)}</Text>
          </Flex>
        )}
      </Stack>
    </Panel>
  );
}
