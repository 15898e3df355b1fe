import { Alert, Button, Grid, Stack } from '@chakra-ui/react';
import { ZContactInput } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LuSend } from 'react-icons/lu';
import { TextField } from '../../components/form/fields';
import { useFormValues } from '../../components/form/use-form-values';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { BotTrap } from './bot-trap';
import { PrivacyConsent } from './consent-checkbox';
import { TextAreaField } from './text-area-field';
import { FormTokenError, useFormToken, withFreshToken } from './use-form-token';

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '', consent: false, website: '' };

/** The /contact form; after a send it thanks the sender and offers to write again. */
export function ContactForm({ prefill }: { prefill?: { name: string; email: string; phone: string } }) {
  const trpc = useTRPC();
  const { readyToken, renew } = useFormToken();
  const { values, setValues, set, bind } = useFormValues({ ...EMPTY, ...prefill });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  // The token is fetched (and waited for) only on send; a placeholder stands for it in the check.
  const { errors, validate, failWith } = useZodForm(ZContactInput, {
    input: { ...values, formToken: 'ellenorzes' },
  });
  const field = bind(errors);

  const send = useMutation(
    trpc.contact.send.mutationOptions({
      onSuccess: (_answer, input) => {
        setSentTo(input.email);
        setValues({ ...EMPTY, ...prefill });
        void renew();
      },
      ...withFreshToken(failWith('Az üzenetet nem sikerült elküldeni.'), renew),
    }),
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    setWaiting(true);
    try {
      send.mutate({ ...values, formToken: await readyToken() });
    } finally {
      setWaiting(false);
    }
  };

  if (sentTo) {
    return (
      <Stack gap="4" align="flex-start">
        <Alert.Root status="success" borderRadius="l2">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Köszönjük, megkaptuk az üzenetedet!</Alert.Title>
            <Alert.Description>
              Visszaigazolást küldtünk {withArticle(sentTo)} címre, és hamarosan válaszolunk.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button variant="outline" onClick={() => setSentTo(null)}>
          Új üzenet írása
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Kapcsolatfelvételi űrlap">
      <Stack gap="4" position="relative">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <TextField label="Név" {...field('name')} autoComplete="name" required />
          <TextField label="E-mail-cím" type="email" {...field('email')} autoComplete="email" required />
        </Grid>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <TextField
            label="Telefonszám"
            type="tel"
            {...field('phone')}
            autoComplete="tel"
            helper="Nem kötelező; ha megadod, vissza is hívhatunk."
          />
          <TextField label="Tárgy" {...field('subject')} required />
        </Grid>
        <TextAreaField label="Üzenet" {...field('message')} minH="40" required />
        <BotTrap value={values.website} onChange={set('website')} />
        <PrivacyConsent checked={values.consent} onCheckedChange={set('consent')} error={errors.consent} />
        <FormTokenError message={errors.formToken} />
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          loading={waiting || send.isPending}
          loadingText="Küldés…"
        >
          <LuSend /> Üzenet küldése
        </Button>
      </Stack>
    </form>
  );
}
