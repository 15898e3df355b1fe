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
  BARION_ENVIRONMENT_LABELS,
  BARION_ENVIRONMENTS,
  type TBarionEnvironment,
  type TPaymentSettings,
  type TPaymentSettingsTestOutput,
  ZPaymentSettingsUpdateInput,
} from '@shop/api/schemas';
import { formatDateTime, toaster } from '@shop/ui';
import { useMutation, usePrefetchQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LuCreditCard, LuPlugZap } from 'react-icons/lu';
import { CheckboxField, PasswordField, TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { BarionPixelCard } from './barion-pixel-card';

const SOURCE_LABELS: Record<
  TPaymentSettings['barionSource'],
  { label: string; color: string; text: string }
> = {
  admin: {
    label: 'Mentett Barion-fiók',
    color: 'green',
    text: 'A kártyás fizetések az itt mentett Barion-fiókba érkeznek.',
  },
  environment: {
    label: 'Szerverbeállítás (BARION_*)',
    color: 'blue',
    text: 'A kártyás fizetések a szerver BARION_POS_KEY és BARION_PAYEE változóiban megadott fiókba érkeznek. Ha itt POS-kulcsot mentesz, az lesz érvényes.',
  },
  stand_in: {
    label: 'Demó (Barion-helyettesítő)',
    color: 'orange',
    text: 'Nincs Barion-fiók megadva: a kártyás fizetéseket a beépített Barion-helyettesítő fogadja, valódi pénz nem érkezik. Éles bolthoz add meg a Barion-fiók POS-kulcsát.',
  },
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

function SettingsForm({ settings }: { settings: TPaymentSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [posKey, setPosKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const [payee, setPayee] = useState(settings.barionPayee ?? '');
  const [environment, setEnvironment] = useState<TBarionEnvironment>(settings.barionEnvironment);
  const [holder, setHolder] = useState(settings.bankAccountHolder ?? '');
  const [bankName, setBankName] = useState(settings.bankName ?? '');
  const [accountNumber, setAccountNumber] = useState(settings.bankAccountNumber ?? '');
  const [testResult, setTestResult] = useState<TPaymentSettingsTestOutput | null>(null);
  const { errors, validate, failWith } = useZodForm(ZPaymentSettingsUpdateInput);
  const source = SOURCE_LABELS[settings.barionSource];

  const save = useMutation(
    trpc.checkout.settingsUpdate.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.checkout.settings.queryKey(), saved);
        toaster.success({ title: 'A fizetési beállításokat elmentettük.' });
      },
      ...failWith('A mentés nem sikerült.'),
    }),
  );
  const test = useMutation(
    trpc.checkout.settingsTest.mutationOptions({
      onMutate: () => setTestResult(null),
      onSuccess: setTestResult,
      ...failWith('A kapcsolat próbája nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Left empty the saved key stays; only the explicit checkbox removes it.
    const key = clearKey ? { barionPosKey: null } : posKey.trim() ? { barionPosKey: posKey } : {};
    const input = validate({
      ...key,
      barionPayee: payee,
      barionEnvironment: environment,
      bankAccountHolder: holder,
      bankName,
      bankAccountNumber: accountNumber,
    });
    if (input) save.mutate(input);
  };

  const onTest = () => {
    const typed = posKey.trim();
    test.mutate(
      typed ? { barionPosKey: typed, barionEnvironment: environment } : { barionEnvironment: environment },
    );
  };

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Fizetési beállítások">
        <Stack gap="6">
          <FormSection
            title="Barion-kapcsolat"
            description="Bankkártyás fizetés a Barion Smart Gateway-en. A POS-kulcsot titkosítva tároljuk, és soha nem mutatjuk meg újra."
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
            {settings.barionPosKeySet && !settings.barionPosKeyReadable && (
              <Alert.Root status="error" borderRadius="l3">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>A mentett POS-kulcs nem olvasható</Alert.Title>
                  <Alert.Description>
                    A szerver titkosítási kulcsa megváltozott vagy hiányzik, ezért a kártyás fizetés nem indul
                    el. Add meg újra a POS-kulcsot.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            {!settings.canStorePosKey && (
              <Alert.Root status="warning" borderRadius="l3">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>POS-kulcs most nem menthető</Alert.Title>
                  <Alert.Description>
                    A szerveren nincs titkosítási kulcs, titkosítatlanul pedig nem tároljuk a POS-kulcsot.
                    Állítsd be a SETTINGS_ENCRYPTION_KEY környezeti változót (minden szerveren ugyanazt), és
                    indítsd újra a szervert. A többi beállítás addig is menthető.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <PasswordField
              label={
                <>
                  POS-kulcs{' '}
                  {settings.barionPosKeySet && settings.barionPosKeyLast4 && !clearKey && (
                    <Badge colorPalette="green" size="sm" ms="1">
                      mentve, vége: {settings.barionPosKeyLast4}
                    </Badge>
                  )}
                </>
              }
              value={posKey}
              onValueChange={setPosKey}
              error={errors.barionPosKey}
              autoComplete="off"
              spellCheck={false}
              disabled={clearKey}
              placeholder="például 0f5b6c3e-9a7d-4e21-b8c4-a1d2e3f40516"
              helper={
                settings.barionPosKeySet
                  ? 'Üresen hagyva a mentett kulcs marad. A Barion fiókjában, a bolt adatai között találod.'
                  : 'A Barion fiókjában, a bolt adatai között találod (32 hexadecimális számjegy).'
              }
            />
            {settings.barionPosKeySet && (
              <CheckboxField checked={clearKey} onCheckedChange={setClearKey}>
                Mentett POS-kulcs törlése
              </CheckboxField>
            )}
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <TextField
                label="Barion-tárca e-mail-címe"
                type="email"
                value={payee}
                onValueChange={setPayee}
                error={errors.barionPayee}
                helper="Ide érkezik a pénz (a kedvezményezett, Payee)."
              />
              <Field.Root invalid={Boolean(errors.barionEnvironment)}>
                <Field.Label>Környezet</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={environment}
                    onChange={(event) => setEnvironment(event.target.value as TBarionEnvironment)}
                  >
                    {BARION_ENVIRONMENTS.map((value) => (
                      <option key={value} value={value}>
                        {BARION_ENVIRONMENT_LABELS[value]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.HelperText>
                  A tesztkörnyezet kulcsa az éles rendszerben nem működik, és fordítva.
                </Field.HelperText>
                <Field.ErrorText>{errors.barionEnvironment}</Field.ErrorText>
              </Field.Root>
            </Grid>
            <Stack gap="3" align="flex-start">
              <Button variant="outline" onClick={onTest} loading={test.isPending} loadingText="Kapcsolódás…">
                <LuPlugZap /> Kapcsolat próbája
              </Button>
              <Text fontSize="sm" color="fg.muted">
                {posKey.trim()
                  ? 'A beírt kulcsot próbálja ki a választott környezetben, mentés nélkül.'
                  : 'A most használt fiókkal kérdez a Bariontól; nem fizet és nem módosít semmit.'}
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
            title="Bankszámla"
            description="Az átutalással fizető vásárlók a rendelés visszaigazolásában ezt a számlát kapják."
          >
            <TextField
              label="Számlatulajdonos"
              value={holder}
              onValueChange={setHolder}
              error={errors.bankAccountHolder}
              autoComplete="organization"
            />
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <TextField
                label="Bank neve"
                value={bankName}
                onValueChange={setBankName}
                error={errors.bankName}
              />
              <TextField
                label="Bankszámlaszám"
                inputMode="numeric"
                value={accountNumber}
                onValueChange={setAccountNumber}
                error={errors.bankAccountNumber}
                placeholder="12345676-12345678-90123452"
                helper="2×8 vagy 3×8 számjegy; az ellenőrző számjegyeket is nézzük."
              />
            </Grid>
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

/** /admin/checkout/settings: the Barion connection, the bank account for transfers and the Barion Pixel. */
export function PaymentSettingsPage() {
  const trpc = useTRPC();
  // The Pixel card's data loads beside the settings, not after them.
  usePrefetchQuery(trpc.barionPixel.get.queryOptions());
  const { data: settings } = useSuspenseQuery(trpc.checkout.settings.queryOptions());
  return (
    <AdminPage
      title="Fizetési beállítások"
      description={
        settings.updatedAt
          ? `Utoljára módosítva: ${formatDateTime(settings.updatedAt)}`
          : 'Még nincs mentett beállítás.'
      }
      actions={
        <Button asChild variant="outline" bg="white">
          <Link to="/admin/checkout/payment">
            <LuCreditCard /> Fizetési módok
          </Link>
        </Button>
      }
    >
      <Stack gap="6">
        <SettingsForm key={settings.updatedAt ?? 'new'} settings={settings} />
        <BarionPixelCard />
      </Stack>
    </AdminPage>
  );
}
