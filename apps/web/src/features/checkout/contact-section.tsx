import { Grid, Stack, Text } from '@chakra-ui/react';
import { CART_REMINDER_CONSENT_VERSION, NEWSLETTER_CONSENT_TEXTS } from '@shop/api/schemas/newsletter';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { CheckboxField, TextField } from '../../components/form/fields';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { readGuestCart } from '../../lib/storage';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useToken } from '../../lib/use-storage';
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
        <CartReminderConsent email={values.email} />
      </Stack>
    </CheckoutSection>
  );
}

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A guest's newsletter signup with a reminder of this cart (#29). The guest cart lives in this browser,
 * so ticking the box sends the server a copy for the reminder; the newsletter's double opt-in decides
 * whether the reminder may go. A signed-in shopper's cart is on the server already: their account's
 * newsletter setting decides, so the box is for guests only.
 */
function CartReminderConsent({ email }: { email: string }) {
  const trpc = useTRPC();
  const signedIn = Boolean(useToken());
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const remind = useMutation(trpc.abandonedCart.remind.mutationOptions({ meta: { toastError: false } }));
  if (signedIn) return null;

  const change = (next: boolean) => {
    setProblem(undefined);
    const address = email.trim();
    if (next && !LOOKS_LIKE_EMAIL.test(address)) {
      // The browser has ticked the native box already, and a state that stays false would not untick it:
      // showing it ticked for one render lets the next one take the tick back.
      flushSync(() => setChecked(true));
      setChecked(false);
      setProblem('Előbb add meg az e-mail-címedet, oda küldjük a megerősítő levelet.');
      return;
    }
    setChecked(next);
    if (!next) return;
    remind.mutate(
      { email: address, consent: true, consentVersion: CART_REMINDER_CONSENT_VERSION, cart: readGuestCart() },
      { onError: (error) => setProblem(errorMessage(error)) },
    );
  };

  return (
    <Stack gap="1">
      <CheckboxField name="cartReminder" checked={checked} onCheckedChange={change} error={problem}>
        <Text as="span" fontWeight="semibold">
          Kérek hírlevelet és kosáremlékeztetőt
        </Text>
        <Text as="span" display="block" fontSize="xs" color="fg.muted">
          {NEWSLETTER_CONSENT_TEXTS[CART_REMINDER_CONSENT_VERSION]}
        </Text>
      </CheckboxField>
      {remind.isSuccess && checked && (
        <Text role="status" fontSize="sm" color="fg.muted">
          Köszönjük! Ha a(z) {remind.variables.email} cím még nem iratkozott fel, megerősítő levelet küldtünk
          rá: a hírlevél és az emlékeztető csak a levélben lévő linkre kattintás után érvényes. Ha már fel van
          iratkozva, vendégként nem küldünk rá emlékeztetőt, mert így nem tudjuk ellenőrizni, hogy a cím a
          tiéd. Ha ez a fiókod címe, jelentkezz be: a fiókod kosaráról kapsz emlékeztetőt.
          {remind.variables.email !== email.trim() &&
            ' Ha a most megadott címre kéred, vedd ki, majd tedd vissza a pipát.'}
        </Text>
      )}
    </Stack>
  );
}
