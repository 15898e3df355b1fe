import { Field, Input } from '@chakra-ui/react';
import { DescribedFieldRoot } from '../../../components/form/fields';

/** The "Sorrend" number of a record the shop lists in the admin's order (smaller first). */
export function PositionField({
  value,
  onChange,
  error,
  maxW,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
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
      <Field.ErrorText>{error}</Field.ErrorText>
    </DescribedFieldRoot>
  );
}
