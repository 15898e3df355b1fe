import { Box, Button, Grid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPencil } from 'react-icons/lu';
import { PickupPointLines } from '../../orders/pickup-point-lines';
import { AddressDialog, shippingAddressEditable } from './address-dialog';
import { AddressText, type Detail, Panel } from './panel';

export function AddressesPanel({ detail }: { detail: Detail }) {
  const [editing, setEditing] = useState(false);
  const { order } = detail;
  return (
    <Panel
      title="Címek"
      actions={
        // A role that is not sent the billing address has nothing to correct once the parcel left.
        (order.billingAddress || shippingAddressEditable(order)) && (
          <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
            <LuPencil /> Cím javítása
          </Button>
        )
      }
    >
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4" fontSize="sm">
        <Box>
          <Text fontSize="xs" color="fg.muted" mb="1">
            {order.pickupPoint ? 'Átvételi pont' : 'Szállítási cím'}
          </Text>
          {order.pickupPoint ? (
            <PickupPointLines point={order.pickupPoint} />
          ) : order.shippingAddress ? (
            <AddressText address={order.shippingAddress} />
          ) : (
            <Text>Személyes átvétel</Text>
          )}
        </Box>
        {order.billingAddress && (
          <Box>
            <Text fontSize="xs" color="fg.muted" mb="1">
              Számlázási cím
            </Text>
            <AddressText address={order.billingAddress} />
            {order.billingAddress.companyName && <Text>{order.billingAddress.companyName}</Text>}
            {order.billingAddress.taxNumber && <Text>Adószám: {order.billingAddress.taxNumber}</Text>}
            {order.billingAddress.euVatNumber && (
              <Text>Közösségi adószám: {order.billingAddress.euVatNumber}</Text>
            )}
          </Box>
        )}
      </Grid>
      {editing && <AddressDialog detail={detail} open={editing} onOpenChange={setEditing} />}
    </Panel>
  );
}
