import { Button, Grid } from '@chakra-ui/react';
import {
  BARION_ENVIRONMENT_LABELS,
  type TPaymentSettings,
  ZPaymentSettingsUpdateInput,
} from '@shop/api/schemas';
import { usePrefetchQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuCreditCard } from 'react-icons/lu';
import { TextField } from '../../components/form/fields';
import { SelectField } from '../../components/form/select-field';
import { useTRPC } from '../../lib/trpc';
import { FormSection } from '../admin/settings-form';
import { BarionPixelCard } from './barion-pixel-card';
import { ProviderSettingsScreen } from './provider-settings';

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

/** /admin/checkout/settings: the Barion connection, the bank account for transfers and the Barion Pixel. */
export function PaymentSettingsPage() {
  const trpc = useTRPC();
  // The Pixel card's data loads beside the settings, not after them.
  usePrefetchQuery(trpc.barionPixel.get.queryOptions());
  return (
    <ProviderSettingsScreen
      title="Fizetési beállítások"
      label="Fizetési beállítások"
      actions={
        <Button asChild variant="outline" bg="white">
          <Link to="/admin/checkout/payment">
            <LuCreditCard /> Fizetési módok
          </Link>
        </Button>
      }
      load={trpc.checkout.settings.queryOptions()}
      save={trpc.checkout.settingsUpdate}
      saved="A fizetési beállításokat elmentettük."
      schema={ZPaymentSettingsUpdateInput}
      test={trpc.checkout.settingsTest}
      initial={(settings: TPaymentSettings) => ({
        barionPayee: settings.barionPayee ?? '',
        barionEnvironment: settings.barionEnvironment,
        bankAccountHolder: settings.bankAccountHolder ?? '',
        bankName: settings.bankName ?? '',
        bankAccountNumber: settings.bankAccountNumber ?? '',
      })}
      sealedKey={{ name: 'barionPosKey', storable: 'canStorePosKey' }}
      connection={{
        title: 'Barion-kapcsolat',
        description:
          'Bankkártyás fizetés a Barion Smart Gateway-en. A POS-kulcsot titkosítva tároljuk, és soha nem mutatjuk meg újra.',
        source: (settings) => SOURCE_LABELS[settings.barionSource],
        alerts: {
          unreadableTitle: 'A mentett POS-kulcs nem olvasható',
          unreadableEffect: 'a kártyás fizetés nem indul el',
          enterAgain: 'a POS-kulcsot',
          unstorableTitle: 'POS-kulcs most nem menthető',
          neverStoredPlain: 'a POS-kulcsot',
        },
        field: {
          label: 'POS-kulcs',
          placeholder: 'például 0f5b6c3e-9a7d-4e21-b8c4-a1d2e3f40516',
          savedHelper:
            'Üresen hagyva a mentett kulcs marad. A Barion fiókjában, a bolt adatai között találod.',
          unsavedHelper: 'A Barion fiókjában, a bolt adatai között találod (32 hexadecimális számjegy).',
          clearLabel: 'Mentett POS-kulcs törlése',
        },
        typedHint: 'A beírt kulcsot próbálja ki a választott környezetben, mentés nélkül.',
        savedHint: 'A most használt fiókkal kérdez a Bariontól; nem fizet és nem módosít semmit.',
        // The key is tried against the environment chosen on screen, saved or not.
        testWith: (values) => ({ barionEnvironment: values.barionEnvironment }),
        fields: ({ values, set, field, errors }) => (
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <TextField
              label="Barion-tárca e-mail-címe"
              type="email"
              {...field('barionPayee')}
              helper="Ide érkezik a pénz (a kedvezményezett, Payee)."
            />
            <SelectField
              label="Környezet"
              value={values.barionEnvironment}
              options={BARION_ENVIRONMENT_LABELS}
              onValueChange={set('barionEnvironment')}
              error={errors.barionEnvironment}
              helper="A tesztkörnyezet kulcsa az éles rendszerben nem működik, és fordítva."
            />
          </Grid>
        ),
      }}
      sections={({ field }) => (
        <FormSection
          title="Bankszámla"
          description="Az átutalással fizető vásárlók a rendelés visszaigazolásában ezt a számlát kapják."
        >
          <TextField label="Számlatulajdonos" {...field('bankAccountHolder')} autoComplete="organization" />
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <TextField label="Bank neve" {...field('bankName')} />
            <TextField
              label="Bankszámlaszám"
              inputMode="numeric"
              {...field('bankAccountNumber')}
              placeholder="12345676-12345678-90123452"
              helper="2×8 vagy 3×8 számjegy; az ellenőrző számjegyeket is nézzük."
            />
          </Grid>
        </FormSection>
      )}
      after={<BarionPixelCard />}
    />
  );
}
