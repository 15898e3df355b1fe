import {
  Alert,
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Grid,
  Heading,
  NativeSelect,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  type TInvoiceSettings,
  type TInvoiceSettingsTestOutput,
  type TOfflineIssueOn,
  ZInvoiceSettingsUpdateInput,
} from '@shop/api/schemas/invoice';
import { formatDateTime, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LuPlugZap } from 'react-icons/lu';
import { CheckboxField, PasswordField, SwitchField, TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';

const SOURCES: Record<TInvoiceSettings['source'], { label: string; color: string; text: string }> = {
  admin: {
    label: 'Számlázz.hu fiók',
    color: 'green',
    text: 'A számlák a mentett Számla Agent kulccsal a Számlázz.hu fiókodban készülnek, és onnan kerülnek a NAV-hoz.',
  },
  stand_in: {
    label: 'Demó (Számla Agent helyettesítő)',
    color: 'orange',
    text: 'Nincs Számla Agent kulcs megadva: a számlákat a beépített helyettesítő állítja ki. Ezek nem valódi számlák, a NAV-hoz nem jutnak el. Éles bolthoz add meg a Számlázz.hu fiók Számla Agent kulcsát.',
  },
};

const ISSUE_ON: Record<TOfflineIssueOn, string> = {
  completed: 'Teljesítéskor (a rendelés „Teljesítve” állapotba lép)',
  paid: 'Fizetéskor (átutalás: amikor a rendelés az „Új” állapotból továbblép; utánvét: kézbesítéskor)',
};

function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Grid templateColumns={{ base: '1fr', lg: '16rem 1fr' }} gap={{ base: '3', lg: '8' }}>
      <Box>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted" mt="1">
          {description}
        </Text>
      </Box>
      <Stack gap="4">{children}</Stack>
    </Grid>
  );
}

