import { Field, Grid, NativeSelect } from '@chakra-ui/react';
import {
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_PROVIDERS,
  type TPaymentMethod,
  type TPaymentProvider,
  ZPaymentMethodCreateInput,
  ZPaymentMethodUpdateInput,
} from '@shop/api/schemas';
import { useState } from 'react';
import { TextField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useTRPC } from '../../lib/trpc';
import { useEditForm } from '../admin/edit-page/use-edit-form';
import { methodEditSteps } from './checkout-method-edit';
import { CheckoutMethodEditPage } from './checkout-method-edit-page';
import { MethodFormPanel, MethodPositionField } from './checkout-method-fields';
import { PaymentSetupNotice } from './payment-setup-notice';

const PROVIDER_HELP: Record<TPaymentProvider, string> = {
  barion: 'Online fizetés bankkártyával a Barion fizetőoldalán; a fiókot a fizetési beállításokban adod meg.',
  cash_on_delivery: 'A vásárló a csomag átvételekor fizet; a végösszeget 5 forintra kerekítjük.',
  bank_transfer:
    'A vásárló előre utal; a visszaigazolás a fizetési beállításokban megadott bankszámlát írja.',
};

function PaymentForm({ method }: { method: TPaymentMethod | null }) {
  const trpc = useTRPC();
  const [name, setName] = useState(method?.name ?? '');
  const [description, setDescription] = useState(method?.description ?? '');
  const [provider, setProvider] = useState<TPaymentProvider>(method?.provider ?? 'bank_transfer');
  const [fee, setFee] = useState(String(method?.fee ?? 0));
  const [enabled, setEnabled] = useState(method?.enabled ?? true);
  const [position, setPosition] = useState(String(method?.position ?? 0));
  const edit = useEditForm({
    isNew: !method,
    id: method?.id,
    values: {
      name,
      description,
      provider,
      fee: parseNumberInput(fee),
      enabled,
      position: parseNumberInput(position),
    },
    permission: 'settings:write',
    schema: method ? ZPaymentMethodUpdateInput : ZPaymentMethodCreateInput,
    invalidates: trpc.checkout.pathFilter(),
    ...methodEditSteps('payment', method, {
      create: trpc.checkout.paymentCreate,
      update: trpc.checkout.paymentUpdate,
      remove: trpc.checkout.paymentDelete,
    }),
  });
  const { errors } = edit;

  return (
    <MethodFormPanel
      edit={edit}
      label="Fizetési mód adatai"
      name={{ value: name, onChange: setName }}
      description={{ value: description, onChange: setDescription }}
      enabled={{ checked: enabled, onChange: setEnabled }}
    >
      <Field.Root invalid={Boolean(errors.provider)} required>
        <Field.Label>
          Szolgáltató <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={provider}
            onChange={(event) => setProvider(event.target.value as TPaymentProvider)}
          >
            {PAYMENT_PROVIDERS.map((value) => (
              <option key={value} value={value}>
                {PAYMENT_PROVIDER_LABELS[value]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>{PROVIDER_HELP[provider]}</Field.HelperText>
        <Field.ErrorText>{errors.provider}</Field.ErrorText>
      </Field.Root>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <TextField
          label="Bruttó díj (Ft)"
          inputMode="numeric"
          value={fee}
          onValueChange={setFee}
          error={errors.fee}
          helper="Például az utánvét kezelési díja; 0, ha díjmentes."
        />
        <MethodPositionField value={position} onChange={setPosition} error={errors.position} />
      </Grid>
    </MethodFormPanel>
  );
}

/** /admin/checkout/payment/{id}; `new` creates a method. */
export function PaymentMethodEditPage({ id }: { id: number | 'new' }) {
  const trpc = useTRPC();
  return (
    <CheckoutMethodEditPage
      kind="payment"
      load={id === 'new' ? null : trpc.checkout.paymentById.queryOptions({ id })}
      form={PaymentForm}
      notice={(method) => <PaymentSetupNotice methods={[method]} />}
    />
  );
}
