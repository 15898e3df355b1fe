import { Field, NativeSelect, Separator, Stack, Text } from '@chakra-ui/react';
import {
  type TInvoiceSettings,
  type TOfflineIssueOn,
  ZInvoiceSettingsUpdateInput,
} from '@shop/api/schemas/invoice';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CheckboxField, SwitchField, TextField } from '../../components/form/fields';
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
  const source = SOURCES[settings.source];
  const edit = useEditForm({
    isNew: false,
    values: {
      provider: 'szamlazz',
      // Left empty the saved key stays; only the explicit checkbox removes it.
      ...(clearKey ? { agentKey: null } : agentKey.trim() ? { agentKey } : {}),
      enabled,
      prefix,
      eInvoice,
      sendToBuyer,
      offlineIssueOn,
    },
    permission: 'settings:write',
    schema: ZInvoiceSettingsUpdateInput,
    save: {
      mutation: trpc.invoice.updateSettings,
      saved: 'A számlázási beállításokat elmentettük.',
      onSaved: (saved) => queryClient.setQueryData(trpc.invoice.settings.queryKey(), saved),
    },
  });
  const { errors } = edit;
  const test = useConnectionTest(trpc.invoice.testConnection, edit);

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <EditForm edit={edit} aria-label="Számlázási beállítások">
        <Stack gap="6">
          <FormSection
            title="Számlázz.hu kapcsolat"
            description="A számlákat a Számlázz.hu Számla Agent állítja ki. A kulcsot titkosítva tároljuk, és soha nem mutatjuk meg újra."
          >
            <ConnectionSource {...source} />
            {settings.agentKeySet && !settings.agentKeyReadable && (
              <SettingsAlert status="error" title="A mentett Számla Agent kulcs nem olvasható">
                A szerver titkosítási kulcsa megváltozott vagy hiányzik, ezért számla nem készül. Add meg újra
                a kulcsot.
              </SettingsAlert>
            )}
            {!settings.canStoreAgentKey && (
              <SettingsAlert status="warning" title="Számla Agent kulcs most nem menthető">
                A szerveren nincs titkosítási kulcs. Állítsd be a SETTINGS_ENCRYPTION_KEY környezeti változót
                (minden szerveren ugyanazt), és indítsd újra a szervert. A többi beállítás addig is menthető.
              </SettingsAlert>
            )}
            <SealedSecretField
              label="Számla Agent kulcs"
              last4={settings.agentKeySet && !clearKey ? settings.agentKeyLast4 : null}
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
            <ConnectionTest
              onTest={() => test.run(agentKey.trim() ? { agentKey: agentKey.trim() } : {})}
              pending={test.pending}
              result={test.result}
              hint={
                agentKey.trim()
                  ? 'A beírt kulcsot próbálja ki mentés nélkül.'
                  : 'A most használt fiókkal kérdez a Számla Agenttől; nem állít ki semmit.'
              }
            />
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
          <SettingsSaveFooter saving={edit.footer.saving} readOnly={edit.readOnly} />
        </Stack>
      </EditForm>
    </AdminPanel>
  );
}

/** /admin/checkout/invoicing ("Számlázás"): the Számlázz.hu connection and when invoices are issued. */
export function InvoiceSettingsPage() {
  const trpc = useTRPC();
  return (
    <EditPage load={trpc.invoice.settings.queryOptions()} title={() => 'Számlázás'} description={savedAt}>
      {(settings) => <InvoiceSettingsForm key={settings.updatedAt ?? 'new'} settings={settings} />}
    </EditPage>
  );
}
