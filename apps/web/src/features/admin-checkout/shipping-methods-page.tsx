import { Badge, Button } from '@chakra-ui/react';
import { PICKUP_CARRIER_LABELS, type TShippingMethod } from '@shop/api/schemas';
import { formatPrice } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuPlus } from 'react-icons/lu';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { AdminPage, RowTitle } from '../admin/admin-page';
import { type MethodRow, MethodTable, useMethodListChanges } from './method-table';

function summary(method: TShippingMethod): string {
  return [
    method.fee === 0 ? 'Ingyenes' : formatPrice(method.fee),
    method.freeAbove !== null ? `${formatPrice(method.freeAbove)} felett ingyenes` : null,
    method.pickupCarrier
      ? `${PICKUP_CARRIER_LABELS[method.pickupCarrier]} csomagpont / automata`
      : method.needsAddress
        ? null
        : 'cím nélkül (átvétel)',
    method.deliveryTime,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** /admin/checkout/shipping: the shipping methods in checkout order, switched on and off in place. */
export function ShippingMethodsPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { data } = useSuspenseQuery(trpc.checkout.shippingList.queryOptions());
  const changes = useMethodListChanges({
    noun: 'A szállítási mód',
    listKey: trpc.checkout.shippingList.queryKey(),
    update: (input) => client.checkout.shippingUpdate.mutate(input),
    reorder: (ids) => client.checkout.shippingReorder.mutate({ ids }),
  });

  const rows: MethodRow[] = data.items.map((method) => ({
    id: method.id,
    name: method.name,
    enabled: method.enabled,
    title: (
      <Link to="/admin/checkout/shipping/$id" params={{ id: String(method.id) }}>
        <RowTitle>{method.name}</RowTitle>
      </Link>
    ),
    summary: summary(method),
    cells: [
      formatPrice(method.fee),
      method.freeAbove === null ? (
        <Badge key="free" colorPalette="gray">
          nincs
        </Badge>
      ) : (
        `${formatPrice(method.freeAbove)} felett`
      ),
      method.deliveryTime ?? '–',
    ],
  }));

  return (
    <AdminPage
      title="Szállítási módok"
      description="A pénztár ebben a sorrendben kínálja őket; a kikapcsolt módot a vásárlók nem látják."
      actions={
        <Button asChild colorPalette="brand">
          <Link to="/admin/checkout/shipping/$id" params={{ id: 'new' }}>
            <LuPlus /> Új szállítási mód
          </Link>
        </Button>
      }
    >
      <MethodTable
        label="Szállítási módok"
        columns={['Díj', 'Ingyenes szállítás', 'Szállítási idő']}
        rows={rows}
        {...changes}
        empty="Még nincs szállítási mód: vásárolni csak szállítási móddal lehet."
      />
    </AdminPage>
  );
}
