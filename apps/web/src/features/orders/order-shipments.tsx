import { Box, Clipboard, Flex, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { PICKUP_CARRIER_LABELS, type TOrder, type TOrderShipment } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { LuCheck, LuCopy, LuExternalLink } from 'react-icons/lu';

type ParcelOfOrder = TOrder['parcel'];

/** Whether the number is the one the shop's own Foxpost parcel got (carriers print them in capitals). */
function isParcelNumber(
  shipment: TOrderShipment,
  parcel: ParcelOfOrder,
): parcel is NonNullable<ParcelOfOrder> {
  return parcel !== null && parcel.parcelNumber.toUpperCase() === shipment.trackingNumber.toUpperCase();
}

/**
 * Where the shopper follows a number: its own tracking page, or for the Foxpost parcel whose link the
 * staff cleared when correcting the number, the parcel's page (the carrier's link for that number).
 */
export function shipmentTrackingUrl(shipment: TOrderShipment, parcel: ParcelOfOrder): string | null {
  if (shipment.trackingUrl) return shipment.trackingUrl;
  return isParcelNumber(shipment, parcel) ? parcel.trackingUrl : null;
}

/**
 * The carrier as the shopper reads it. The shop stores its own parcel's carrier as a code ("foxpost");
 * what the staff typed is shown as typed, since "mpl" may be the courier and not the PostaPont.
 */
export function shipmentCarrierLabel(shipment: TOrderShipment, parcel: ParcelOfOrder): string | null {
  const { carrier } = shipment;
  if (!carrier) return null;
  if (isParcelNumber(shipment, parcel) && Object.hasOwn(PICKUP_CARRIER_LABELS, carrier))
    return PICKUP_CARRIER_LABELS[carrier as keyof typeof PICKUP_CARRIER_LABELS];
  return carrier;
}

function CopyNumberButton({ trackingNumber }: { trackingNumber: string }) {
  return (
    <Clipboard.Root
      value={trackingNumber}
      onStatusChange={(details) => {
        if (details.copied) toaster.success({ title: `A csomagszámot (${trackingNumber}) kimásoltuk.` });
      }}
    >
      <Clipboard.Trigger asChild>
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={`Csomagszám másolása: ${trackingNumber}`}
          title="Csomagszám másolása"
        >
          <Clipboard.Indicator copied={<LuCheck />}>
            <LuCopy />
          </Clipboard.Indicator>
        </IconButton>
      </Clipboard.Trigger>
    </Clipboard.Root>
  );
}

/**
 * The order's tracking numbers for the shopper ("Csomagkövetés"): an order may travel in several
 * parcels, each number with its carrier, a copy button and its tracking page in a new tab.
 */
export function OrderShipmentList({ order }: { order: Pick<TOrder, 'shipments' | 'parcel'> }) {
  return (
    <Stack gap="3">
      <Text color="fg.muted" fontSize="sm">
        {order.shipments.length > 1
          ? `A rendelésed ${order.shipments.length} csomagban érkezik. A csomagszámokkal a szállító oldalán követheted, hol járnak.`
          : 'A csomagszámmal a szállító oldalán követheted, hol jár a csomagod.'}
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Csomagszámok">
        {order.shipments.map((shipment) => {
          const url = shipmentTrackingUrl(shipment, order.parcel);
          const carrier = shipmentCarrierLabel(shipment, order.parcel);
          return (
            <Flex
              as="li"
              key={shipment.id}
              gap={{ base: '1', sm: '3' }}
              align={{ base: 'flex-start', sm: 'center' }}
              justify="space-between"
              direction={{ base: 'column', sm: 'row' }}
              borderWidth="1px"
              borderRadius="md"
              px="3"
              py="2"
            >
              <Box minW="0">
                <Text fontSize="xs" color="fg.muted">
                  {carrier ?? 'Csomagszám'}
                </Text>
                <Flex align="center" gap="1">
                  <Text fontFamily="mono" fontWeight="medium" wordBreak="break-all">
                    {shipment.trackingNumber}
                  </Text>
                  <CopyNumberButton trackingNumber={shipment.trackingNumber} />
                </Flex>
              </Box>
              {url && (
                <Link
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  color="brand.fg"
                  fontWeight="medium"
                  flexShrink={0}
                  aria-label={`Csomag követése: ${shipment.trackingNumber} (új lapon nyílik meg)`}
                >
                  Csomag követése
                  <LuExternalLink aria-hidden />
                </Link>
              )}
            </Flex>
          );
        })}
      </Stack>
    </Stack>
  );
}
