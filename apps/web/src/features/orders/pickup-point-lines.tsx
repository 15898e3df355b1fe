import { Text } from '@chakra-ui/react';
import { PICKUP_CARRIER_LABELS, pickupKindLabel, type TPickupPointSnapshot } from '@shop/api/schemas';

/** The pickup point an order goes to, as the order keeps it: carrier and kind, name, address, the carrier's id. */
export function PickupPointLines({ point }: { point: TPickupPointSnapshot }) {
  const kind = pickupKindLabel(point.kind);
  return (
    <>
      <Text fontWeight="medium">{point.name}</Text>
      <Text>
        {point.postcode} {point.city}, {point.street}
      </Text>
      <Text color="fg.muted" fontSize="xs">
        {PICKUP_CARRIER_LABELS[point.carrier]}
        {kind ? ` · ${kind}` : ''} · azonosító: {point.id}
      </Text>
    </>
  );
}
