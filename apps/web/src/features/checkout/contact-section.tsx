import { Grid, Stack } from '@chakra-ui/react';
import { TextField } from '../../components/form/fields';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { NameFields } from '../auth/personal-fields';
import { CheckoutSection } from './checkout-section';
import type { CheckoutValues } from './checkout-values';

type ContactValues = Pick<CheckoutValues, 'email' | 'lastName' | 'firstName' | 'phone'>;

export function ContactSection({
  step,
  values,
  onChange,
  errors,
}: {
  step: number;
  values: ContactValues;
  onChange: (values: Partial<ContactValues>) => void;
  errors: FieldErrors;
}) {
  return (
    <CheckoutSection
      step={step}
      title="Elérhetőség"
      description="Erre az e-mail-címre küldjük a visszaigazolást, a futár pedig ezen a számon ér el."
    >
      <Stack gap="4">
        <TextField
          label="E-mail-cím"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onValueChange={(email) => onChange({ email })}
          error={errors['customer.email']}
          required
        />
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
          <NameFields
            lastName={values.lastName}
            firstName={values.firstName}
            onLastNameChange={(lastName) => onChange({ lastName })}
            onFirstNameChange={(firstName) => onChange({ firstName })}
            errors={{
              ...(errors['customer.lastName'] ? { lastName: errors['customer.lastName'] } : {}),
              ...(errors['customer.firstName'] ? { firstName: errors['customer.firstName'] } : {}),
            }}
          />
        </Grid>
        <TextField
          label="Telefonszám"
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+36 30 123 4567"
          value={values.phone}
          onValueChange={(phone) => onChange({ phone })}
          error={errors['customer.phone']}
          required
        />
      </Stack>
    </CheckoutSection>
  );
}
