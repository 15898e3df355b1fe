import { Code, Text } from '@chakra-ui/react';
import {
  type TWebhookCreateOutput,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX_LENGTH,
  ZWebhookCreateInput,
} from '@shop/api/schemas';
import { ShownOnceDialog } from '../../components/shown-once-dialog';
import { useTRPC } from '../../lib/trpc';
import { CredentialCreateDialog } from '../admin/credential-create-dialog';

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
  return (
    <CredentialCreateDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Új webhook-végpont"
      submitLabel="Végpont létrehozása"
      size={{ base: 'full', sm: 'lg' }}
      schema={ZWebhookCreateInput}
      mutation={trpc.webhook.create.mutationOptions()}
      failTitle="A végpont nem jött létre."
      invalidates={trpc.webhook.list.queryFilter()}
      text={{
        key: 'url',
        label: 'Cím (URL)',
        type: 'url',
        inputMode: 'url',
        helper:
          'A fogadó program címe, ahová a bolt JSON POST kéréseket küld, például https://erp.example.hu/webhook.',
        placeholder: 'https://',
        maxLength: WEBHOOK_URL_MAX_LENGTH,
      }}
      codes={{
        key: 'events',
        legend: 'Események',
        helper: 'Ezekről kap értesítést a végpont.',
        codes: WEBHOOK_EVENTS,
        labels: WEBHOOK_EVENT_LABELS,
        descriptions: WEBHOOK_EVENT_DESCRIPTIONS,
      }}
      onCreated={(created, input) => onCreated({ ...created, url: input.url })}
    />
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
