import { Button } from '@chakra-ui/react';
import { PAYMENT_PROVIDER_LABELS, type TPaymentMethod } from '@shop/api/schemas';
import { formatPrice } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuPlus, LuSettings } from 'react-icons/lu';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { AdminPage, RowTitle } from '../admin/admin-page';
import { type MethodRow, MethodTable, useMethodListChanges } from './method-table';
import { PaymentSetupNotice } from './payment-setup-notice';

const feeText = (method: TPaymentMethod) =>
  method.fee === 0 ? 'Díjmentes' : `${formatPrice(method.fee)} díj`;

/** /admin/checkout/payment: the payment methods in checkout order, switched on and off in place. */
export function PaymentMethodsPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { data } = useSuspenseQuery(trpc.checkout.paymentList.queryOptions());
  const changes = useMethodListChanges({
    noun: 'A fizetési mód',
    listKey: trpc.checkout.paymentList.queryKey(),
    update: (input) => client.checkout.paymentUpdate.mutate(input),
    reorder: (ids) => client.checkout.paymentReorder.mutate({ ids }),
  });

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
        {...changes}
        empty="Még nincs fizetési mód: vásárolni csak fizetési móddal lehet."
      />
    </AdminPage>
  );
}
