import { Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DescribedFieldRoot } from './fields';

/**
 * A labelled choice of one of a few fixed values (a kind, an environment), with the helper or the
 * Hungarian error under it like a TextField. `options` names each value, in the order they are offered.
 */
export function SelectField<TValue extends string>({
  label,
  value,
  options,
  onValueChange,
  error,
  helper,
}: {
  label: ReactNode;
  value: TValue;
  options: Record<TValue, string>;
  onValueChange: (value: TValue) => void;
  error?: string;
  helper?: ReactNode;
}) {
  return (
    <DescribedFieldRoot invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onValueChange(event.target.value as TValue)}>
          {(Object.keys(options) as TValue[]).map((option) => (
            <option key={option} value={option}>
              {options[option]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </DescribedFieldRoot>
  );
}
