import { Button, Field, Flex, Grid, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {
  FOXPOST_ENVIRONMENT_LABELS,
  FOXPOST_ENVIRONMENTS,
  type TCarrierSettings,
  type TCarrierTestOutput,
  ZFoxpostSettingsUpdateInput,
} from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatDateTime, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { LuPackage, LuTruck } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DescribedFieldRoot, TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { SecretSettingField, SecretStorageAlerts, useSecretDraft } from '../admin/secret-setting-field';
import { ConnectionSource, ConnectionTest, FormSection } from '../admin/settings-form';

type FoxpostSettings = TCarrierSettings['foxpost'];
type Environment = FoxpostSettings['environment'];

function FoxpostCard({ settings }: { settings: FoxpostSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(settings.username ?? '');
  const password = useSecretDraft();
  const apiKey = useSecretDraft();
  const [environment, setEnvironment] = useState<Environment>(settings.environment);
  const [testResult, setTestResult] = useState<TCarrierTestOutput | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const { errors, validate, failWith } = useZodForm(ZFoxpostSettingsUpdateInput);
  const ownAccount = settings.source === 'admin';

  const save = useMutation(
    trpc.carrier.updateFoxpost.mutationOptions({
      onSuccess: (saved, input) => {
        queryClient.setQueryData(trpc.carrier.settings.queryKey(), saved);
        password.setValue('');
        apiKey.setValue('');
        setConfirmRemove(false);
        toaster.success({
          title:
            input.username === null
              ? 'A Foxpost-fiókot töröltük: a csomagok a beépített helyettesítőhöz mennek.'
              : 'A Foxpost-fiókot elmentettük: a csomagok ezentúl ezzel a fiókkal mennek.',
        });
      },
      ...failWith('A mentés nem sikerült.'),
    }),
  );
  const test = useMutation(
    trpc.carrier.testFoxpost.mutationOptions({
      onMutate: () => setTestResult(null),
      onSuccess: setTestResult,
      ...failWith('A kapcsolat próbája nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({
      username,
      ...password.update('password'),
      ...apiKey.update('apiKey'),
      environment,
    });
    if (input) save.mutate(input);
  };

  const onTest = () => {
    const typed = {
      ...(username.trim() && username.trim() !== settings.username ? { username: username.trim() } : {}),
      ...(password.typed ? { password: password.value } : {}),
      ...(apiKey.typed ? { apiKey: apiKey.value } : {}),
    };
    test.mutate(Object.keys(typed).length > 0 || ownAccount ? { ...typed, environment } : {});
  };

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Foxpost-fiók">
        <FormSection
          title="Foxpost"
          description="A csomagautomatába menő rendelések csomagját a rendelés oldalán a „Csomag feladása” gomb adja fel a Foxpost FoxWeb API-ján. A fiók adatait a Foxpost ügyfélszolgálatától kapod; a jelszót és az API-kulcsot titkosítva tároljuk, és soha nem mutatjuk meg újra."
        >
          {settings.source === 'none' ? (
            <ConnectionSource
              color="red"
              label="Nincs beállítva"
              text="Nincs Foxpost-fiók megadva, ezért Foxpost-csomag nem adható fel. Add meg a Foxpost-fiók adatait."
            />
          ) : (
            <ConnectionSource
              color={ownAccount ? 'green' : 'orange'}
              label={ownAccount ? 'Mentett Foxpost-fiók' : 'Demó (Foxpost-helyettesítő)'}
              text={
                ownAccount
                  ? `A csomagok ${withArticle(settings.username ?? '')} fiókkal mennek, ${FOXPOST_ENVIRONMENT_LABELS[settings.environment].toLowerCase()} környezetben.`
                  : 'Nincs Foxpost-fiók megadva: a csomagokat a beépített Foxpost-helyettesítő fogadja, valódi szállítás nincs. Éles bolthoz add meg a Foxpost-fiókot.'
              }
            />
          )}
          <SecretStorageAlerts
            unreadable={ownAccount && !settings.readable}
            unreadableTitle="A mentett jelszó vagy API-kulcs nem olvasható"
            unreadableEffect="csomag nem adható fel"
            enterAgain="a jelszót és az API-kulcsot"
            storable={settings.canStoreSecrets}
            unstorableTitle="Foxpost-fiók most nem menthető"
            neverStoredPlain="a jelszót"
            othersStillSave={false}
          />
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <TextField
              label="Felhasználónév"
              value={username}
              onValueChange={setUsername}
              error={errors.username}
              autoComplete="off"
              spellCheck={false}
            />
            <DescribedFieldRoot invalid={Boolean(errors.environment)}>
              <Field.Label>Környezet</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={environment}
                  onChange={(event) => setEnvironment(event.target.value as Environment)}
                >
                  {FOXPOST_ENVIRONMENTS.map((value) => (
                    <option key={value} value={value}>
                      {FOXPOST_ENVIRONMENT_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {!errors.environment && (
                <Field.HelperText>A tesztfiók az éles rendszerben nem működik, és fordítva.</Field.HelperText>
              )}
              <Field.ErrorText>{errors.environment}</Field.ErrorText>
            </DescribedFieldRoot>
            <SecretSettingField
              label="Jelszó"
              draft={password}
              saved={settings.passwordSet}
              last4={ownAccount ? settings.passwordLast4 : null}
              error={errors.password}
              autoComplete="new-password"
              savedHelper="Üresen hagyva a mentett jelszó marad."
            />
            <SecretSettingField
              label="API-kulcs"
              draft={apiKey}
              saved={settings.apiKeySet}
              last4={ownAccount ? settings.apiKeyLast4 : null}
              error={errors.apiKey}
              autoComplete="off"
              spellCheck={false}
              savedHelper="Üresen hagyva a mentett kulcs marad."
            />
          </Grid>
          <ConnectionTest
            onTest={onTest}
            pending={test.isPending}
            result={testResult}
            hint="Egy nem létező csomag követését kéri a Foxposttól; csomagot nem ad fel."
          />
          <Flex justify="flex-end" gap="3" wrap="wrap" borderTopWidth="1px" pt="4">
            {ownAccount && (
              <Button variant="outline" colorPalette="red" onClick={() => setConfirmRemove(true)}>
                Fiók törlése
              </Button>
            )}
            <Button type="submit" colorPalette="brand" loading={save.isPending} minW="32">
              Mentés
            </Button>
          </Flex>
        </FormSection>
        <ConfirmDialog
          open={confirmRemove}
          onOpenChange={setConfirmRemove}
          title="Törlöd a Foxpost-fiókot?"
          confirmLabel="Fiók törlése"
          loading={save.isPending}
          onConfirm={() => save.mutate({ username: null, environment })}
        >
          <Text>
            A mentett felhasználónév, jelszó és API-kulcs törlődik; a csomagok ezután a beépített
            helyettesítőhöz mennek, valódi szállítás nélkül.
          </Text>
        </ConfirmDialog>
      </form>
    </AdminPanel>
  );
}

/** /admin/checkout/carriers: the carriers' accounts ("Futárszolgálatok"); Foxpost first. */
export function CarrierSettingsPage() {
  const trpc = useTRPC();
  const { data: settings } = useSuspenseQuery(trpc.carrier.settings.queryOptions());
  return (
    <AdminPage
      title="Futárszolgálatok"
      description={
        settings.foxpost.updatedAt
          ? `Utoljára módosítva: ${formatDateTime(settings.foxpost.updatedAt)}`
          : 'A webáruházból feladott csomagok szállítói fiókjai.'
      }
      actions={
        <Button asChild variant="outline" bg="white">
          <Link to="/admin/checkout/shipping">
            <LuTruck /> Szállítási módok
          </Link>
        </Button>
      }
    >
      <Stack gap="6">
        <FoxpostCard key={settings.foxpost.updatedAt ?? 'new'} settings={settings.foxpost} />
        <Flex gap="2" align="center" color="fg.muted" fontSize="sm">
          <LuPackage />
          <Text>
            A Packeta, a GLS és az MPL csomagjait a szállító saját felületén add fel; a csomagszámot a
            rendelés állapotváltásánál add meg.
          </Text>
        </Flex>
      </Stack>
    </AdminPage>
  );
}
