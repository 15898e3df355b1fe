import { Alert, Box, Button, Field, Flex, Heading, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {
  adminStatusTargets,
  DEFAULT_PARCEL_SIZE,
  ORDER_STATUS_LABELS,
  PARCEL_SIZE_LABELS,
  PARCEL_SIZES,
  PICKUP_CARRIER_LABELS,
  type TParcelSize,
  type TStaffOrder,
} from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useId, useState } from 'react';
import { LuDownload, LuExternalLink, LuPackageCheck } from 'react-icons/lu';
import { toastError } from '../../../lib/error-toast';
import { useTRPC } from '../../../lib/trpc';
import { freshQuery, useFileDownload } from '../../../lib/use-file-download';
import { AdminPanel } from '../../admin/admin-page';
import { useAdminAccess } from '../../admin/use-access';

function LabelButton({ orderId }: { orderId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { download, loading } = useFileDownload(
    () => queryClient.fetchQuery(freshQuery(trpc.order.parcelLabel.queryOptions({ id: orderId }))),
    { encoding: 'base64', errorTitle: 'A címke letöltése nem sikerült.' },
  );
  return (
    <Button variant="outline" size="sm" loading={loading} onClick={() => void download()}>
      <LuDownload /> Címke letöltése
    </Button>
  );
}

/**
 * "Csomag feladása" on the admin's order page: for an order bound for a Foxpost locker that can ship,
 * the button creates the parcel at Foxpost (the shop's account, or the stand-in); Foxpost's refusal
 * shows under it in Hungarian. Once the parcel exists: its number, tracking link and label. The button
 * and the label show only to a role the server lets use them (createParcel: shipping:write, parcelLabel:
 * shipping:read); a role without shipping:write reads which permission it lacks instead.
 */
export function OrderParcelPanel({ order }: { order: TStaffOrder }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [size, setSize] = useState<TParcelSize>(DEFAULT_PARCEL_SIZE);
  const [failure, setFailure] = useState<string | null>(null);
  const access = useAdminAccess();
  const create = useMutation(
    trpc.order.createParcel.mutationOptions({
      meta: { toastError: false },
      onMutate: () => setFailure(null),
      onSuccess: (parcel) => {
        toaster.success({ title: `A csomagot feladtuk: ${parcel.parcelNumber}.` });
        void queryClient.invalidateQueries(trpc.order.pathFilter());
      },
      onError: (error) => {
        if (error instanceof TRPCClientError && error.data?.httpStatus !== 401) setFailure(error.message);
        else toastError('A csomag feladása nem sikerült.', error);
      },
    }),
  );

  const point = order.pickupPoint;
  const parcel = order.parcel;
  if (!parcel && !point) return null;
  const foxpost = point?.carrier === 'foxpost';
  const canShip = adminStatusTargets(order.status).includes('shipped');

  return (
    <AdminPanel as="section" aria-labelledby={headingId} p={{ base: '4', md: '5' }}>
      <Heading as="h2" size="md" id={headingId} mb="3">
        Csomag
      </Heading>
      <Stack gap="3" fontSize="sm">
        {point && (
          <Box>
            <Text fontWeight="medium">
              {PICKUP_CARRIER_LABELS[point.carrier]} · {point.name}
            </Text>
            <Text color="fg.muted">
              {point.postcode} {point.city}, {point.street} ({point.id})
            </Text>
          </Box>
        )}
        {parcel ? (
          <Stack gap="2">
            <Flex gap="2" align="center" wrap="wrap">
              <LuPackageCheck aria-hidden />
              <Text>
                Csomagszám: <strong>{parcel.parcelNumber}</strong>
              </Text>
            </Flex>
            <Link href={parcel.trackingUrl} target="_blank" rel="noopener noreferrer" color="brand.fg">
              Csomagkövetés <LuExternalLink aria-hidden />
            </Link>
            {access.may('shipping:read') && (
              <Box>
                <LabelButton orderId={order.id} />
              </Box>
            )}
          </Stack>
        ) : !foxpost ? (
          <Text color="fg.muted">
            {withArticle(point ? PICKUP_CARRIER_LABELS[point.carrier] : '', { capital: true })} csomagját a
            szállító saját felületén add fel, és a csomagszámot az állapotváltásnál add meg.
          </Text>
        ) : canShip && access.may('shipping:write') ? (
          <Stack gap="3">
            <Flex gap="3" align="flex-end" wrap="wrap">
              <Field.Root w="auto">
                <Field.Label>Méret</Field.Label>
                <NativeSelect.Root size="sm" w="24">
                  <NativeSelect.Field
                    value={size}
                    onChange={(event) => setSize(event.target.value as TParcelSize)}
                  >
                    {PARCEL_SIZES.map((value) => (
                      <option key={value} value={value}>
                        {PARCEL_SIZE_LABELS[value]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Button
                size="sm"
                colorPalette="brand"
                loading={create.isPending}
                loadingText="Feladás…"
                onClick={() => create.mutate({ id: order.id, size })}
              >
                Csomag feladása
              </Button>
            </Flex>
            <Text color="fg.muted">
              A Foxpost a raktárban újraméri a csomagot. Feladás után a rendelés „Átadva a futárnak” lesz, és
              a vásárló e-mailben megkapja a követési linket.
            </Text>
            {failure && (
              <Alert.Root status="error" borderRadius="l3" role="alert">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>A csomag feladása nem sikerült</Alert.Title>
                  <Alert.Description>{failure}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
          </Stack>
        ) : canShip ? (
          <Text color="fg.muted">{access.reasonNot('shipping:write')}</Text>
        ) : (
          <Text color="fg.muted">
            „{ORDER_STATUS_LABELS[order.status]}” állapotú rendeléshez csomag nem adható fel.
          </Text>
        )}
      </Stack>
    </AdminPanel>
  );
}
