import { Badge, Box, Container, Flex, Grid, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { ORDER_STATUS_LABELS, PAYMENT_STATE_LABELS, type TOrder } from '@shop/api/schemas';
import { formatDateTime } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { type BreadcrumbEntry, PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { useToken } from '../../lib/use-storage';
import { OrderReviews } from '../product/reviews-for-order';
import { InvoiceDownloadButton } from './invoice-download';
import { OrderLines } from './order-lines';
import { orderByIdOptions } from './order-queries';
import { OrderShipmentList } from './order-shipments';
import { OrderStatusBadge } from './order-status-badge';
import { PaymentOptions } from './payment-options';
import { PickupPointLines } from './pickup-point-lines';
import { OrderTotalsBreakdown } from './totals-breakdown';
import { WithdrawalSection } from './withdrawal-section';

function InfoCard({ title, children, tone }: { title: string; children: ReactNode; tone?: 'attention' }) {
  const id = useId();
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg={tone ? 'orange.50' : 'shop.surface'}
      borderWidth="1px"
      borderColor={tone ? 'orange.200' : undefined}
      borderRadius="l3"
      boxShadow="xs"
      p={{ base: '4', md: '6' }}
    >
      <Heading as="h2" size="md" mb="3" id={id}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function AddressLines({ address }: { address: NonNullable<TOrder['shippingAddress']> }) {
  return (
    <>
      <Text>{address.name}</Text>
      <Text>
        {address.postcode} {address.city}, {address.street}
        {address.floorDoor && ` ${address.floorDoor}`}
      </Text>
    </>
  );
}

export function OrderHistory({ history }: { history: TOrder['history'] }) {
  return (
    <Stack as="ol" gap="0" listStyleType="none">
      {history.map((entry, index) => (
        <Flex as="li" key={`${entry.at}-${entry.status}`} gap="3">
          <Flex direction="column" align="center" flexShrink={0}>
            <Box
              boxSize="2.5"
              mt="1.5"
              borderRadius="full"
              bg={index === history.length - 1 ? 'brand.solid' : 'gray.300'}
            />
            {index < history.length - 1 && <Box flex="1" w="0.5" bg="gray.200" my="1" />}
          </Flex>
          <Box pb="4" minW="0">
            <Text fontWeight="medium">{ORDER_STATUS_LABELS[entry.status]}</Text>
            <Text fontSize="sm" color="fg.muted">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </Text>
            {entry.note && <Text fontSize="sm">{entry.note}</Text>}
          </Box>
        </Flex>
      ))}
    </Stack>
  );
}

/** "altalanos-szerzodesi-feltetelek@2026-05-01T08:00:00.000Z" (page and last change) as a reader says it. */
function termsLabel(version: string): string {
  const changed = version.split('@')[1];
  return changed && !Number.isNaN(Date.parse(changed))
    ? `${formatDateTime(changed)}-kor hatályos változat`
    : version;
}

/** /order/{id}: status and history, tracking numbers, lines, totals with VAT per rate, addresses, methods and note. */
/**
 * The card payment's state as the shopper should read it: an interrupted card payment means nothing once
 * the order is paid another way (cash on delivery, transfer), but money that moved always shows.
 */
function onlinePaymentOf(order: TOrder): TOrder['paymentState'] {
  const moneyMoved = order.paymentState === 'succeeded' || order.paymentState === 'refunded';
  return order.paymentMethod.provider === 'barion' || moneyMoved ? order.paymentState : 'none';
}

export function OrderPage({ id, accessKey }: { id: number; accessKey: string | undefined }) {
  const trpc = useTRPC();
  const signedIn = Boolean(useToken());
  const { data: order } = useSuspenseQuery(orderByIdOptions(trpc, id, accessKey));
  const title = `Rendelés ${order.number}`;
  const onlinePayment = onlinePaymentOf(order);
  const breadcrumb: BreadcrumbEntry[] = signedIn
    ? [
        { key: 'account', label: 'Fiókom', link: (label) => <Link to="/services/account">{label}</Link> },
        {
          key: 'orders',
          label: 'Rendeléseim',
          link: (label) => (
            <Link to="/services/account" search={{ tab: 'rendeleseim' }}>
              {label}
            </Link>
          ),
        },
        { key: 'order', label: title },
      ]
    : [{ key: 'order', label: title }];

  return (
    <Container maxW="5xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle(title)}</title>
      <Stack gap={{ base: '4', md: '5' }}>
        <PageBreadcrumb entries={breadcrumb} />
        <Flex justify="space-between" align={{ base: 'flex-start', sm: 'flex-end' }} gap="3" wrap="wrap">
          <Box>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
              {title}
            </Heading>
            <Text mt="1" color="fg.muted">
              Leadva: <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </Text>
          </Box>
          <HStack gap="2" wrap="wrap">
            <OrderStatusBadge status={order.status} size="lg" />
            {onlinePayment !== 'none' && (
              <Badge variant="outline" size="lg">
                {PAYMENT_STATE_LABELS[onlinePayment]}
              </Badge>
            )}
          </HStack>
        </Flex>

        {order.canPay && (
          <InfoCard title="A rendelés fizetésre vár" tone="attention">
            <Text mb="4" color="fg.muted">
              A bankkártyás fizetés még nem történt meg. Fizess most, vagy válassz másik fizetési módot.
            </Text>
            <PaymentOptions order={order} accessKey={accessKey} cardLabel="Fizetés bankkártyával" />
          </InfoCard>
        )}

        {order.shipments.length > 0 && (
          <InfoCard title="Csomagkövetés">
            <OrderShipmentList order={order} />
          </InfoCard>
        )}

        {order.invoice && (
          <InfoCard title="Számla">
            <Flex gap="3" align="center" justify="space-between" wrap="wrap">
              <Text>
                A rendelés számlájának száma: <strong>{order.invoice.number}</strong>
              </Text>
              <InvoiceDownloadButton orderId={order.id} accessKey={accessKey} size="md" />
            </Flex>
          </InfoCard>
        )}

        <WithdrawalSection order={order} accessKey={accessKey} />

        {signedIn && <OrderReviews orderId={order.id} />}

        <Grid
          templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 22rem' }}
          gap={{ base: '4', md: '5' }}
          alignItems="start"
        >
          <Stack gap={{ base: '4', md: '5' }} minW="0">
            <InfoCard title="Tételek">
              <OrderLines lines={order.lines} />
              <Separator my="3" />
              <OrderTotalsBreakdown order={order} />
            </InfoCard>
            {order.note && (
              <InfoCard title="Megjegyzés">
                <Text whiteSpace="pre-wrap">{order.note}</Text>
              </InfoCard>
            )}
            <InfoCard title="Állapot">
              <OrderHistory history={order.history} />
            </InfoCard>
          </Stack>
          <Stack gap={{ base: '4', md: '5' }} minW="0" fontSize="sm">
            <InfoCard title="Szállítás">
              <Text fontWeight="medium">{order.shippingMethod.name}</Text>
              {order.shippingMethod.deliveryTime && (
                <Text color="fg.muted">Szállítási idő: {order.shippingMethod.deliveryTime}</Text>
              )}
              <Box mt="2">
                {order.pickupPoint ? (
                  <>
                    <Text color="fg.muted">Átvételi pont</Text>
                    <PickupPointLines point={order.pickupPoint} />
                  </>
                ) : order.shippingAddress ? (
                  <AddressLines address={order.shippingAddress} />
                ) : (
                  <Text color="fg.muted">Személyes átvétel, szállítási cím nélkül.</Text>
                )}
              </Box>
            </InfoCard>
            <InfoCard title="Számlázás">
              {order.billingAddress.companyName && (
                <Text fontWeight="medium">{order.billingAddress.companyName}</Text>
              )}
              <AddressLines address={order.billingAddress} />
              {order.billingAddress.taxNumber && <Text>Adószám: {order.billingAddress.taxNumber}</Text>}
              {order.billingAddress.euVatNumber && (
                <Text>Közösségi adószám: {order.billingAddress.euVatNumber}</Text>
              )}
            </InfoCard>
            <InfoCard title="Fizetés">
              <Text fontWeight="medium">{order.paymentMethod.name}</Text>
              {onlinePayment !== 'none' && (
                <Text color="fg.muted">{PAYMENT_STATE_LABELS[onlinePayment]}</Text>
              )}
            </InfoCard>
            <InfoCard title="Elérhetőség">
              <Text>
                {order.customer.lastName} {order.customer.firstName}
              </Text>
              <Text>{order.customer.email}</Text>
              {order.customer.phone && <Text>{order.customer.phone}</Text>}
            </InfoCard>
          </Stack>
        </Grid>
        <Text fontSize="sm" color="fg.muted">
          A rendeléskor elfogadott ÁSZF: {termsLabel(order.termsVersion)}. Az elállási jogról (14 nap a termék
          átvételétől) az{' '}
          <Link to="/page/$slug" params={{ slug: 'altalanos-szerzodesi-feltetelek' }}>
            <Text as="span" color="brand.fg" textDecoration="underline">
              Általános Szerződési Feltételekben
            </Text>
          </Link>{' '}
          olvashatsz.
        </Text>
      </Stack>
    </Container>
  );
}
