import { Field, Grid, RadioGroup, Stack } from '@chakra-ui/react';
import {
  ADDRESS_TYPE_LABELS,
  ADDRESS_TYPES,
  type TAddress,
  type TAddressType,
  ZAddressCreateInput,
  ZAddressUpdateInput,
} from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CompanyFields } from '../../components/form/company-fields';
import { CheckboxField, DescribedFieldRoot, TextField } from '../../components/form/fields';
import { useFieldValues } from '../../components/form/use-field-values';
import { useZodForm } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { useTRPC } from '../../lib/trpc';
import { PhoneField } from '../auth/personal-fields';

type AddressFormProps = {
  /** null creates a new address. */
  address: TAddress | null;
  defaultType: TAddressType;
  onOpenChange: (open: boolean) => void;
};

function AddressForm({ address, defaultType, onOpenChange }: AddressFormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [type, setType] = useState<TAddressType>(address?.type ?? defaultType);
  const { values, bind } = useFieldValues({
    name: address?.name ?? '',
    postcode: address?.postcode ?? '',
    city: address?.city ?? '',
    street: address?.street ?? '',
    floorDoor: address?.floorDoor ?? '',
    phone: address?.phone ?? '',
    companyName: address?.companyName ?? '',
    taxNumber: address?.taxNumber ?? '',
    euVatNumber: address?.euVatNumber ?? '',
  });
  const [isDefault, setIsDefault] = useState(address?.isDefault ?? false);
  const billing = type === 'billing';
  const fields = {
    type,
    ...values,
    // Company data belongs on an invoice; a shipping address drops what it may have had.
    companyName: billing ? values.companyName : '',
    taxNumber: billing ? values.taxNumber : '',
    euVatNumber: billing ? values.euVatNumber : '',
    isDefault,
  };
  const { errors, validate, failWith } = useZodForm(address ? ZAddressUpdateInput : ZAddressCreateInput, {
    input: address ? { id: address.id, ...fields } : fields,
  });
  const field = bind(errors);

  const onSuccess = (message: string) => () => {
    void queryClient.invalidateQueries(trpc.user.addressList.queryFilter());
    toaster.success({ title: message });
    onOpenChange(false);
  };
  const create = useMutation(
    trpc.user.addressCreate.mutationOptions({
      onSuccess: onSuccess('A címet elmentettük.'),
      ...failWith('A cím mentése nem sikerült.'),
    }),
  );
  const update = useMutation(
    trpc.user.addressUpdate.mutationOptions({
      onSuccess: onSuccess('A cím módosítását elmentettük.'),
      ...failWith('A cím mentése nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate();
    if (!input) return;
    if (address) update.mutate(input as Parameters<typeof update.mutate>[0]);
    else create.mutate(input as Parameters<typeof create.mutate>[0]);
  };

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={address ? 'Cím szerkesztése' : 'Új cím'}
      onSubmit={onSubmit}
      submitLabel={address ? 'Mentés' : 'Cím hozzáadása'}
      pending={create.isPending || update.isPending}
    >
      <Stack gap="4">
        <DescribedFieldRoot invalid={Boolean(errors.type)}>
          <Field.Label>A cím típusa</Field.Label>
          <RadioGroup.Root
            value={type}
            onValueChange={(details) => setType(details.value as TAddressType)}
            colorPalette="brand"
            aria-label="A cím típusa"
          >
            <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '2', sm: '6' }}>
              {ADDRESS_TYPES.map((value) => (
                <RadioGroup.Item key={value} value={value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{ADDRESS_TYPE_LABELS[value]}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
          <Field.ErrorText>{errors.type}</Field.ErrorText>
        </DescribedFieldRoot>
        <TextField
          label={billing ? 'Számlázási név' : 'Címzett neve'}
          autoComplete="name"
          {...field('name')}
          required
        />
        {billing && (
          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
            <CompanyFields companyName={field('companyName')} taxNumber={field('taxNumber')} ownData />
            <TextField
              label="Közösségi adószám"
              placeholder="HU12345678"
              {...field('euVatNumber')}
              helper="Nem kötelező, pl. HU12345678."
            />
          </Grid>
        )}
        <Grid templateColumns={{ base: '7rem 1fr', sm: '8rem 1fr' }} gap="4">
          <TextField
            label="Irányítószám"
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={4}
            {...field('postcode')}
            required
          />
          <TextField label="Település" autoComplete="address-level2" {...field('city')} required />
        </Grid>
        <TextField label="Utca, házszám" autoComplete="address-line1" {...field('street')} required />
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
          <TextField label="Emelet, ajtó" autoComplete="address-line2" {...field('floorDoor')} />
          <PhoneField {...field('phone')} />
        </Grid>
        <CheckboxField checked={isDefault} onCheckedChange={setIsDefault}>
          Ez legyen az alapértelmezett {billing ? 'számlázási' : 'szállítási'} címem
        </CheckboxField>
      </Stack>
    </FormDialog>
  );
}

/** Adds or edits one address; mounted only while open, so the form starts afresh every time. */
export function AddressDialog({ open, ...form }: AddressFormProps & { open: boolean }) {
  return open ? <AddressForm {...form} /> : null;
}
