import { Alert, Badge, Button, Link as ChakraLink, Grid, Separator, Stack } from '@chakra-ui/react';
import { type TEmailSetting, ZEmailSettingUpdateInput } from '@shop/api/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LuInbox } from 'react-icons/lu';
import { CheckboxField, PasswordField, SwitchField, TextField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import { EditForm } from '../admin/edit-page/edit-form';
import { EditPage } from '../admin/edit-page/edit-page';
import { useEditForm } from '../admin/edit-page/use-edit-form';
import { FormSection, SettingsSaveFooter, savedAt } from '../admin/settings-form';

function SettingsForm({ setting }: { setting: TEmailSetting }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [smtpHost, setSmtpHost] = useState(setting.smtpHost ?? '');
  const [smtpPort, setSmtpPort] = useState(setting.smtpPort === null ? '' : String(setting.smtpPort));
  const [smtpSecure, setSmtpSecure] = useState(setting.smtpSecure);
  const [smtpUser, setSmtpUser] = useState(setting.smtpUser ?? '');
  const [smtpPassword, setSmtpPassword] = useState('');
  const [clearPassword, setClearPassword] = useState(false);
  const [senderName, setSenderName] = useState(setting.senderName);
  const [senderEmail, setSenderEmail] = useState(setting.senderEmail);
  const [notificationEmail, setNotificationEmail] = useState(setting.notificationEmail ?? '');
  const edit = useEditForm({
    isNew: false,
    values: {
      smtpHost,
      smtpPort: parseNumberInput(smtpPort) ?? null,
      smtpSecure,
      smtpUser,
      // Left empty the saved password stays; only the explicit checkbox clears it.
      ...(clearPassword ? { smtpPassword: null } : smtpPassword ? { smtpPassword } : {}),
      senderName,
      senderEmail,
      notificationEmail,
    },
    permission: 'settings:write',
    schema: ZEmailSettingUpdateInput,
    save: {
      mutation: trpc.emailsetting.update,
      saved: (saved) => ({
        title: 'Az e-mail-beállításokat elmentettük.',
        description: saved.deliveryEnabled
          ? undefined
          : 'SMTP-kiszolgáló nélkül a levelek a kimenő levelek között várakoznak.',
      }),
      onSaved: (saved) => queryClient.setQueryData(trpc.emailsetting.get.queryKey(), saved),
    },
  });
  const { errors } = edit;

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <EditForm edit={edit} aria-label="E-mail-beállítások">
        <Stack gap="6">
          <FormSection title="Feladó" description="Így látják a vásárlók a webáruház leveleit.">
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <TextField
                label="Feladó neve"
                value={senderName}
                onValueChange={setSenderName}
                error={errors.senderName}
                required
              />
              <TextField
                label="Feladó e-mail-címe"
                type="email"
                value={senderEmail}
                onValueChange={setSenderEmail}
                error={errors.senderEmail}
                required
              />
            </Grid>
            <TextField
              label="Értesítési e-mail-cím"
              type="email"
              value={notificationEmail}
              onValueChange={setNotificationEmail}
              error={errors.notificationEmail}
              helper="Ide érkeznek az új rendelések, a kapcsolatfelvételi üzenetek és az ajánlatkérések."
            />
          </FormSection>
          <Separator />
          <FormSection
            title="SMTP-kiszolgáló"
            description="A levelek ezen a szerveren keresztül mennek ki. Üres kiszolgálónév esetén nem küldünk levelet (demó mód)."
          >
            <Grid templateColumns={{ base: '1fr', md: '3fr 1fr' }} gap="4">
              <TextField
                label="Kiszolgáló"
                value={smtpHost}
                onValueChange={setSmtpHost}
                error={errors.smtpHost}
                placeholder="smtp.example.hu"
                autoComplete="off"
              />
              <TextField
                label="Port"
                type="number"
                inputMode="numeric"
                value={smtpPort}
                onValueChange={setSmtpPort}
                error={errors.smtpPort}
                placeholder={smtpSecure ? '465' : '587'}
              />
            </Grid>
            <SwitchField checked={smtpSecure} onCheckedChange={setSmtpSecure}>
              Titkosított kapcsolat (TLS)
            </SwitchField>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <TextField
                label="Felhasználónév"
                value={smtpUser}
                onValueChange={setSmtpUser}
                error={errors.smtpUser}
                autoComplete="off"
              />
              <PasswordField
                label={
                  <>
                    Jelszó{' '}
                    {setting.smtpPasswordSet && !clearPassword && (
                      <Badge colorPalette="green" size="sm" ms="1">
                        mentve
                      </Badge>
                    )}
                  </>
                }
                value={smtpPassword}
                onValueChange={setSmtpPassword}
                error={errors.smtpPassword}
                autoComplete="new-password"
                disabled={clearPassword}
                helper={
                  setting.smtpPasswordSet ? 'Üresen hagyva a mentett jelszó marad.' : 'Nincs mentett jelszó.'
                }
              />
            </Grid>
            {setting.smtpPasswordSet && (
              <CheckboxField checked={clearPassword} onCheckedChange={setClearPassword}>
                Mentett jelszó törlése
              </CheckboxField>
            )}
          </FormSection>
          <SettingsSaveFooter saving={edit.footer.saving} readOnly={edit.readOnly} />
        </Stack>
      </EditForm>
    </AdminPanel>
  );
}

/** /admin/other/email-settings: sender, notification address and SMTP server. */
export function SettingsPage() {
  const trpc = useTRPC();
  return (
    <EditPage
      load={trpc.emailsetting.get.queryOptions()}
      title={() => 'E-mail-beállítások'}
      description={savedAt}
      actions={() => (
        <Button asChild variant="outline" bg="white">
          <Link to="/admin/other/email-outbox">
            <LuInbox /> Kimenő levelek
          </Link>
        </Button>
      )}
    >
      {(setting) => (
        <>
          {!setting.deliveryEnabled && (
            <Alert.Root status="info" borderRadius="l3">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Demó mód: a levelek nem mennek ki</Alert.Title>
                <Alert.Description>
                  Nincs SMTP-kiszolgáló beállítva, ezért a webáruház levelei a{' '}
                  <ChakraLink asChild fontWeight="medium" textDecoration="underline">
                    <Link to="/admin/other/email-outbox">kimenő levelek</Link>
                  </ChakraLink>{' '}
                  között várakoznak, és ott el is olvashatók. A kiszolgáló megadása után a várakozó levelek is
                  elmennek.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <SettingsForm key={setting.updatedAt ?? 'new'} setting={setting} />
        </>
      )}
    </EditPage>
  );
}
