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
import { DescribedFieldRoot } from '../../components/form/fields';
import { useTRPC } from '../../lib/trpc';
import { useCommonMethodFields, useMethodEditForm } from './checkout-method-edit';
import { CheckoutMethodEditPage } from './checkout-method-edit-page';
import { MethodFeeField, MethodFormPanel, MethodPositionField } from './checkout-method-fields';
import { PaymentSetupNotice } from './payment-setup-notice';

const PROVIDER_HELP: Record<TPaymentProvider, string> = {
  barion: 'Online fizetés bankkártyával a Barion fizetőoldalán; a fiókot a fizetési beállításokban adod meg.',
  cash_on_delivery: 'A vásárló a csomag átvételekor fizet; a végösszeget 5 forintra kerekítjük.',
  bank_transfer:
    'A vásárló előre utal; a visszaigazolás a fizetési beállításokban megadott bankszámlát írja.',
};

function PaymentForm({ method }: { method: TPaymentMethod | null }) {
  const trpc = useTRPC();
  const common = useCommonMethodFields(method);
  const [provider, setProvider] = useState<TPaymentProvider>(method?.provider ?? 'bank_transfer');
  const edit = useMethodEditForm('payment', method, {
    common,
    values: { provider },
    schemas: { create: ZPaymentMethodCreateInput, update: ZPaymentMethodUpdateInput },
    mutations: {
      create: trpc.checkout.paymentCreate,
      update: trpc.checkout.paymentUpdate,
      remove: trpc.checkout.paymentDelete,
    },
  });
  const { errors } = edit;

  return (
    <MethodFormPanel edit={edit} label="Fizetési mód adatai" fields={common}>
      <DescribedFieldRoot invalid={Boolean(errors.provider)} required>
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
        {!errors.provider && <Field.HelperText>{PROVIDER_HELP[provider]}</Field.HelperText>}
        <Field.ErrorText>{errors.provider}</Field.ErrorText>
      </DescribedFieldRoot>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <MethodFeeField
          {...common.fee}
          error={errors.fee}
          helper="Például az utánvét kezelési díja; 0, ha díjmentes."
        />
        <MethodPositionField {...common.position} error={errors.position} />
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
      id={id}
      load={(id) => trpc.checkout.paymentById.queryOptions({ id })}
      form={PaymentForm}
      notice={(method) => <PaymentSetupNotice methods={[method]} />}
    />
  );
}
