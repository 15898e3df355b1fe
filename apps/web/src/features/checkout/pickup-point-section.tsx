import { Box, Button, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { PICKUP_CARRIER_LABELS, type TPickupCarrier, type TPickupPoint } from '@shop/api/schemas';
import { lazy, Suspense, useState } from 'react';
import { LuMapPin } from 'react-icons/lu';
import { CheckoutSection } from './checkout-section';
import { budapestWeekday, dayHoursText, WEEKDAY_NAMES } from './pickup-hours';

// The search, the list and the map come with the first opening: most shoppers never need them.
const PickupPointPicker = lazy(() => import('./pickup-point-picker'));

/** Name, address and today's hours of a point: the chosen one here, each result in the picker. */
export function PickupPointSummary({ point }: { point: TPickupPoint }) {
  const today = budapestWeekday();
  return (
    <Stack gap="0.5" minW="0">
      <Text fontWeight="semibold">{point.name}</Text>
      <Text color="fg.muted" fontSize="sm">
        {point.address.postcode} {point.address.city}, {point.address.street}
      </Text>
      <Text fontSize="sm">
        Ma ({WEEKDAY_NAMES[today - 1]}): <strong>{dayHoursText(point.hours, today)}</strong>
      </Text>
    </Stack>
  );
}

/**
 * The checkout block of a pickup point method: the chosen locker or parcel shop, and the button that
 * opens the picker of the method's carrier.
 */
export function PickupPointSection({
  step,
  carrier,
  value,
  onChange,
  error,
}: {
  step: number;
  carrier: TPickupCarrier;
  value: TPickupPoint | null;
  onChange: (point: TPickupPoint) => void;
  error?: string;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const label = PICKUP_CARRIER_LABELS[carrier];
  const show = () => {
    setOpened(true);
    setOpen(true);
  };
  return (
    <CheckoutSection
      step={step}
      title="Csomagpont / automata"
      description={`A csomagot a választott ${label} pontban veheted át; szállítási cím nem kell.`}
      error={error}
    >
      <Flex
        gap="4"
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'center' }}
        justify="space-between"
        p={{ base: '3', md: '4' }}
        borderWidth="1px"
        borderRadius="l2"
        bg={value ? 'brand.subtle' : 'white'}
        aria-live="polite"
      >
        {value ? (
          <Flex gap="3" align="flex-start" minW="0">
            <Box color="brand.fg" mt="1" aria-hidden="true">
              <LuMapPin />
            </Box>
            <Box minW="0">
              <Text fontSize="sm" color="fg.muted">
                Választott pont
              </Text>
              <PickupPointSummary point={value} />
            </Box>
          </Flex>
        ) : (
          <Text color="fg.muted">Még nem választottál {label} pontot.</Text>
        )}
        <Button
          type="button"
          colorPalette="brand"
          variant={value ? 'outline' : 'solid'}
          onClick={show}
          flexShrink={0}
        >
          {value ? 'Másik pont választása' : 'Csomagpont választása'}
        </Button>
      </Flex>
      {opened && (
        <Suspense
          fallback={
            <Flex gap="2" align="center" mt="3" role="status">
              <Spinner size="sm" /> A kereső betöltése…
            </Flex>
          }
        >
          <PickupPointPicker
            open={open}
            onOpenChange={setOpen}
            carrier={carrier}
            value={value}
            onChoose={(point) => {
              onChange(point);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </CheckoutSection>
  );
}
