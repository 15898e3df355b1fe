import { NEWSLETTER_CONSENT_TEXT } from '@shop/api/schemas/newsletter';
import type { ReactNode } from 'react';
import { CheckboxField, TextField } from '../../components/form/fields';
import type { FieldErrors } from '../../components/form/use-zod-form';

/** Last and first name, in the Hungarian order; place them inside the caller's grid. */
export function NameFields({
  lastName,
  firstName,
  onLastNameChange,
  onFirstNameChange,
  errors,
}: {
  lastName: string;
  firstName: string;
  onLastNameChange: (value: string) => void;
  onFirstNameChange: (value: string) => void;
  errors: FieldErrors;
}) {
  return (
    <>
      <TextField
        label="Vezetéknév"
        name="lastName"
        autoComplete="family-name"
        value={lastName}
        onValueChange={onLastNameChange}
        error={errors.lastName}
        required
      />
      <TextField
        label="Keresztnév"
        name="firstName"
        autoComplete="given-name"
        value={firstName}
        onValueChange={onFirstNameChange}
        error={errors.firstName}
        required
      />
    </>
  );
}

/** The customer's own phone number; the browser may fill it in. */
export function PhoneField({
  value,
  onValueChange,
  error,
  helper,
}: {
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  helper?: ReactNode;
}) {
  return (
    <TextField
      label="Telefonszám"
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      placeholder="+36 30 123 4567"
      value={value}
      onValueChange={onValueChange}
      error={error}
      helper={helper}
    />
  );
}

export function NewsletterField({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <CheckboxField checked={checked} onCheckedChange={onCheckedChange}>
      {NEWSLETTER_CONSENT_TEXT}
    </CheckboxField>
  );
}
