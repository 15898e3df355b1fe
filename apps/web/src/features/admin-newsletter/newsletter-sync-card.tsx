import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  NEWSLETTER_SYNC_PROVIDER_LABELS,
  NEWSLETTER_SYNC_PROVIDERS,
  type TNewsletterSyncProvider,
  type TNewsletterSyncSettings,
  ZNewsletterSyncSettingsInput,
} from '@shop/api/schemas/newsletter-sync';
import { formatDateTime, toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import { CheckboxField, PasswordField, TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import { SettingsAlert } from '../admin/settings-form';
import { useAdminAccess } from '../admin/use-access';

const LIST_LABELS: Record<Exclude<TNewsletterSyncProvider, 'none'>, { label: string; helper: string }> = {
  mailerlite: {
    label: 'Csoport azonosítója (nem kötelező)',
    helper:
      'MailerLite: Feliratkozók → Csoportok → a csoport → az azonosító a címsorban. Üresen a feliratkozók csoport nélkül kerülnek fel.',
  },
  mailchimp: {
    label: 'Lista azonosítója (Audience ID)',
    helper: 'Mailchimp: Audience → Settings → Audience name and defaults → Audience ID.',
  },
};

const KEY_HELPERS: Record<Exclude<TNewsletterSyncProvider, 'none'>, string> = {
  mailerlite: 'MailerLite: Integrations → MailerLite API → Generate new token.',
  mailchimp:
    'Mailchimp: Profile → Extras → API keys → Create A Key. A kulcs végén az adatközpont áll (például -us21).',
};

/**
 * "Szinkronizálás MailerLite-tal vagy Mailchimppel" on the newsletter page (#29): where the list is
 * copied, the API key (never shown back, only whether one is saved) and the list; the last sync in
 * Budapest time with its error in Hungarian, and "Szinkronizálás most". Only for who may change settings.
 */
export function NewsletterSyncCard() {
  const mayEdit = useAdminAccess().may('settings:write');
  return mayEdit ? <SyncPanel /> : null;
}

function SyncPanel() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.newsletter.syncSettings.queryOptions());
  const headingId = useId();
  return (
    <AdminPanel as="section" aria-labelledby={headingId} p={{ base: '4', md: '6' }} mt="6">
      <Heading as="h2" size="md" id={headingId}>
        Szinkronizálás MailerLite-tal vagy Mailchimppel
      </Heading>
      <Text fontSize="sm" color="fg.muted" mt="1">
        A megerősített feliratkozók és a leiratkozások percenként átkerülnek a választott hírlevélküldőbe. A
        megerősítésre váró címek nem kerülnek át; aki a boltban leiratkozik, ott is leiratkozottnak számít.
        Hiba esetén a bolt egyre ritkábban, de magától újrapróbálja.
      </Text>
      {settings.error ? (
        <Text mt="4" color="fg.error">
          A szinkronizálás beállításait nem sikerült betölteni.
        </Text>
      ) : settings.data ? (
        <>
          <SyncStatus status={settings.data} />
          <SyncForm
            key={`${settings.data.provider}-${settings.data.listId}-${settings.data.apiKeyLast4}`}
            initial={settings.data}
          />
        </>
      ) : (
        <Text mt="4" color="fg.muted">
          Betöltés…
        </Text>
      )}
    </AdminPanel>
  );
}

