import { Grid, Heading, Stack } from '@chakra-ui/react';
import { ZOrderAddressInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { FormDialog } from '../../../components/form-dialog';
import { useTRPC } from '../../../lib/trpc';
import { type Detail, Muted } from './panel';

export const shippingAddressEditable = (order: Detail['order']) =>
  order.shippingAddress !== null &&
  !['shipped', 'ready_for_pickup', 'completed', 'cancelled', 'refunded'].includes(order.status);

export function AddressDialog({
  detail,
  open,
  onOpenChange,
}: {
  detail: Detail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { order } = detail;
  const shippingEditable = shippingAddressEditable(order);
  const [shipping, setShipping] = useState({
    name: order.shippingAddress?.name ?? '',
    postcode: order.shippingAddress?.postcode ?? '',
    city: order.shippingAddress?.city ?? '',
    street: order.shippingAddress?.street ?? '',
    floorDoor: order.shippingAddress?.floorDoor ?? '',
  });
  // Not sent to a role without customers:read: it corrects the shipping address only.
  const billingShown = order.billingAddress !== undefined;
  const [billing, setBilling] = useState({
    name: order.billingAddress?.name ?? '',
    companyName: order.billingAddress?.companyName ?? '',
    taxNumber: order.billingAddress?.taxNumber ?? '',
    euVatNumber: order.billingAddress?.euVatNumber ?? '',
    postcode: order.billingAddress?.postcode ?? '',
    city: order.billingAddress?.city ?? '',
    street: order.billingAddress?.street ?? '',
    floorDoor: order.billingAddress?.floorDoor ?? '',
  });
  const { errors, validate, failWith } = useZodForm(ZOrderAddressInput);
  const save = useMutation(
    trpc.order.correctAddress.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.order.adminById.queryKey({ id: order.id }), updated);
        void queryClient.invalidateQueries(trpc.order.pathFilter());
        toaster.success({ title: 'A címet kijavítottuk.' });
        onOpenChange(false);
      },
      ...failWith('A cím javítása nem sikerült.'),
    }),
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({
      id: order.id,
      ...(shippingEditable ? { shippingAddress: shipping } : {}),
      ...(billingShown ? { billingAddress: billing } : {}),
    });
    if (input) save.mutate(input);
  };
  const field = <T extends Record<string, string>>(
    prefix: string,
    values: T,
    set: (next: T) => void,
    key: keyof T & string,
    label: string,
    required = true,
  ) => (
    <TextField
      label={label}
      value={values[key] ?? ''}
      onValueChange={(value) => set({ ...values, [key]: value })}
      error={errors[`${prefix}.${key}`]}
      required={required}
    />
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cím javítása"
      onSubmit={onSubmit}
      submitLabel="Mentés"
      pending={save.isPending}
      size={{ base: 'full', md: 'lg' }}
    >
      <Stack gap="5">
        {shippingEditable ? (
          <Stack gap="3">
            <Heading as="h3" size="sm">
              Szállítási cím
            </Heading>
            {field('shippingAddress', shipping, setShipping, 'name', 'Név')}
            <Grid templateColumns="7rem 1fr" gap="3">
              {field('shippingAddress', shipping, setShipping, 'postcode', 'Irányítószám')}
              {field('shippingAddress', shipping, setShipping, 'city', 'Település')}
            </Grid>
            {field('shippingAddress', shipping, setShipping, 'street', 'Utca, házszám')}
            {field('shippingAddress', shipping, setShipping, 'floorDoor', 'Emelet, ajtó', false)}
          </Stack>
        ) : (
          <Muted>
            {order.shippingAddress
              ? 'A szállítási cím a futárnak átadás után már nem módosítható.'
              : order.pickupPoint
                ? 'Csomagpontra szól: nincs szállítási cím.'
                : 'Személyes átvétel: nincs szállítási cím.'}
          </Muted>
        )}
        {billingShown && (
          <Stack gap="3">
            <Heading as="h3" size="sm">
              Számlázási cím
            </Heading>
            {field('billingAddress', billing, setBilling, 'name', 'Név')}
            <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
              {field('billingAddress', billing, setBilling, 'companyName', 'Cégnév', false)}
              {field('billingAddress', billing, setBilling, 'taxNumber', 'Adószám', false)}
            </Grid>
            {field('billingAddress', billing, setBilling, 'euVatNumber', 'Közösségi adószám', false)}
            <Grid templateColumns="7rem 1fr" gap="3">
              {field('billingAddress', billing, setBilling, 'postcode', 'Irányítószám')}
              {field('billingAddress', billing, setBilling, 'city', 'Település')}
            </Grid>
            {field('billingAddress', billing, setBilling, 'street', 'Utca, házszám')}
            {field('billingAddress', billing, setBilling, 'floorDoor', 'Emelet, ajtó', false)}
          </Stack>
        )}
      </Stack>
    </FormDialog>
  );
}
