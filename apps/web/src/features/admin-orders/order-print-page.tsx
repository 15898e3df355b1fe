import { Box, Button, Flex, Heading, Table, Text } from '@chakra-ui/react';
import type { TStaffOrder } from '@shop/api/schemas';
import { formatDateTime, formatPrice } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuArrowLeft, LuPrinter } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { PickupPointLines } from '../orders/pickup-point-lines';
import { type OrderPrintSearch, printIds } from './order-print-search';
import { pickRows } from './pick-rows';

/**
 * Paper only: the admin's sidebar and top bar (the shell's aside and header) and this page's own buttons
 * are hidden, each packing slip starts on a new sheet.
 */
const PRINT_CSS = `
@media print {
  @page { size: A4; margin: 12mm; }
  aside, header, [data-print-hide] { display: none !important; }
  main { padding: 0 !important; }
  html, body, body * { background-color: transparent !important; }
  [data-print-page] { max-width: none !important; }
  [data-print-sheet] { break-after: page; border: none !important; box-shadow: none !important; padding: 0 !important; }
  [data-print-sheet]:last-of-type { break-after: auto; }
}`;

function addressLines(address: {
  name: string;
  postcode: string;
  city: string;
  street: string;
  floorDoor: string | null;
}) {
  return [
    address.name,
    `${address.postcode} ${address.city}`,
    `${address.street}${address.floorDoor ? ` ${address.floorDoor}` : ''}`,
  ];
}

function Sheet({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <Box
      as="section"
      aria-label={label}
      data-print-sheet=""
      bg="white"
      borderWidth="1px"
      borderRadius="l3"
      p={{ base: '4', md: '8' }}
      color="black"
      fontSize="sm"
    >
      {children}
    </Box>
  );
}

