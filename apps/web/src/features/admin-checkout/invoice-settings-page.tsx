import { Text } from '@chakra-ui/react';
import {
  type TInvoiceSettings,
  type TOfflineIssueOn,
  ZInvoiceSettingsUpdateInput,
} from '@shop/api/schemas/invoice';
import { SwitchField, TextField } from '../../components/form/fields';
import { SelectField } from '../../components/form/select-field';
import { useTRPC } from '../../lib/trpc';
import { FormSection } from '../admin/settings-form';
import { ProviderSettingsScreen } from './provider-settings';

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
  none: {
    label: 'Nincs beállítva',
    color: 'red',
    text: 'Nincs Számla Agent kulcs megadva: a számlák sorban várnak, amíg meg nem adod a Számlázz.hu fiók Számla Agent kulcsát.',
  },
};

const ISSUE_ON: Record<TOfflineIssueOn, string> = {
  completed: 'Teljesítéskor (a rendelés „Teljesítve” állapotba lép)',
  paid: 'Fizetéskor (amikor rögzíted a befizetést; utánvétnél a teljesítéskor)',
};

/** /admin/checkout/invoicing ("Számlázás"): the Számlázz.hu connection and when invoices are issued. */
export function InvoiceSettingsPage() {
  const trpc = useTRPC();
  return (
    <ProviderSettingsScreen
      title="Számlázás"
      label="Számlázási beállítások"
      load={trpc.invoice.settings.queryOptions()}
      save={trpc.invoice.updateSettings}
      saved="A számlázási beállításokat elmentettük."
      schema={ZInvoiceSettingsUpdateInput}
      test={trpc.invoice.testConnection}
      initial={(settings: TInvoiceSettings) => ({
        enabled: settings.enabled,
        prefix: settings.prefix,
        eInvoice: settings.eInvoice,
        sendToBuyer: settings.sendToBuyer,
        offlineIssueOn: settings.offlineIssueOn,
      })}
      constant={{ provider: 'szamlazz' }}
      sealedKey={{ name: 'agentKey', storable: 'canStoreAgentKey' }}
      connection={{
        title: 'Számlázz.hu kapcsolat',
        description:
          'A számlákat a Számlázz.hu Számla Agent állítja ki. A kulcsot titkosítva tároljuk, és soha nem mutatjuk meg újra.',
        source: (settings) => SOURCES[settings.source],
        alerts: {
          unreadableTitle: 'A mentett Számla Agent kulcs nem olvasható',
          unreadableEffect: 'számla nem készül',
          enterAgain: 'a kulcsot',
          unstorableTitle: 'Számla Agent kulcs most nem menthető',
        },
        field: {
          label: 'Számla Agent kulcs',
          savedHelper:
            'Üresen hagyva a mentett kulcs marad. A Számlázz.hu fiókban: Beállítások → Számla Agent kulcsok.',
          unsavedHelper: 'A Számlázz.hu fiókban: Beállítások → Számla Agent kulcsok.',
          clearLabel: 'Mentett kulcs törlése (a beépített helyettesítő számláz tovább)',
        },
        typedHint: 'A beírt kulcsot próbálja ki mentés nélkül.',
        savedHint: 'A most használt fiókkal kérdez a Számla Agenttől; nem állít ki semmit.',
      }}
      sections={({ values, set, field, errors }) => (
        <FormSection
          title="Számlák"
          description="Minden rendelésről egy számla készül; a törölt vagy teljesen visszatérített rendelés számlájáról sztornó számla."
        >
          <SwitchField checked={values.enabled} onCheckedChange={set('enabled')}>
            Automatikus számlázás
          </SwitchField>
          <Text fontSize="sm" color="fg.muted" mt="-2">
            Kikapcsolva a rendelés oldalán kézzel állíthatsz ki számlát.
          </Text>
          <TextField
            label="Számlaszám előtagja"
            {...field('prefix')}
            maxW="xs"
            helper={`A számlák száma például ${values.prefix || 'KBB'}-${new Date().getFullYear()}-1 lesz.`}
          />
          <SwitchField checked={values.eInvoice} onCheckedChange={set('eInvoice')}>
            E-számla (elektronikus aláírással)
          </SwitchField>
          <SwitchField checked={values.sendToBuyer} onCheckedChange={set('sendToBuyer')}>
            A Számlázz.hu e-mailben küldje el a számlát a vevőnek
          </SwitchField>
          <SelectField
            label="Átutalásos és utánvétes rendelés számlája"
            value={values.offlineIssueOn}
            options={ISSUE_ON}
            onValueChange={set('offlineIssueOn')}
            error={errors.offlineIssueOn}
            helper="A bankkártyás rendelés számlája a sikeres fizetéskor készül."
          />
        </FormSection>
      )}
    />
  );
}
