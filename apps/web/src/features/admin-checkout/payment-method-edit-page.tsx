import { Button, Field, Grid, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import {
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_PROVIDERS,
  type TPaymentMethod,
  type TPaymentProvider,
  ZPaymentMethodCreateInput,
  ZPaymentMethodUpdateInput,
} from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatNumber, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SwitchField, TextField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { EditFormFooter } from '../admin/edit-form-footer';
import { PaymentSetupNotice } from './payment-setup-notice';

const PROVIDER_HELP: Record<TPaymentProvider, string> = {
  barion: 'Online fizetés bankkártyával a Barion fizetőoldalán; a fiókot a fizetési beállításokban adod meg.',
  cash_on_delivery: 'A vásárló a csomag átvételekor fizet; a végösszeget 5 forintra kerekítjük.',
  bank_transfer:
    'A vásárló előre utal; a visszaigazolás a fizetési beállításokban megadott bankszámlát írja.',
};

function PaymentForm({ method }: { method: TPaymentMethod | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(method?.name ?? '');
  const [description, setDescription] = useState(method?.description ?? '');
  const [provider, setProvider] = useState<TPaymentProvider>(method?.provider ?? 'bank_transfer');
  const [fee, setFee] = useState(String(method?.fee ?? 0));
  const [enabled, setEnabled] = useState(method?.enabled ?? true);
  const [position, setPosition] = useState(String(method?.position ?? 0));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { errors, validate, failWith } = useZodForm(
    method ? ZPaymentMethodUpdateInput : ZPaymentMethodCreateInput,
  );
  const invalidate = () => queryClient.invalidateQueries(trpc.checkout.pathFilter());

  const create = useMutation(
    trpc.checkout.paymentCreate.mutationOptions({
      onSuccess: (created) => {
        toaster.success({ title: 'A fizetési mód létrejött.', description: created.name });
        void invalidate();
        void navigate({
          to: '/admin/checkout/payment/$id',
          params: { id: String(created.id) },
          replace: true,
        });
      },
      ...failWith('A fizetési mód nem jött létre.'),
    }),
  );
  const update = useMutation(
    trpc.checkout.paymentUpdate.mutationOptions({
      onSuccess: () => {
        toaster.success({ title: 'A fizetési módot elmentettük.' });
        void invalidate();
      },
      ...failWith('A mentés nem sikerült.'),
    }),
  );
  const remove = useMutation(
    trpc.checkout.paymentDelete.mutationOptions({
      onSuccess: () => {
        toaster.success({ title: 'A fizetési módot töröltük.' });
        if (method) queryClient.removeQueries(trpc.checkout.paymentById.queryFilter({ id: method.id }));
        void invalidate();
        void navigate({ to: '/admin/checkout/payment' });
      },
      meta: { errorTitle: 'A törlés nem sikerült.' },
      onError: () => setConfirmDelete(false),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      name,
      description,
      provider,
      fee: parseNumberInput(fee),
      enabled,
      position: parseNumberInput(position),
    };
    if (method) {
      const input = validate({ id: method.id, ...fields });
      if (input) update.mutate(input as Parameters<typeof update.mutate>[0]);
    } else {
      const input = validate(fields);
      if (input) create.mutate(input as Parameters<typeof create.mutate>[0]);
    }
  };

  return (
    <>
      <AdminPanel asChild p={{ base: '4', md: '6' }}>
        <form onSubmit={onSubmit} noValidate aria-label="Fizetési mód adatai">
          <Stack gap="5">
            <TextField label="Név" value={name} onValueChange={setName} error={errors.name} required />
            <Field.Root invalid={Boolean(errors.description)}>
              <Field.Label>Leírás</Field.Label>
              <Textarea
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                rows={3}
              />
              <Field.HelperText>A pénztárban a mód neve alatt jelenik meg.</Field.HelperText>
              <Field.ErrorText>{errors.description}</Field.ErrorText>
            </Field.Root>
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
              <TextField
                label="Sorrend"
                inputMode="numeric"
                value={position}
                onValueChange={setPosition}
                error={errors.position}
                helper="Kisebb szám előrébb."
              />
            </Grid>
            <SwitchField checked={enabled} onCheckedChange={setEnabled}>
              Engedélyezve (a vásárlók választhatják)
            </SwitchField>
            <EditFormFooter
              isNew={!method}
              saving={create.isPending || update.isPending}
              onDelete={method ? () => setConfirmDelete(true) : undefined}
            />
          </Stack>
        </form>
      </AdminPanel>
      {method && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Fizetési mód törlése"
          confirmLabel="Törlés"
          loading={remove.isPending}
          onConfirm={() => remove.mutate({ id: method.id })}
        >
          {method.orderCount
            ? `${withArticle(`„${method.name}”`, { capital: true })} módot ${formatNumber(method.orderCount)} rendelés használta. A rendelések megtartják a mód nevét és díját, de a mód többé nem választható. Ha csak szüneteltetnéd, kapcsold ki inkább. Biztosan törlöd?`
            : `Biztosan törlöd ${withArticle(`„${method.name}”`)} fizetési módot? Még egy rendelés sem használta.`}
        </ConfirmDialog>
      )}
    </>
  );
}

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to="/admin/checkout/payment">
        <LuArrowLeft /> Fizetési módok
      </Link>
    </Button>
  );
}

function ExistingMethod({ id }: { id: number }) {
  const trpc = useTRPC();
  const { data: method } = useSuspenseQuery(trpc.checkout.paymentById.queryOptions({ id }));
  return (
    <AdminPage
      title={method.name}
      description={
        method.orderCount
          ? `${formatNumber(method.orderCount)} rendelés választotta eddig.`
          : 'Még egy rendelés sem választotta.'
      }
      actions={<BackLink />}
    >
      <PaymentSetupNotice methods={[method]} />
      <PaymentForm key={JSON.stringify(method)} method={method} />
    </AdminPage>
  );
}

/** /admin/checkout/payment/{id}; `new` creates a method. */
export function PaymentMethodEditPage({ id }: { id: number | 'new' }) {
  if (id === 'new') {
    return (
      <AdminPage title="Új fizetési mód" actions={<BackLink />}>
        <PaymentForm method={null} />
      </AdminPage>
    );
  }
  return <ExistingMethod id={id} />;
}
