import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import {
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_CONSENT_VERSION,
  ZNewsletterSubscribeInput,
} from '@shop/api/schemas/newsletter';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CheckboxField, TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';

/**
 * The footer's signup (loaded by footer-newsletter.tsx): an address and the consent box with the exact
 * text the register records. The answer is the same for every address; the e-mail's link decides.
 */
export default function NewsletterSignupForm() {
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const input = { email, consent, consentVersion: NEWSLETTER_CONSENT_VERSION, source: 'footer' as const };
  const form = useZodForm(ZNewsletterSubscribeInput, { input });
  const subscribe = useMutation(
    trpc.newsletter.subscribe.mutationOptions(form.failWith('A feliratkozás nem sikerült.')),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validate();
    if (valid) subscribe.mutate(valid);
  };

  return (
    <Box as="section" aria-labelledby="hirlevel-cim">
      <Heading as="h2" id="hirlevel-cim" size="sm" color="white" mb="1">
        Hírlevél
      </Heading>
      <Text fontSize="sm" color="shop.footerMuted" mb="3">
        Újdonságok és akciók havonta néhányszor. Bármikor leiratkozhatsz.
      </Text>
      {subscribe.isSuccess ? (
        <Box role="status" bg="whiteAlpha.100" p="4" rounded="md" fontSize="sm" maxW="xl">
          <Text fontWeight="semibold" color="white">
            Már csak egy lépés!
          </Text>
          <Text>
            Elküldtük a megerősítő levelet. A feliratkozás akkor érvényes, ha a levélben lévő linkre
            kattintasz.
          </Text>
        </Box>
      ) : (
        <Stack gap="3" maxW="xl" asChild>
          <form onSubmit={submit} noValidate aria-label="Feliratkozás a hírlevélre">
            <TextField
              // Not "E-mail-cím": the page's own form (sign-in, checkout, contact) has a field of that name.
              label="E-mail a hírlevélhez"
              type="email"
              autoComplete="email"
              value={email}
              onValueChange={setEmail}
              error={form.errors.email}
              bg="white"
              color="fg"
            />
            <CheckboxField checked={consent} onCheckedChange={setConsent} error={form.errors.consent}>
              <Text as="span" fontSize="xs">
                {NEWSLETTER_CONSENT_TEXT}
              </Text>
            </CheckboxField>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={subscribe.isPending}>
              Feliratkozom
            </Button>
          </form>
        </Stack>
      )}
    </Box>
  );
}
