import { Button, Field, Grid, NativeSelect, Separator, Stack } from '@chakra-ui/react';
import {
  BARION_ENVIRONMENT_LABELS,
  BARION_ENVIRONMENTS,
  type TBarionEnvironment,
  type TPaymentSettings,
  ZPaymentSettingsUpdateInput,
} from '@shop/api/schemas';
import { usePrefetchQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LuCreditCard } from 'react-icons/lu';
import { CheckboxField, TextField } from '../../components/form/fields';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import { EditForm } from '../admin/edit-page/edit-form';
import { EditPage } from '../admin/edit-page/edit-page';
import { useEditForm } from '../admin/edit-page/use-edit-form';
import {
  ConnectionSource,
  ConnectionTest,
  FormSection,
  SealedSecretField,
  SettingsAlert,
  SettingsSaveFooter,
  savedAt,
  useConnectionTest,
} from '../admin/settings-form';
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
  none: {
    label: 'Nincs beállítva',
    color: 'red',
    text: 'Nincs Barion-fiók megadva, ezért a vásárlók nem fizethetnek bankkártyával. Add meg a Barion-fiók POS-kulcsát és a tárca e-mail-címét.',
  },
};

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
  const source = SOURCE_LABELS[settings.barionSource];
  const edit = useEditForm({
    isNew: false,
    values: {
      // Left empty the saved key stays; only the explicit checkbox removes it.
      ...(clearKey ? { barionPosKey: null } : posKey.trim() ? { barionPosKey: posKey } : {}),
      barionPayee: payee,
      barionEnvironment: environment,
      bankAccountHolder: holder,
      bankName,
      bankAccountNumber: accountNumber,
    },
    permission: 'settings:write',
    schema: ZPaymentSettingsUpdateInput,
    save: {
      mutation: trpc.checkout.settingsUpdate,
      saved: 'A fizetési beállításokat elmentettük.',
      onSaved: (saved) => queryClient.setQueryData(trpc.checkout.settings.queryKey(), saved),
    },
  });
  const { errors } = edit;
  const test = useConnectionTest(trpc.checkout.settingsTest, edit);

  const onTest = () => {
    const typed = posKey.trim();
    test.run(
      typed ? { barionPosKey: typed, barionEnvironment: environment } : { barionEnvironment: environment },
    );
  };

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <EditForm edit={edit} aria-label="Fizetési beállítások">
        <Stack gap="6">
          <FormSection
            title="Barion-kapcsolat"
            description="Bankkártyás fizetés a Barion Smart Gateway-en. A POS-kulcsot titkosítva tároljuk, és soha nem mutatjuk meg újra."
          >
            <ConnectionSource {...source} />
            {settings.barionPosKeySet && !settings.barionPosKeyReadable && (
              <SettingsAlert status="error" title="A mentett POS-kulcs nem olvasható">
                A szerver titkosítási kulcsa megváltozott vagy hiányzik, ezért a kártyás fizetés nem indul el.
                Add meg újra a POS-kulcsot.
              </SettingsAlert>
            )}
            {!settings.canStorePosKey && (
              <SettingsAlert status="warning" title="POS-kulcs most nem menthető">
                A szerveren nincs titkosítási kulcs, titkosítatlanul pedig nem tároljuk a POS-kulcsot. Állítsd
                be a SETTINGS_ENCRYPTION_KEY környezeti változót (minden szerveren ugyanazt), és indítsd újra
                a szervert. A többi beállítás addig is menthető.
              </SettingsAlert>
            )}
            <SealedSecretField
              label="POS-kulcs"
              last4={settings.barionPosKeySet && !clearKey ? settings.barionPosKeyLast4 : null}
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
            <ConnectionTest
              onTest={onTest}
              pending={test.pending}
              result={test.result}
              hint={
                posKey.trim()
                  ? 'A beírt kulcsot próbálja ki a választott környezetben, mentés nélkül.'
                  : 'A most használt fiókkal kérdez a Bariontól; nem fizet és nem módosít semmit.'
              }
            />
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
          <SettingsSaveFooter saving={edit.footer.saving} readOnly={edit.readOnly} />
        </Stack>
      </EditForm>
    </AdminPanel>
  );
}

/** /admin/checkout/settings: the Barion connection, the bank account for transfers and the Barion Pixel. */
export function PaymentSettingsPage() {
  const trpc = useTRPC();
  // The Pixel card's data loads beside the settings, not after them.
  usePrefetchQuery(trpc.barionPixel.get.queryOptions());
  return (
    <EditPage
      load={trpc.checkout.settings.queryOptions()}
      title={() => 'Fizetési beállítások'}
      description={savedAt}
      actions={() => (
        <Button asChild variant="outline" bg="white">
          <Link to="/admin/checkout/payment">
            <LuCreditCard /> Fizetési módok
          </Link>
        </Button>
      )}
    >
      {(settings) => (
        <Stack gap="6">
          <SettingsForm key={settings.updatedAt ?? 'new'} settings={settings} />
          <BarionPixelCard />
        </Stack>
      )}
    </EditPage>
  );
}
