import { Badge, Box, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  type TWorkQueueEntry,
  type TWorkQueueItem,
  WORK_QUEUE_ITEM_LABELS,
  WORK_QUEUE_SECTION_TITLES,
} from '@shop/api/schemas/work-queue';
import { formatDateTime, formatNumber } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { AppLink } from '../../components/app-link';
import { useTRPC } from '../../lib/trpc';
import { QUALITY_LIST_PATHS } from '../admin-catalog/check-page';
import { AdminPanel } from './admin-page';
import { useAdminAccess } from './use-access';

/**
 * Where each item's list opens, already filtered as the server counted it (services/work-queue.ts): the
 * filters are the lists' own URL state (order-list-search.ts, inquiry-search.ts, blog-post-list-search.ts).
 * Items no list filters by link their oldest orders instead.
 */
export const WORK_QUEUE_LINKS: Partial<Record<TWorkQueueItem, string>> = {
  to_pack: '/admin/order?status=received,processing',
  to_ship: '/admin/order?status=packed',
  out_of_stock: QUALITY_LIST_PATHS['no-stock-but-enabled'],
  contact_messages: '/admin/inquiry/contact?status=new',
  offer_requests: '/admin/inquiry/offer?status=new',
  draft_posts: '/admin/other/blogpost?status=draft',
};

const HINTS: Record<TWorkQueueItem, string> = {
  to_pack: 'Új és feldolgozás alatti rendelések',
  to_ship: 'Csomagszám és átadás a futárnak',
  out_of_stock: 'Engedélyezett, de 0 db készlet',
  contact_messages: 'Új üzenetek a kapcsolati űrlapról',
  offer_requests: 'Új ajánlatkérések',
  open_withdrawals: 'Bejelentett, még nem lezárt',
  pending_refunds: 'Bankkártyás visszatérítés, a Barion válaszára vár',
  paid_not_invoiced: 'A befolyt összegről még nincs számla',
  failed_invoices: 'A számlázó elutasította: javítás és újrapróbálás',
  draft_posts: 'Még nem jelent meg',
};

/** The dashboard's first panel: what waits for the signed-in person, by their role (GET /api/dashboard/queue). */
export function WorkQueue() {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.workQueue.mine.queryOptions());
  const waiting = data.sections.some((section) => section.entries.some((entry) => entry.count > 0));

  return (
    <AdminPanel as="section" aria-label="Teendőid" p={{ base: '4', md: '5' }}>
      <Heading as="h2" size="md">
        Teendőid
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {waiting
          ? 'Ami most rád vár, a szerepköröd szerint.'
          : 'Most nincs teendőd: minden, amit a szerepköröd lát, rendben van.'}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} columnGap="6" rowGap="4">
        {data.sections.map(({ section, entries }) => (
          <Box as="section" key={section} aria-label={WORK_QUEUE_SECTION_TITLES[section]} minW="0">
            <Heading as="h3" size="sm" color="fg.muted" mb="1">
              {WORK_QUEUE_SECTION_TITLES[section]}
            </Heading>
            <Stack gap="0">
              {entries.map((entry) => (
                <QueueEntry key={entry.item} entry={entry} />
              ))}
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
    </AdminPanel>
  );
}

function QueueEntry({ entry }: { entry: TWorkQueueEntry }) {
  const { mayOpen } = useAdminAccess();
  const href = WORK_QUEUE_LINKS[entry.item];
  const busy = entry.count > 0;
  const content = (
    <>
      <Box flex="1" minW="0">
        <Text fontWeight="medium" color={busy ? undefined : 'fg.muted'}>
          {WORK_QUEUE_ITEM_LABELS[entry.item]}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {HINTS[entry.item]}
          {busy && entry.oldestAt && ` · a legrégebbi: ${formatDateTime(entry.oldestAt)}`}
        </Text>
      </Box>
      <Badge colorPalette={busy ? 'orange' : 'gray'} size="lg" flexShrink={0}>
        {formatNumber(entry.count)}
      </Badge>
    </>
  );
  const row = { justify: 'space-between', align: 'center', gap: '3', py: '2' } as const;

  if (href && mayOpen(href)) {
    return (
      <Flex asChild {...row} px="2" mx="-2" borderRadius="l2" _hover={{ bg: 'bg.muted' }}>
        <AppLink href={href}>{content}</AppLink>
      </Flex>
    );
  }
  return (
    <Box>
      <Flex {...row}>{content}</Flex>
      {entry.orders.length > 0 && <OldestOrders orders={entry.orders} of={entry.count} />}
    </Box>
  );
}

/** The oldest few orders of an item no admin list filters by, each opened by itself. */
function OldestOrders({ orders, of }: { orders: TWorkQueueEntry['orders']; of: number }) {
  const { mayOpen } = useAdminAccess();
  const link = (order: TWorkQueueEntry['orders'][number]): ReactNode => {
    const href = `/admin/order/${order.id}`;
    if (!mayOpen(href)) return order.number;
    return (
      <Text asChild color="brand.fg" _hover={{ textDecoration: 'underline' }}>
        <AppLink href={href}>{order.number}</AppLink>
      </Text>
    );
  };
  return (
    <Text fontSize="sm" mt="-1" mb="2">
      <Text as="span" color="fg.muted">
        {orders.length < of ? 'A legrégebbiek: ' : orders.length === 1 ? 'Rendelés: ' : 'Rendelések: '}
      </Text>
      {orders.map((order, at) => (
        <Fragment key={order.id}>
          {at > 0 && ', '}
          {link(order)}
        </Fragment>
      ))}
    </Text>
  );
}
