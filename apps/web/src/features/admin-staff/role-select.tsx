import { Field, NativeSelect } from '@chakra-ui/react';
import type { TStaffRole } from '@shop/api/schemas';
import { DescribedFieldRoot } from '../../components/form/fields';

/** The role of a member, chosen from the shop's roles; its message (the form's or the server's) under it. */
export function RoleSelect({
  roles,
  value,
  onChange,
  error,
}: {
  roles: readonly TStaffRole[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <DescribedFieldRoot invalid={Boolean(error)} required>
      <Field.Label>
        Szerepkör <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="" disabled>
            Válassz szerepkört…
          </option>
          {roles.map((role) => (
            <option key={role.id} value={String(role.id)}>
              {role.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {!error && (
        <Field.HelperText>Mit tehet az adminban: a „Szerepkörök” fülön állíthatod.</Field.HelperText>
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </DescribedFieldRoot>
  );
}

export const ROLE_MISSING = 'Válassz szerepkört.';
