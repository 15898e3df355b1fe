import { Field, Fieldset, Grid, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {
  PICKUP_CARRIER_LABELS,
  PICKUP_CARRIERS,
  type TPickupCarrier,
  type TShippingMethod,
  ZShippingMethodCreateInput,
  ZShippingMethodUpdateInput,
} from '@shop/api/schemas';
import { formatPrice } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CheckboxField, DescribedFieldRoot, TextField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useTRPC } from '../../lib/trpc';
import { useCommonMethodFields, useMethodEditForm } from './checkout-method-edit';
import { CheckoutMethodEditPage } from './checkout-method-edit-page';
import { MethodFeeField, MethodFormPanel, MethodPositionField } from './checkout-method-fields';

const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** How a method delivers: to an address, personal pickup, or to a pickup point of a carrier. */
type Delivery = 'address' | 'pickup' | `point:${TPickupCarrier}`;

function deliveryOf(method: TShippingMethod | null): Delivery {
  if (!method) return 'address';
  if (method.pickupCarrier) return `point:${method.pickupCarrier}`;
  return method.needsAddress ? 'address' : 'pickup';
}

const DELIVERY_HELP: Record<'address' | 'pickup' | 'point', string> = {
  address: 'A pénztár szállítási címet kér.',
  pickup: 'Nem kér címet: a vásárló a bolt átvételi pontján veszi át a csomagot.',
  point:
    'Nem kér címet: a vásárló a pénztárban a szállító csomagautomatái és átvevőpontjai közül választ (keresés irányítószámra, városra, térkép).',
};

function ShippingForm({ method }: { method: TShippingMethod | null }) {
  const trpc = useTRPC();
  const { data: payments } = useSuspenseQuery(trpc.checkout.paymentList.queryOptions());
  const common = useCommonMethodFields(method);
  const [freeAbove, setFreeAbove] = useState(numberText(method?.freeAbove));
  const [delivery, setDelivery] = useState<Delivery>(deliveryOf(method));
  const [deliveryTime, setDeliveryTime] = useState(method?.deliveryTime ?? '');
  const [allPayments, setAllPayments] = useState((method?.paymentMethods.length ?? 0) === 0);
  const [paymentIds, setPaymentIds] = useState((method?.paymentMethods ?? []).map(String));
  const edit = useMethodEditForm('shipping', method, {
    common,
    values: {
      freeAbove: parseNumberInput(freeAbove) ?? null,
      needsAddress: delivery === 'address',
      pickupCarrier: delivery.startsWith('point:') ? (delivery.slice(6) as TPickupCarrier) : null,
      deliveryTime,
      paymentMethods: allPayments ? [] : paymentIds.map(Number),
    },
    check: () =>
      !allPayments && paymentIds.length === 0
        ? { paymentMethods: 'Válassz legalább egy fizetési módot, vagy engedd meg mindet.' }
        : undefined,
    schemas: { create: ZShippingMethodCreateInput, update: ZShippingMethodUpdateInput },
    mutations: {
      create: trpc.checkout.shippingCreate,
      update: trpc.checkout.shippingUpdate,
      remove: trpc.checkout.shippingDelete,
    },
  });
  const { errors } = edit;

  const threshold = parseNumberInput(freeAbove);

  return (
    <MethodFormPanel edit={edit} label="Szállítási mód adatai" fields={common}>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <MethodFeeField {...common.fee} error={errors.fee} required />
        <TextField
          label="Ingyenes szállítás ettől (Ft)"
          inputMode="numeric"
          value={freeAbove}
          onValueChange={setFreeAbove}
          error={errors.freeAbove}
          helper={
            threshold !== undefined && Number.isInteger(threshold)
              ? `${formatPrice(threshold)} bruttó termékérték felett ingyenes. A kosár jelzi, mennyi hiányzik még.`
              : 'Üresen hagyva a díj mindig fizetendő.'
          }
        />
      </Grid>
      <DescribedFieldRoot invalid={Boolean(errors.pickupCarrier)}>
        <Field.Label>Kézbesítés</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={delivery}
            onChange={(event) => setDelivery(event.target.value as Delivery)}
          >
            <option value="address">Házhozszállítás (címre)</option>
            <option value="pickup">Személyes átvétel (cím nélkül)</option>
            <optgroup label="Csomagpont / automata">
              {PICKUP_CARRIERS.map((carrier) => (
                <option key={carrier} value={`point:${carrier}`}>
                  Csomagpont / automata – {PICKUP_CARRIER_LABELS[carrier]}
                </option>
              ))}
            </optgroup>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {!errors.pickupCarrier && (
          <Field.HelperText>
            {DELIVERY_HELP[delivery.startsWith('point:') ? 'point' : (delivery as 'address' | 'pickup')]}
          </Field.HelperText>
        )}
        <Field.ErrorText>{errors.pickupCarrier}</Field.ErrorText>
      </DescribedFieldRoot>
      <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
        <TextField
          label="Szállítási idő"
          value={deliveryTime}
          onValueChange={setDeliveryTime}
          error={errors.deliveryTime}
          placeholder="például 1–2 munkanap"
        />
        <MethodPositionField {...common.position} error={errors.position} />
      </Grid>
      <Fieldset.Root invalid={Boolean(errors.paymentMethods)}>
        <Fieldset.Legend fontWeight="medium">Választható fizetési módok</Fieldset.Legend>
        <Stack gap="3" mt="2">
          <CheckboxField checked={allPayments} onCheckedChange={setAllPayments}>
            Minden engedélyezett fizetési mód
          </CheckboxField>
          {!allPayments && (
            <Stack gap="2" ps="6">
              {payments.items.map((payment) => (
                <CheckboxField
                  key={payment.id}
                  checked={paymentIds.includes(String(payment.id))}
                  onCheckedChange={(checked) =>
                    setPaymentIds((ids) =>
                      checked ? [...ids, String(payment.id)] : ids.filter((id) => id !== String(payment.id)),
                    )
                  }
                >
                  {payment.name}
                  {!payment.enabled && (
                    <Text as="span" color="fg.muted" fontSize="sm">
                      {' '}
                      (kikapcsolva)
                    </Text>
                  )}
                </CheckboxField>
              ))}
            </Stack>
          )}
        </Stack>
        <Fieldset.ErrorText>{errors.paymentMethods}</Fieldset.ErrorText>
      </Fieldset.Root>
    </MethodFormPanel>
  );
}

/** /admin/checkout/shipping/{id}; `new` creates a method. */
export function ShippingMethodEditPage({ id }: { id: number | 'new' }) {
  const trpc = useTRPC();
  return (
    <CheckoutMethodEditPage
      kind="shipping"
      id={id}
      load={(id) => trpc.checkout.shippingById.queryOptions({ id })}
      form={ShippingForm}
    />
  );
}
