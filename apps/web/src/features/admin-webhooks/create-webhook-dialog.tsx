import { Code, Fieldset, Stack, Text } from '@chakra-ui/react';
import {
  type TWebhookCreateOutput,
  type TWebhookEvent,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX_LENGTH,
  ZWebhookCreateInput,
} from '@shop/api/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CheckboxField, TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { ShownOnceDialog } from '../../components/shown-once-dialog';
import { useTRPC } from '../../lib/trpc';

export type CreatedWebhook = TWebhookCreateOutput & { url: string };

/** "Új végpont": the receiver's URL and its events; on success the parent shows the secret once. */
export function CreateWebhookDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedWebhook) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<TWebhookEvent[]>([]);
  const { errors, validate, failWith, setErrors } = useZodForm(ZWebhookCreateInput);

  const reset = () => {
    setUrl('');
    setEvents([]);
    setErrors({});
  };

  const create = useMutation(
    trpc.webhook.create.mutationOptions({
      onSuccess: (created, input) => {
        void queryClient.invalidateQueries(trpc.webhook.list.queryFilter());
        reset();
        onCreated({ ...created, url: input.url });
      },
      ...failWith('A végpont nem jött létre.'),
    }),
  );

  const toggle = (event: TWebhookEvent, checked: boolean) =>
    // Kept in the list's order, so the saved endpoint lists its events the same way.
    setEvents((current) =>
      WEBHOOK_EVENTS.filter((item) => (item === event ? checked : current.includes(item))),
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({ url, events });
    if (input) create.mutate(input);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Új webhook-végpont"
      onSubmit={onSubmit}
      submitLabel="Végpont létrehozása"
      pending={create.isPending}
      size={{ base: 'full', sm: 'lg' }}
    >
      <Stack gap="5">
        <TextField
          label="Cím (URL)"
          type="url"
          inputMode="url"
          value={url}
          onValueChange={setUrl}
          error={errors.url}
          helper="A fogadó program címe, ahová a bolt JSON POST kéréseket küld, például https://erp.example.hu/webhook."
          placeholder="https://"
          required
          autoFocus
          maxLength={WEBHOOK_URL_MAX_LENGTH}
        />
        <Fieldset.Root invalid={Boolean(errors.events)}>
          <Fieldset.Legend fontWeight="medium" fontSize="sm">
            Események
          </Fieldset.Legend>
          <Fieldset.HelperText>Ezekről kap értesítést a végpont.</Fieldset.HelperText>
          <Stack gap="3" mt="2">
            {WEBHOOK_EVENTS.map((event) => (
              <CheckboxField
                key={event}
                checked={events.includes(event)}
                onCheckedChange={(checked) => toggle(event, checked)}
              >
                <Text as="span" fontWeight="medium">
                  {WEBHOOK_EVENT_LABELS[event]}
                </Text>{' '}
                <Text as="span" color="fg.muted" fontSize="xs" fontFamily="mono">
                  {event}
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  {WEBHOOK_EVENT_DESCRIPTIONS[event]}
                </Text>
              </CheckboxField>
            ))}
          </Stack>
          <Fieldset.ErrorText>{errors.events}</Fieldset.ErrorText>
        </Fieldset.Root>
      </Stack>
    </FormDialog>
  );
}

/** The signing secret of a new endpoint, shown this once. */
export function NewWebhookSecretDialog({
  created,
  onClose,
}: {
  created: CreatedWebhook | null;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      open={created !== null}
      onClose={onClose}
      title="Az új végpont aláírási titka"
      label="Titok"
      value={created?.secret ?? ''}
      copiedMessage="A titok a vágólapra került."
      warning="A titok csak most látható. Ha elveszik, töröld a végpontot, és hozz létre újat."
    >
      <Text fontSize="sm" color="fg.muted">
        Minden kérés <Code size="sm">Webhook-Signature: t=…,v1=…</Code> fejlécet kap: a{' '}
        <Code size="sm">v1</Code> a <Code size="sm">t.törzs</Code> szöveg HMAC-SHA256 lenyomata ezzel a
        titokkal. A fogadó ezzel ellenőrzi, hogy a kérés a bolttól jött; a részletek a README „Webhookok”
        fejezetében és a <Code size="sm">/api/docs</Code> oldalon olvashatók.
      </Text>
    </ShownOnceDialog>
  );
}
