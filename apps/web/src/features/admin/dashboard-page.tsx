import { Badge, Box, Flex, Heading, SimpleGrid, Skeleton, Stack, Stat, Tabs, Text } from '@chakra-ui/react';
import {
  ORDER_STATUS_LABELS,
  type TDashboardFigures,
  type TDashboardOutput,
  type TDashboardTopProduct,
} from '@shop/api/schemas';
import { formatDate, formatDateTime, formatNumber, formatPrice } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { AppLink } from '../../components/app-link';
import { useTRPC } from '../../lib/trpc';
import { QUALITY_LIST_PATHS } from '../admin-catalog/check-page';
import { AdminPage, AdminPanel } from './admin-page';
import { useAdminAccess } from './use-access';
import { WorkQueue } from './work-queue';

// recharts is large: it loads only when the dashboard draws its chart, never with the shop.
const RevenueChart = lazy(() => import('./revenue-chart'));

const PERIODS = [
  { key: 'today', label: 'Ma' },
  { key: 'last7', label: 'Elmúlt 7 nap' },
  { key: 'last30', label: 'Elmúlt 30 nap' },
] as const;

const orderLink = (id: number) => `/admin/order/${id}`;
const statusListLink = (status: string) => `/admin/order?status=${status}`;

/**
 * /admin/dashboard: what waits for the signed-in person (their role's work queue), and for whom reads
 * orders, the shop's sales and the catalogue's weak spots.
 */
export function DashboardPage() {
  const { may } = useAdminAccess();
  const seesSales = may('orders:read');
  return (
    <AdminPage title="Vezérlőpult" description={seesSales ? undefined : 'A szerepköröd szerinti teendőid.'}>
      <Suspense fallback={<Skeleton h="40" borderRadius="l3" />}>
        <WorkQueue />
      </Suspense>
      {seesSales && (
        <Suspense fallback={<Skeleton h="72" borderRadius="l3" />}>
          <SalesOverview />
        </Suspense>
      )}
    </AdminPage>
  );
}

function SalesOverview() {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.dashboard.summary.queryOptions({}));
  const { may } = useAdminAccess();
  return (
    <>
      <Text color="fg.muted" fontSize="sm">
        {`Forgalom Budapest szerinti napokban (ma: ${formatDate(`${data.today}T12:00:00Z`)}). A törölt, a sikertelen fizetésű és a fizetésre váró rendelések nem számítanak bele; a visszatérített összeg le van vonva.`}
      </Text>
      <Figures periods={data.periods} />
      <Panel title="Napi forgalom, elmúlt 30 nap">
        <Suspense fallback={<Skeleton h={{ base: '56', md: '72' }} />}>
          <RevenueChart days={data.revenueByDay} />
        </Suspense>
      </Panel>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '4', md: '6' }} alignItems="start">
        <Waiting waiting={data.waiting} />
        <PendingPayments pending={data.pendingPayments} />
        {/* Customers' withdrawals are the work of whoever refunds them, as in the queue above. */}
        {may('refunds:write') && <Withdrawals withdrawals={data.withdrawals} />}
        <TopProducts top={data.topProducts} />
        <LowStock lowStock={data.lowStock} />
        <Quality quality={data.quality} />
      </SimpleGrid>
    </>
  );
}

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <AdminPanel as="section" aria-label={title} p={{ base: '4', md: '5' }}>
      <Flex justify="space-between" align="baseline" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {action}
      </Flex>
      {children}
    </AdminPanel>
  );
}

/** A link to a section the person's role does not open is not offered (the dashboard needs only orders:read). */
function MoreLink({ href, children }: { href: string; children: ReactNode }) {
  const { mayOpen } = useAdminAccess();
  if (!mayOpen(href)) return null;
  return (
    <Text asChild fontSize="sm" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
      <AppLink href={href}>{children}</AppLink>
    </Text>
  );
}

/** A list row that is a link: the label on the left, figures on the right, wrapping on a phone. */
function LinkRow({ href, children, aside }: { href: string; children: ReactNode; aside: ReactNode }) {
  const { mayOpen } = useAdminAccess();
  const content = (
    <>
      <Box flex="1 1 12rem" minW="0">
        {children}
      </Box>
      <Flex gap="2" align="center" flexShrink={0}>
        {aside}
      </Flex>
    </>
  );
  // The same row without the link, so the figures stay readable to someone who may not open it.
  if (!mayOpen(href)) {
    return (
      <Flex justify="space-between" align="center" wrap="wrap" columnGap="3" rowGap="1" py="2">
        {content}
      </Flex>
    );
  }
  return (
    <Flex
      asChild
      justify="space-between"
      align="center"
      wrap="wrap"
      columnGap="3"
      rowGap="1"
      py="2"
      px="2"
      mx="-2"
      borderRadius="l2"
      _hover={{ bg: 'bg.muted' }}
    >
      <AppLink href={href}>{content}</AppLink>
    </Flex>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      {children}
    </Text>
  );
}