function SyncStatus({ status }: { status: TNewsletterSyncSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const run = useMutation(
    trpc.newsletter.syncNow.mutationOptions({
      meta: { errorTitle: 'A szinkronizálás nem indult el.' },
      onSuccess: (result) => {
        queryClient.setQueryData(trpc.newsletter.syncSettings.queryKey(), result);
        if (result.lastError)
          toaster.error({ title: 'A szinkronizálás hibával ért véget.', description: result.lastError });
        else
          toaster.success({
            title: `Szinkronizálva: ${result.sent.toLocaleString('hu-HU')} változás elküldve.`,
          });
      },
    }),
  );
  if (status.provider === 'none') return null;
  return (
    <Stack gap="3" mt="4">
      <SimpleGrid columns={3} gap={{ base: '2', md: '3' }} as="dl">
        <Figure label="Szinkronban" value={status.synced} />
        <Figure label="Küldésre vár" value={status.waiting} />
        <Figure label="Sikertelen" value={status.failed} />
      </SimpleGrid>
      <Text fontSize="sm">
        Utolsó szinkronizálás:{' '}
        <Text as="span" fontWeight="semibold">
          {status.lastRunAt ? formatDateTime(status.lastRunAt) : 'még nem futott'}
        </Text>
        {status.lastSuccessAt && status.lastSuccessAt !== status.lastRunAt && (
          <> · utolsó hibátlan: {formatDateTime(status.lastSuccessAt)}</>
        )}
      </Text>
      {status.usesStandIn && (
        <SettingsAlert status="warning" title="Bemutató mód">
          {`Nincs mentett API-kulcs, ezért a lista a bolt beépített ${NEWSLETTER_SYNC_PROVIDER_LABELS[status.provider]}-helyettesítőjébe megy (csak demóhoz és teszthez). Éles bolthoz add meg a valódi API-kulcsot.`}
        </SettingsAlert>
      )}
      {status.lastError && (
        <SettingsAlert status="error" title="A legutóbbi szinkronizálás hibája">
          {status.lastError}
        </SettingsAlert>
      )}
      <Flex>
        <Button variant="outline" size="sm" loading={run.isPending} onClick={() => run.mutate()}>
          <LuRefreshCw /> Szinkronizálás most
        </Button>
      </Flex>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box borderWidth="1px" rounded="md" p={{ base: '2', md: '3' }}>
      <Text as="dt" fontSize={{ base: 'xs', md: 'sm' }} color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontSize="2xl" fontWeight="semibold">
        {value.toLocaleString('hu-HU')}
      </Text>
    </Box>
  );
}

function SyncForm({ initial }: { initial: TNewsletterSyncSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [provider, setProvider] = useState<TNewsletterSyncProvider>(initial.provider);
  const [listId, setListId] = useState(initial.listId ?? '');
  const [apiKey, setApiKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const providerId = useId();
  const { errors, validate, failWith } = useZodForm(ZNewsletterSyncSettingsInput);
  const save = useMutation(
    trpc.newsletter.updateSyncSettings.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.newsletter.syncSettings.queryKey(), saved);
        toaster.success({ title: 'A szinkronizálás beállításait elmentettük.' });
      },
      ...failWith('A szinkronizálás beállításainak mentése nem sikerült.'),
    }),
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({
      provider,
      listId,
      // Left empty the saved key stays; only the explicit checkbox removes it.
      ...(clearKey ? { apiKey: null } : apiKey ? { apiKey } : {}),
    });
    if (input) save.mutate(input);
  };
  const chosen = provider === 'none' ? null : provider;
  return (
    <Box asChild mt="5">
      <form onSubmit={onSubmit} noValidate aria-label="A szinkronizálás beállításai">
        <Stack gap="4" maxW="lg">
          <Field.Root>
            <Field.Label htmlFor={providerId}>Hírlevélküldő szolgáltatás</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                id={providerId}
                value={provider}
                onChange={(event) =>
                  setProvider(NEWSLETTER_SYNC_PROVIDERS.find((key) => key === event.target.value) ?? 'none')
                }
              >
                {NEWSLETTER_SYNC_PROVIDERS.map((key) => (
                  <option key={key} value={key}>
                    {NEWSLETTER_SYNC_PROVIDER_LABELS[key]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {chosen && (
            <>
              {!initial.canStoreApiKey && (
                <SettingsAlert status="warning" title="Az API-kulcs nem menthető">
                  A szerveren nincs titkosítási kulcs (SETTINGS_ENCRYPTION_KEY), titkosítatlanul pedig nem
                  tároljuk.
                </SettingsAlert>
              )}
              <PasswordField
                label={
                  <>
                    API-kulcs{' '}
                    {initial.apiKeySet && !clearKey && (
                      <Badge colorPalette="green" size="sm" ms="1">
                        mentve{initial.apiKeyLast4 ? `, vége: …${initial.apiKeyLast4}` : ''}
                      </Badge>
                    )}
                  </>
                }
                value={apiKey}
                onValueChange={setApiKey}
                error={errors.apiKey}
                autoComplete="new-password"
                spellCheck={false}
                disabled={clearKey || !initial.canStoreApiKey}
                helper={
                  initial.apiKeySet
                    ? `Üresen hagyva a mentett kulcs marad. ${KEY_HELPERS[chosen]}`
                    : KEY_HELPERS[chosen]
                }
              />
              {initial.apiKeySet && (
                <CheckboxField checked={clearKey} onCheckedChange={setClearKey}>
                  Mentett kulcs törlése
                </CheckboxField>
              )}
              <TextField
                label={LIST_LABELS[chosen].label}
                value={listId}
                onValueChange={setListId}
                error={errors.listId}
                autoComplete="off"
                spellCheck={false}
                helper={LIST_LABELS[chosen].helper}
              />
            </>
          )}
          <Flex>
            <Button type="submit" colorPalette="brand" size="sm" loading={save.isPending}>
              Mentés
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}
