import { Button, Flex, Grid, Stack } from '@chakra-ui/react';
import { adminStatusTargets } from '@shop/api/schemas';
import { formatDateTime, formatPrice } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { LuArrowLeft, LuPrinter } from 'react-icons/lu';
import { useTRPC } from '../../../lib/trpc';
import { AdminPage } from '../../admin/admin-page';
import { useAdminAccess } from '../../admin/use-access';
import { OrderStatusBadge } from '../../orders/order-status-badge';
import { AddressesPanel } from './addresses-panel';
import { AuditPanel } from './audit-panel';
import { CustomerPanel } from './customer-panel';
import { EmailsPanel } from './emails-panel';
import { HistoryPanel } from './history-panel';
import { OrderInvoicePanel } from './invoice-panel';
import { LinesPanel } from './lines-panel';
import { NotesPanel } from './notes-panel';
import { OrderParcelPanel } from './parcel-panel';
import { PaymentsPanel } from './payments-panel';
import { PaidStatusBadge } from './record-payment';
import { OrderRefundsPanel } from './refunds-panel';
import { OrderShipmentsPanel } from './shipments-panel';
import { ShippingPaymentPanel } from './shipping-payment-panel';
import { StatusDialog } from './status-dialog';

/** /admin/order/{id}: everything about one order, and what the shop does with it. */
export function OrderDetailPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const { data: detail } = useSuspenseQuery(trpc.order.adminById.queryOptions({ id }));
  const [changingStatus, setChangingStatus] = useState(false);
  const { order } = detail;
  // A role without orders:write sees the order but not a change the server would refuse.
  const noStatusReason = useAdminAccess().reasonNot('orders:write');
  const canChangeStatus = adminStatusTargets(order.status).length > 0 && !noStatusReason;
  const panels = useRef<HTMLDivElement>(null);
  // Opened from the list, focus would stay on the page itself and the next Tab would start again at the
  // admin menu. On the order's heading a screen reader says which order this is, and the next Tab
  // reaches the order's own actions (Rendelések, Szállítólevél, Állapot módosítása).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once for each order opened, not on every refresh
  useEffect(() => {
    const heading = panels.current?.parentElement?.querySelector('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [id]);

  return (
    <AdminPage
      title={`Rendelés ${order.number}`}
      description={
        <Flex as="span" gap="2" align="center" wrap="wrap">
          <OrderStatusBadge status={order.status} size="sm" />
          <PaidStatusBadge status={order.paidStatus} size="sm" />
          {formatDateTime(order.createdAt)} · {formatPrice(order.total)}
        </Flex>
      }
      actions={
        <>
          <Button asChild variant="ghost" size="sm">
            <Link to="/admin/order">
              <LuArrowLeft /> Rendelések
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm" bg="white">
            <Link to="/admin/order/print" search={{ ids: String(order.id), kind: 'packing' }}>
              <LuPrinter /> Szállítólevél
            </Link>
          </Button>
          <Button
            size="sm"
            colorPalette="brand"
            disabled={!canChangeStatus}
            title={noStatusReason ?? undefined}
            onClick={() => setChangingStatus(true)}
          >
            Állapot módosítása
          </Button>
        </>
      }
    >
      <Grid ref={panels} templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="4" alignItems="start">
        <Stack gap="4" minW="0">
          <LinesPanel order={order} />
          <PaymentsPanel detail={detail} />
          {/* Refunds and withdrawals (helper "refunds"): their own panel and dialog. */}
          <OrderRefundsPanel orderId={order.id} />
          <HistoryPanel detail={detail} />
          <AuditPanel detail={detail} />
        </Stack>
        <Stack gap="4" minW="0">
          <CustomerPanel detail={detail} />
          <AddressesPanel detail={detail} />
          <ShippingPaymentPanel detail={detail} />
          <OrderShipmentsPanel order={order} />
          <OrderParcelPanel order={order} />
          <OrderInvoicePanel orderId={order.id} />
          <NotesPanel detail={detail} />
          <EmailsPanel detail={detail} />
        </Stack>
      </Grid>
      {changingStatus && (
        <StatusDialog
          key={order.status}
          detail={detail}
          open={changingStatus}
          onOpenChange={setChangingStatus}
        />
      )}
    </AdminPage>
  );
}
