import { Field, Input } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DescribedFieldRoot } from '../../../components/form/fields';

/** The "Sorrend" number of a record the shop lists in the admin's order (smaller first). */
export function PositionField({
  value,
  onChange,
  error,
  helper,
  maxW,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** A word under the field while it has no error. */
  helper?: ReactNode;
  maxW?: string;
}) {
  return (
    <DescribedFieldRoot invalid={Boolean(error)} maxW={maxW}>
      <Field.Label>Sorrend</Field.Label>
      <Input
        type="number"
        min={0}
        inputMode="numeric"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </DescribedFieldRoot>
  );
}
