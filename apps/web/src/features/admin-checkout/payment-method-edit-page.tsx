import { Field, Grid, NativeSelect, Stack } from '@chakra-ui/react';
import {
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_PROVIDERS,
  type TPaymentMethod,
  type TPaymentProvider,
  ZPaymentMethodCreateInput,
  ZPaymentMethodUpdateInput,
} from '@shop/api/schemas';
import { useState } from 'react';
import { SwitchField, TextField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import { EditFormFooter } from '../admin/edit-form-footer';
import { EditForm } from '../admin/edit-page/edit-form';
import { BackToList, EditPage } from '../admin/edit-page/edit-page';
import { useEditForm } from '../admin/edit-page/use-edit-form';
import { methodEditSteps, methodUsage } from './checkout-method-edit';
import { MethodNameFields, MethodPositionField } from './checkout-method-fields';
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
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <EditForm edit={edit} aria-label="Fizetési mód adatai">
        <Stack gap="5">
          <MethodNameFields
            name={{ value: name, onChange: setName }}
            description={{ value: description, onChange: setDescription }}
            errors={errors}
          />
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
          <SwitchField checked={enabled} onCheckedChange={setEnabled}>
            Engedélyezve (a vásárlók választhatják)
          </SwitchField>
          <EditFormFooter {...edit.footer} />
        </Stack>
      </EditForm>
    </AdminPanel>
  );
}

function BackLink() {
  return <BackToList to="/admin/checkout/payment">Fizetési módok</BackToList>;
}

/** /admin/checkout/payment/{id}; `new` creates a method. */
export function PaymentMethodEditPage({ id }: { id: number | 'new' }) {
  const trpc = useTRPC();
  return (
    <EditPage
      load={id === 'new' ? null : trpc.checkout.paymentById.queryOptions({ id })}
      newTitle="Új fizetési mód"
      newActions={<BackLink />}
      newRecord={<PaymentForm method={null} />}
      title={(method) => method.name}
      description={methodUsage}
      actions={() => <BackLink />}
    >
      {(method) => (
        <>
          <PaymentSetupNotice methods={[method]} />
          <PaymentForm key={JSON.stringify(method)} method={method} />
        </>
      )}
    </EditPage>
  );
}
