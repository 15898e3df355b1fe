import { Field, Stack, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DescribedFieldRoot, SwitchField, TextField } from '../../components/form/fields';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { AdminPanel } from '../admin/admin-page';
import { EditFormFooter } from '../admin/edit-form-footer';
import { EditForm } from '../admin/edit-page/edit-form';
import type { EditFormState } from '../admin/edit-page/use-edit-form';
import type { CommonMethodFields } from './checkout-method-edit';

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
      <DescribedFieldRoot invalid={Boolean(errors.description)}>
        <Field.Label>Leírás</Field.Label>
        <Textarea
          value={description.value}
          onChange={(event) => description.onChange(event.target.value)}
          rows={3}
        />
        {!errors.description && (
          <Field.HelperText>A pénztárban a mód neve alatt jelenik meg.</Field.HelperText>
        )}
        <Field.ErrorText>{errors.description}</Field.ErrorText>
      </DescribedFieldRoot>
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

/** A method's gross fee (`TextField`'s other props: whether it is required, a helper line). */
export function MethodFeeField({
  value,
  onChange,
  ...field
}: Text & { error?: string; helper?: ReactNode; required?: boolean }) {
  return (
    <TextField
      label="Bruttó díj (Ft)"
      inputMode="numeric"
      value={value}
      onValueChange={onChange}
      {...field}
    />
  );
}

/**
 * A shipping or payment method's form on its panel: the name and description the checkout shows, then
 * the kind's own fields, whether shoppers may choose it, then the save and delete footer.
 */
export function MethodFormPanel({
  edit,
  label,
  fields: { name, description, enabled },
  children,
}: {
  edit: EditFormState;
  /** The form's accessible name, e.g. "Fizetési mód adatai". */
  label: string;
  fields: CommonMethodFields;
  children: ReactNode;
}) {
  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <EditForm edit={edit} aria-label={label}>
        <Stack gap="5">
          <MethodNameFields name={name} description={description} errors={edit.errors} />
          {children}
          <SwitchField checked={enabled.checked} onCheckedChange={enabled.onChange}>
            Engedélyezve (a vásárlók választhatják)
          </SwitchField>
          <EditFormFooter {...edit.footer} />
        </Stack>
      </EditForm>
    </AdminPanel>
  );
}