function Figures({ periods }: { periods: TDashboardOutput['periods'] }) {
  return (
    <Tabs.Root defaultValue="today" variant="enclosed" colorPalette="brand" lazyMount>
      <Tabs.List aria-label="Időszak">
        {PERIODS.map((period) => (
          <Tabs.Trigger key={period.key} value={period.key}>
            {period.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {PERIODS.map((period) => (
        <Tabs.Content key={period.key} value={period.key} pt="3">
          <FigureCards figures={periods[period.key]} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

function FigureCards({ figures }: { figures: TDashboardFigures }) {
  const cards = [
    { label: 'Rendelések', value: formatNumber(figures.orders), help: null },
    {
      label: 'Bruttó forgalom',
      value: formatPrice(figures.revenue),
      help:
        [
          figures.refunded > 0 && `visszatérítve: ${formatPrice(figures.refunded)}`,
          figures.discounted > 0 && `kedvezmény: ${formatPrice(figures.discounted)}`,
        ]
          .filter(Boolean)
          .join(' · ') || null,
    },
    { label: 'Átlagos kosárérték', value: formatPrice(figures.averageBasket), help: null },
  ];
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap={{ base: '2', md: '4' }}>
      {cards.map((card) => (
        <AdminPanel key={card.label} px={{ base: '4', md: '5' }} py={{ base: '3', md: '5' }}>
          <Stat.Root
            flexDirection={{ base: 'row', sm: 'column' }}
            flexWrap="wrap"
            justifyContent="space-between"
            alignItems={{ base: 'baseline', sm: 'stretch' }}
            columnGap="3"
          >
            <Stat.Label>{card.label}</Stat.Label>
            <Stat.ValueText fontSize={{ base: 'xl', md: '3xl' }}>{card.value}</Stat.ValueText>
            {card.help && <Stat.HelpText flexBasis="100%">{card.help}</Stat.HelpText>}
          </Stat.Root>
        </AdminPanel>
      ))}
    </SimpleGrid>
  );
}

function Waiting({ waiting }: { waiting: TDashboardOutput['waiting'] }) {
  const total = waiting.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <Panel title="Teendőre váró rendelések" action={<MoreLink href="/admin/order">Összes rendelés</MoreLink>}>
      {total === 0 && <Empty>Most nincs teendőre váró rendelés.</Empty>}
      <Stack gap="0">
        {waiting.map((entry) => (
          <LinkRow
            key={entry.status}
            href={statusListLink(entry.status)}
            aside={
              <Badge colorPalette={entry.count > 0 ? 'orange' : 'gray'} size="lg">
                {formatNumber(entry.count)}
              </Badge>
            }
          >
            <Text fontWeight="medium">{ORDER_STATUS_LABELS[entry.status]}</Text>
            {entry.oldestAt && (
              <Text fontSize="xs" color="fg.muted">
                a legrégebbi: {formatDateTime(entry.oldestAt)}
              </Text>
            )}
          </LinkRow>
        ))}
      </Stack>
    </Panel>
  );
}

function OrderRows({
  orders,
}: {
  orders: { id: number; number: string; name: string; total: number; createdAt: string }[];
}) {
  return (
    <Stack gap="0">
      {orders.map((order) => (
        <LinkRow
          key={order.id}
          href={orderLink(order.id)}
          aside={<Text fontSize="sm">{formatPrice(order.total)}</Text>}
        >
          <Text fontWeight="medium" truncate>
            {order.number} · {order.name}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(order.createdAt)}
          </Text>
        </LinkRow>
      ))}
    </Stack>
  );
}

function PendingPayments({ pending }: { pending: TDashboardOutput['pendingPayments'] }) {
  return (
    <Panel
      title="Függő kártyás fizetések"
      action={
        pending.count > 0 && <MoreLink href={statusListLink('awaiting_payment')}>Mind a listában</MoreLink>
      }
    >
      {pending.count === 0 ? (
        <Empty>Nincs fizetésre váró rendelés.</Empty>
      ) : (
        <Stack gap="2">
          <Text fontSize="sm">
            {formatNumber(pending.count)} rendelés, összesen {formatPrice(pending.total)} vár a fizetésre.
          </Text>
          <OrderRows orders={pending.oldest} />
        </Stack>
      )}
    </Panel>
  );
}

function Withdrawals({ withdrawals }: { withdrawals: TDashboardOutput['withdrawals'] }) {
  const overdue = (deadline: string) => new Date(deadline).getTime() < Date.now();
  return (
    <Panel title="Nyitott elállások">
      {withdrawals.count === 0 ? (
        <Empty>Nincs nyitott elállás.</Empty>
      ) : (
        <Stack gap="2">
          <Text fontSize="sm">
            {formatNumber(withdrawals.count)} nyitott elállás. A legrégebbi visszatérítési határideje:{' '}
            <Text
              as="span"
              fontWeight="semibold"
              color={
                withdrawals.oldestDeadline && overdue(withdrawals.oldestDeadline) ? 'red.600' : undefined
              }
            >
              {withdrawals.oldestDeadline && formatDateTime(withdrawals.oldestDeadline)}
            </Text>
          </Text>
          <Stack gap="0">
            {withdrawals.oldest.map((item) => (
              <LinkRow
                key={item.id}
                href={orderLink(item.orderId)}
                aside={
                  <Badge colorPalette={overdue(item.refundDeadline) ? 'red' : 'orange'}>
                    határidő {formatDate(item.refundDeadline)}
                  </Badge>
                }
              >
                <Text fontWeight="medium" truncate>
                  {item.orderNumber} · {item.name}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  bejelentve {formatDateTime(item.createdAt)}
                </Text>
              </LinkRow>
            ))}
          </Stack>
        </Stack>
      )}
    </Panel>
  );
}

function TopProductRows({ products, by }: { products: TDashboardTopProduct[]; by: 'quantity' | 'revenue' }) {
  if (products.length === 0) return <Empty>Az elmúlt 30 napban nem volt eladás.</Empty>;
  return (
    <Stack as="ol" gap="0" listStyleType="none">
      {products.map((product, index) => {
        const figures = (
          <Text fontSize="sm" fontWeight={by === 'quantity' ? 'semibold' : undefined}>
            {formatNumber(product.quantity)} db
            <Text as="span" color="fg.muted" fontWeight="normal">
              {' · '}
            </Text>
            <Text as="span" fontWeight={by === 'revenue' ? 'semibold' : 'normal'}>
              {formatPrice(product.revenue)}
            </Text>
          </Text>
        );
        const title = (
          <Text fontWeight="medium" lineClamp={2}>
            {index + 1}. {product.title}
          </Text>
        );
        return (
          <li key={`${product.productId ?? product.title}:${product.variantId ?? ''}`}>
            {product.productId === null ? (
              <Flex justify="space-between" gap="3" py="2">
                {title}
                {figures}
              </Flex>
            ) : (
              <LinkRow href={`/admin/catalog/products/${product.productId}`} aside={figures}>
                {title}
              </LinkRow>
            )}
          </li>
        );
      })}
    </Stack>
  );
}

function TopProducts({ top }: { top: TDashboardOutput['topProducts'] }) {
  return (
    <Panel title="Legkelendőbb termékek, 30 nap">
      <Tabs.Root defaultValue="quantity" variant="subtle" size="sm" colorPalette="brand">
        <Tabs.List aria-label="Rangsor">
          <Tabs.Trigger value="quantity">Darabszám szerint</Tabs.Trigger>
          <Tabs.Trigger value="revenue">Bevétel szerint</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="quantity" pt="2">
          <TopProductRows products={top.byQuantity} by="quantity" />
        </Tabs.Content>
        <Tabs.Content value="revenue" pt="2">
          <TopProductRows products={top.byRevenue} by="revenue" />
        </Tabs.Content>
      </Tabs.Root>
    </Panel>
  );
}

function LowStock({ lowStock }: { lowStock: TDashboardOutput['lowStock'] }) {
  return (
    <Panel title={`Alacsony készlet (legfeljebb ${formatNumber(lowStock.threshold)} db)`}>
      {lowStock.count === 0 ? (
        <Empty>Minden engedélyezett termékből van elég.</Empty>
      ) : (
        <Stack gap="2">
          <Text fontSize="sm">
            {formatNumber(lowStock.count)} engedélyezett termék vagy változat; a legkevesebb készletűek,
            közülük a jobban fogyók elöl:
          </Text>
          <Stack gap="0">
            {lowStock.items.map((item) => (
              <LinkRow
                key={`${item.id}:${item.variantId ?? ''}`}
                href={`/admin/catalog/products/${item.id}`}
                aside={
                  <Badge colorPalette={item.stock <= 0 ? 'red' : 'orange'}>
                    {formatNumber(item.stock)} {item.unit}
                  </Badge>
                }
              >
                <Text fontWeight="medium" truncate>
                  {item.title}
                </Text>
                {item.kutiId && (
                  <Text fontSize="xs" color="fg.muted">
                    {item.kutiId}
                  </Text>
                )}
              </LinkRow>
            ))}
          </Stack>
        </Stack>
      )}
    </Panel>
  );
}

function Quality({ quality }: { quality: TDashboardOutput['quality'] }) {
  return (
    <Panel title="Katalógus-ellenőrzés" action={<MoreLink href="/admin/catalog/check">Részletek</MoreLink>}>
      <Stack gap="0">
        {quality.map((check) => (
          <LinkRow
            key={check.check}
            href={QUALITY_LIST_PATHS[check.check]}
            aside={
              <Badge colorPalette={check.count === 0 ? 'green' : 'orange'}>{formatNumber(check.count)}</Badge>
            }
          >
            <Text fontSize="sm">{check.title}</Text>
          </LinkRow>
        ))}
      </Stack>
    </Panel>
  );
}
