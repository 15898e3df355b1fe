import { Field, Textarea } from '@chakra-ui/react';
import { TextField } from '../../components/form/fields';
import type { FieldErrors } from '../../components/form/use-zod-form';

type Text = { value: string; onChange: (value: string) => void };

/** The name and the description a shopper reads in the checkout, first on a shipping or payment method's form. */
export function MethodNameFields({
  name,
  description,
  errors,
}: {
  name: Text;
  description: Text;
  errors: FieldErrors;
}) {
  return (
    <>
      <TextField label="Név" value={name.value} onValueChange={name.onChange} error={errors.name} required />
      <Field.Root invalid={Boolean(errors.description)}>
        <Field.Label>Leírás</Field.Label>
        <Textarea
          value={description.value}
          onChange={(event) => description.onChange(event.target.value)}
          rows={3}
        />
        <Field.HelperText>A pénztárban a mód neve alatt jelenik meg.</Field.HelperText>
        <Field.ErrorText>{errors.description}</Field.ErrorText>
      </Field.Root>
    </>
  );
}

/** Where a method stands among the others in the checkout. */
export function MethodPositionField({ value, onChange, error }: Text & { error?: string }) {
  return (
    <TextField
      label="Sorrend"
      inputMode="numeric"
      value={value}
      onValueChange={onChange}
      error={error}
      helper="Kisebb szám előrébb."
    />
  );
}
