import { Button } from '@chakra-ui/react';
import { PAYMENT_PROVIDER_LABELS, type TPaymentMethod } from '@shop/api/schemas';
import { formatPrice, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuPlus, LuSettings } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, RowTitle } from '../admin/admin-page';
import { type MethodRow, MethodTable } from './method-table';
import { PaymentSetupNotice } from './payment-setup-notice';

const feeText = (method: TPaymentMethod) =>
  method.fee === 0 ? 'Díjmentes' : `${formatPrice(method.fee)} díj`;

/** /admin/checkout/payment: the payment methods in checkout order, switched on and off in place. */
export function PaymentMethodsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(trpc.checkout.paymentList.queryOptions());
  const invalidate = () => queryClient.invalidateQueries(trpc.checkout.pathFilter());

  const toggle = useMutation(
    trpc.checkout.paymentUpdate.mutationOptions({
      onSuccess: (method) => {
        toaster.success({
          title: method.enabled ? 'A fizetési mód engedélyezve.' : 'A fizetési mód kikapcsolva.',
          description: method.name,
        });
        void invalidate();
      },
      meta: { errorTitle: 'A módosítás nem sikerült.' },
    }),
  );
  const reorder = useMutation(
    trpc.checkout.paymentReorder.mutationOptions({
      onSuccess: (list) => {
        queryClient.setQueryData(trpc.checkout.paymentList.queryKey(), list);
        void invalidate();
      },
      meta: { errorTitle: 'A sorrend nem változott.' },
    }),
  );

  const rows: MethodRow[] = data.items.map((method) => ({
    id: method.id,
    name: method.name,
    enabled: method.enabled,
    title: (
      <Link to="/admin/checkout/payment/$id" params={{ id: String(method.id) }}>
        <RowTitle>{method.name}</RowTitle>
      </Link>
    ),
    summary: `${PAYMENT_PROVIDER_LABELS[method.provider]} · ${feeText(method)}`,
    cells: [PAYMENT_PROVIDER_LABELS[method.provider], formatPrice(method.fee)],
  }));

  return (
    <AdminPage
      title="Fizetési módok"
      description="A pénztár ebben a sorrendben kínálja őket; a kikapcsolt módot a vásárlók nem látják."
      actions={
        <>
          <Button asChild variant="outline" bg="white">
            <Link to="/admin/checkout/settings">
              <LuSettings /> Fizetési beállítások
            </Link>
          </Button>
          <Button asChild colorPalette="brand">
            <Link to="/admin/checkout/payment/$id" params={{ id: 'new' }}>
              <LuPlus /> Új fizetési mód
            </Link>
          </Button>
        </>
      }
    >
      <PaymentSetupNotice methods={data.items} />
      <MethodTable
        label="Fizetési módok"
        columns={['Szolgáltató', 'Díj']}
        rows={rows}
        busy={toggle.isPending || reorder.isPending}
        onToggle={(id, enabled) => toggle.mutate({ id, enabled })}
        onReorder={(ids) => reorder.mutate({ ids })}
        empty="Még nincs fizetési mód: vásárolni csak fizetési móddal lehet."
      />
    </AdminPage>
  );
}