function InvoiceSettingsForm({ settings }: { settings: TInvoiceSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [agentKey, setAgentKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const [enabled, setEnabled] = useState(settings.enabled);
  const [prefix, setPrefix] = useState(settings.prefix);
  const [eInvoice, setEInvoice] = useState(settings.eInvoice);
  const [sendToBuyer, setSendToBuyer] = useState(settings.sendToBuyer);
  const [offlineIssueOn, setOfflineIssueOn] = useState<TOfflineIssueOn>(settings.offlineIssueOn);
  const [testResult, setTestResult] = useState<TInvoiceSettingsTestOutput | null>(null);
  const { errors, validate, failWith } = useZodForm(ZInvoiceSettingsUpdateInput);
  const source = SOURCES[settings.source];

  const save = useMutation(
    trpc.invoice.updateSettings.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.invoice.settings.queryKey(), saved);
        toaster.success({ title: 'A számlázási beállításokat elmentettük.' });
      },
      ...failWith('A mentés nem sikerült.'),
    }),
  );
  const test = useMutation(
    trpc.invoice.testConnection.mutationOptions({
      onMutate: () => setTestResult(null),
      onSuccess: setTestResult,
      ...failWith('A kapcsolat próbája nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const key = clearKey ? { agentKey: null } : agentKey.trim() ? { agentKey } : {};
    const input = validate({
      provider: 'szamlazz',
      ...key,
      enabled,
      prefix,
      eInvoice,
      sendToBuyer,
      offlineIssueOn,
    });
    if (input) save.mutate(input);
  };

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Számlázási beállítások">
        <Stack gap="6">
          <FormSection
            title="Számlázz.hu kapcsolat"
            description="A számlákat a Számlázz.hu Számla Agent állítja ki. A kulcsot titkosítva tároljuk, és soha nem mutatjuk meg újra."
          >
            <Box borderWidth="1px" borderRadius="l2" p="3" bg="bg.subtle">
              <Flex gap="2" align="center" wrap="wrap">
                <Text fontSize="sm" fontWeight="medium">
                  Most használt fiók:
                </Text>
                <Badge colorPalette={source.color}>{source.label}</Badge>
              </Flex>
              <Text fontSize="sm" color="fg.muted" mt="1">
                {source.text}
              </Text>
            </Box>
            {settings.agentKeySet && !settings.agentKeyReadable && (
              <Alert.Root status="error" borderRadius="l3">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>A mentett Számla Agent kulcs nem olvasható</Alert.Title>
                  <Alert.Description>
                    A szerver titkosítási kulcsa megváltozott vagy hiányzik, ezért számla nem készül. Add meg
                    újra a kulcsot.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            {!settings.canStoreAgentKey && (
              <Alert.Root status="warning" borderRadius="l3">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>Számla Agent kulcs most nem menthető</Alert.Title>
                  <Alert.Description>
                    A szerveren nincs titkosítási kulcs. Állítsd be a SETTINGS_ENCRYPTION_KEY környezeti
                    változót (minden szerveren ugyanazt), és indítsd újra a szervert. A többi beállítás addig
                    is menthető.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <PasswordField
              label={
                <>
                  Számla Agent kulcs{' '}
                  {settings.agentKeySet && settings.agentKeyLast4 && !clearKey && (
                    <Badge colorPalette="green" size="sm" ms="1">
                      mentve, vége: {settings.agentKeyLast4}
                    </Badge>
                  )}
                </>
              }
              value={agentKey}
              onValueChange={setAgentKey}
              error={errors.agentKey}
              autoComplete="off"
              spellCheck={false}
              disabled={clearKey}
              helper={
                settings.agentKeySet
                  ? 'Üresen hagyva a mentett kulcs marad. A Számlázz.hu fiókban: Beállítások → Számla Agent kulcsok.'
                  : 'A Számlázz.hu fiókban: Beállítások → Számla Agent kulcsok.'
              }
            />
            {settings.agentKeySet && (
              <CheckboxField checked={clearKey} onCheckedChange={setClearKey}>
                Mentett kulcs törlése (a beépített helyettesítő számláz tovább)
              </CheckboxField>
            )}
            <Stack gap="3" align="flex-start">
              <Button
                variant="outline"
                onClick={() => test.mutate(agentKey.trim() ? { agentKey: agentKey.trim() } : {})}
                loading={test.isPending}
                loadingText="Kapcsolódás…"
              >
                <LuPlugZap /> Kapcsolat próbája
              </Button>
              <Text fontSize="sm" color="fg.muted">
                {agentKey.trim()
                  ? 'A beírt kulcsot próbálja ki mentés nélkül.'
                  : 'A most használt fiókkal kérdez a Számla Agenttől; nem állít ki semmit.'}
              </Text>
              {testResult && (
                <Alert.Root status={testResult.ok ? 'success' : 'error'} borderRadius="l3" role="status">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{testResult.ok ? 'Sikeres kapcsolat' : 'Sikertelen kapcsolat'}</Alert.Title>
                    <Alert.Description>{testResult.message}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
            </Stack>
          </FormSection>
          <Separator />
          <FormSection
            title="Számlák"
            description="Minden rendelésről egy számla készül; a törölt vagy teljesen visszatérített rendelés számlájáról sztornó számla."
          >
            <SwitchField checked={enabled} onCheckedChange={setEnabled}>
              Automatikus számlázás
            </SwitchField>
            <Text fontSize="sm" color="fg.muted" mt="-2">
              Kikapcsolva a rendelés oldalán kézzel állíthatsz ki számlát.
            </Text>
            <TextField
              label="Számlaszám előtagja"
              value={prefix}
              onValueChange={setPrefix}
              error={errors.prefix}
              maxW="xs"
              helper={`A számlák száma például ${prefix || 'KBB'}-${new Date().getFullYear()}-1 lesz.`}
            />
            <SwitchField checked={eInvoice} onCheckedChange={setEInvoice}>
              E-számla (elektronikus aláírással)
            </SwitchField>
            <SwitchField checked={sendToBuyer} onCheckedChange={setSendToBuyer}>
              A Számlázz.hu e-mailben küldje el a számlát a vevőnek
            </SwitchField>
            <Field.Root invalid={Boolean(errors.offlineIssueOn)}>
              <Field.Label>Átutalásos és utánvétes rendelés számlája</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={offlineIssueOn}
                  onChange={(event) => setOfflineIssueOn(event.target.value as TOfflineIssueOn)}
                >
                  {(Object.keys(ISSUE_ON) as TOfflineIssueOn[]).map((value) => (
                    <option key={value} value={value}>
                      {ISSUE_ON[value]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>
                A bankkártyás rendelés számlája a sikeres fizetéskor készül.
              </Field.HelperText>
              <Field.ErrorText>{errors.offlineIssueOn}</Field.ErrorText>
            </Field.Root>
          </FormSection>
          <Flex justify="flex-end" borderTopWidth="1px" pt="4">
            <Button type="submit" colorPalette="brand" loading={save.isPending} minW="32">
              Mentés
            </Button>
          </Flex>
        </Stack>
      </form>
    </AdminPanel>
  );
}

/** /admin/checkout/invoicing ("Számlázás"): the Számlázz.hu connection and when invoices are issued. */
export function InvoiceSettingsPage() {
  const trpc = useTRPC();
  const { data: settings } = useSuspenseQuery(trpc.invoice.settings.queryOptions());
  return (
    <AdminPage
      title="Számlázás"
      description={
        settings.updatedAt
          ? `Utoljára módosítva: ${formatDateTime(settings.updatedAt)}`
          : 'Még nincs mentett beállítás.'
      }
    >
      <InvoiceSettingsForm key={settings.updatedAt ?? 'new'} settings={settings} />
    </AdminPage>
  );
}
