import { Field, Grid, NativeSelect, Stack } from '@chakra-ui/react';
import type { TAddress } from '@shop/api/schemas';
import { useId } from 'react';
import { TextField } from '../../components/form/fields';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { type AddressValues, addressValuesOf } from './checkout-values';

const oneLine = (address: TAddress) =>
  [address.name, `${address.postcode} ${address.city}, ${address.street}`, address.floorDoor]
    .filter(Boolean)
    .join(', ');

const sameAddress = (a: AddressValues, b: AddressValues) =>
  (Object.keys(a) as (keyof AddressValues)[]).every((field) => a[field].trim() === b[field].trim());

/** A signed-in customer fills the fields from a saved address; they stay editable. */
function SavedAddressSelect({
  name,
  addresses,
  current,
  onPick,
}: {
  /** The form's name of the address ("shipping"): a pick touches all of its fields. */
  name: string;
  addresses: readonly TAddress[];
  current: AddressValues;
  onPick: (address: TAddress) => void;
}) {
  const id = useId();
  // The saved address the fields hold now, if they hold one unchanged.
  const shown = addresses.find((address) => sameAddress(addressValuesOf(address), current));
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>Mentett címeim</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          id={id}
          name={name}
          value={shown ? String(shown.id) : ''}
          onChange={(event) => {
            const address = addresses.find((candidate) => String(candidate.id) === event.target.value);
            if (address) onPick(address);
          }}
        >
          <option value="" disabled>
            {Object.values(current).some((field) => field.trim())
              ? 'Más cím (lent megadva)'
              : 'Válassz egy mentett címet…'}
          </option>
          {addresses.map((address) => (
            <option key={address.id} value={address.id}>
              {oneLine(address)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * Name, postcode, town, street and floor of a shipping or billing address. `path` is where the API
 * reports its problems ("shippingAddress"), so the server's messages land under the right field.
 */
export function AddressFields({
  kind,
  value,
  onChange,
  errors,
  path,
  nameLabel,
  savedAddresses,
  onPickSaved,
}: {
  kind: 'shipping' | 'billing';
  value: AddressValues;
  onChange: (value: AddressValues) => void;
  errors: FieldErrors;
  path: 'shippingAddress' | 'billingAddress';
  nameLabel: string;
  savedAddresses?: readonly TAddress[];
  onPickSaved?: (address: TAddress) => void;
}) {
  const set = (field: keyof AddressValues) => (next: string) => onChange({ ...value, [field]: next });
  const error = (field: keyof AddressValues) => errors[`${path}.${field}`];
  return (
    <Stack gap="4">
      {savedAddresses && savedAddresses.length > 0 && (
        <SavedAddressSelect
          name={kind}
          addresses={savedAddresses}
          current={value}
          onPick={(address) => (onPickSaved ? onPickSaved(address) : onChange(addressValuesOf(address)))}
        />
      )}
      <TextField
        label={nameLabel}
        autoComplete={`${kind} name`}
        name={`${kind}.name`}
        value={value.name}
        onValueChange={set('name')}
        error={error('name')}
        required
      />
      <Grid templateColumns={{ base: '7rem minmax(0, 1fr)', sm: '8rem minmax(0, 1fr)' }} gap="4">
        <TextField
          label="Irányítószám"
          autoComplete={`${kind} postal-code`}
          inputMode="numeric"
          maxLength={4}
          name={`${kind}.postcode`}
          value={value.postcode}
          onValueChange={set('postcode')}
          error={error('postcode')}
          required
        />
        <TextField
          label="Település"
          autoComplete={`${kind} address-level2`}
          name={`${kind}.city`}
          value={value.city}
          onValueChange={set('city')}
          error={error('city')}
          required
        />
      </Grid>
      <Grid templateColumns={{ base: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="4">
        <TextField
          label="Utca, házszám"
          autoComplete={`${kind} address-line1`}
          name={`${kind}.street`}
          value={value.street}
          onValueChange={set('street')}
          error={error('street')}
          required
        />
        <TextField
          label="Emelet, ajtó"
          autoComplete={`${kind} address-line2`}
          name={`${kind}.floorDoor`}
          value={value.floorDoor}
          onValueChange={set('floorDoor')}
          error={error('floorDoor')}
          helper="Nem kötelező"
        />
      </Grid>
    </Stack>
  );
}