function PackingSlip({ order }: { order: TStaffOrder }) {
  // Without customers:read the billing address is not sent: the customer's name stands in for it.
  const customerName = `${order.customer.lastName} ${order.customer.firstName}`;
  const shipTo = order.shippingAddress ?? order.billingAddress;
  const collect = order.paymentMethod.provider === 'cash_on_delivery';
  return (
    <Sheet label={`Szállítólevél ${order.number}`}>
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap" mb="6">
        <Box>
          <Heading as="h2" size="lg">
            Szállítólevél
          </Heading>
          <Text>Rendelésszám: {order.number}</Text>
          <Text>Rendelés ideje: {formatDateTime(order.createdAt)}</Text>
        </Box>
        <Box textAlign={{ base: 'start', sm: 'end' }}>
          <Text fontWeight="semibold">{order.shippingMethod.name}</Text>
          <Text>{order.paymentMethod.name}</Text>
          {order.shipments.length > 0 && (
            <Text>
              {order.shipments.length > 1 ? 'Csomagszámok' : 'Csomagszám'}:{' '}
              {order.shipments.map((shipment) => shipment.trackingNumber).join(', ')}
            </Text>
          )}
        </Box>
      </Flex>
      <Flex gap="8" wrap="wrap" mb="6">
        <Box>
          {order.pickupPoint ? (
            <>
              <Text fontWeight="semibold">Átvételi pont</Text>
              <PickupPointLines point={order.pickupPoint} />
              <Text>Címzett: {order.billingAddress?.name ?? customerName}</Text>
            </>
          ) : (
            <>
              <Text fontWeight="semibold">
                {order.shippingAddress ? 'Szállítási cím' : 'Személyes átvétel'}
              </Text>
              {shipTo ? (
                addressLines(shipTo).map((line) => <Text key={line}>{line}</Text>)
              ) : (
                <Text>{customerName}</Text>
              )}
            </>
          )}
          {order.customer.phone && <Text>Tel.: {order.customer.phone}</Text>}
        </Box>
        {order.billingAddress && (
          <Box>
            <Text fontWeight="semibold">Számlázási cím</Text>
            {addressLines(order.billingAddress).map((line) => (
              <Text key={line}>{line}</Text>
            ))}
            {order.billingAddress.companyName && <Text>{order.billingAddress.companyName}</Text>}
            {order.billingAddress.taxNumber && <Text>Adószám: {order.billingAddress.taxNumber}</Text>}
            {order.billingAddress.euVatNumber && (
              <Text>Közösségi adószám: {order.billingAddress.euVatNumber}</Text>
            )}
          </Box>
        )}
      </Flex>
      <Table.Root size="sm" variant="line">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="8">✓</Table.ColumnHeader>
            <Table.ColumnHeader>Termék</Table.ColumnHeader>
            <Table.ColumnHeader>Cikkszám</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Mennyiség</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {order.lines.map((line) => (
            <Table.Row key={line.id}>
              <Table.Cell>☐</Table.Cell>
              <Table.Cell>{line.title}</Table.Cell>
              <Table.Cell>{line.kutiId ?? '–'}</Table.Cell>
              <Table.Cell textAlign="end">{line.quantity} db</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Text mt="4">
        Összesen {order.lines.reduce((sum, line) => sum + line.quantity, 0)} db termék, {order.lines.length}{' '}
        tétel.
      </Text>
      {collect && (
        <Text mt="2" fontWeight="bold">
          Utánvét, beszedendő: {formatPrice(order.total)}
        </Text>
      )}
      {order.note && (
        <Text mt="2">
          <Text as="span" fontWeight="semibold">
            A vásárló megjegyzése:
          </Text>{' '}
          {order.note}
        </Text>
      )}
    </Sheet>
  );
}

function PickingList({ orders }: { orders: TStaffOrder[] }) {
  const rows = pickRows(orders);
  return (
    <Sheet label="Összekészítési lista">
      <Heading as="h2" size="lg">
        Összekészítési lista
      </Heading>
      <Text mb="4">
        {orders.length} rendelés: {orders.map((order) => order.number).join(', ')}
      </Text>
      <Table.Root size="sm" variant="line">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="8">✓</Table.ColumnHeader>
            <Table.ColumnHeader>Cikkszám</Table.ColumnHeader>
            <Table.ColumnHeader>Termék</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Összesen</Table.ColumnHeader>
            <Table.ColumnHeader>Rendelések (db)</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key}>
              <Table.Cell>☐</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{row.kutiId ?? '–'}</Table.Cell>
              <Table.Cell>{row.title}</Table.Cell>
              <Table.Cell textAlign="end" fontWeight="semibold" whiteSpace="nowrap">
                {row.quantity} db
              </Table.Cell>
              <Table.Cell fontSize="xs">{row.orders.join(', ')}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Sheet>
  );
}

/** /admin/order/print: packing slips (one sheet per order) or one picking list for the chosen orders. */
export function OrderPrintPage({ search }: { search: OrderPrintSearch }) {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.order.print.queryOptions({ ids: printIds(search.ids) }));
  const picking = search.kind === 'picking';
  const title = picking ? 'Összekészítési lista' : 'Szállítólevél';
  return (
    <Box maxW="4xl" mx="auto" data-print-page="">
      <title>{`${title} | Kék Bögre admin`}</title>
      <style>{PRINT_CSS}</style>
      <Flex data-print-hide="" justify="space-between" align="center" gap="2" wrap="wrap" mb="4">
        <Button asChild variant="ghost" size="sm">
          {data.orders.length === 1 && data.orders[0] ? (
            <Link to="/admin/order/$id" params={{ id: String(data.orders[0].id) }}>
              <LuArrowLeft /> Vissza a rendeléshez
            </Link>
          ) : (
            <Link to="/admin/order">
              <LuArrowLeft /> Rendelések
            </Link>
          )}
        </Button>
        <Button colorPalette="brand" onClick={() => window.print()}>
          <LuPrinter /> Nyomtatás
        </Button>
      </Flex>
      <Flex direction="column" gap="4">
        {picking ? (
          <PickingList orders={data.orders} />
        ) : (
          data.orders.map((order) => <PackingSlip key={order.id} order={order} />)
        )}
      </Flex>
    </Box>
  );
}
