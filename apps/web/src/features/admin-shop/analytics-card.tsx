import { Badge, Grid, Heading, Separator, Text } from '@chakra-ui/react';
import { type TAnalyticsSettings, ZAnalyticsSettingsUpdateInput } from '@shop/api/schemas';
import { useState } from 'react';
import { CheckboxField, PasswordField, SwitchField, TextField } from '../../components/form/fields';
import { useTRPC } from '../../lib/trpc';
import { SettingsCard, SettingsCardLoader, useSettingsCard } from '../admin/settings-card';
import { FormSection, SettingsAlert } from '../admin/settings-form';

function AnalyticsForm({ setting }: { setting: TAnalyticsSettings }) {
  const trpc = useTRPC();
  const [ga4Enabled, setGa4Enabled] = useState(setting.ga4Enabled);
  const [ga4MeasurementId, setGa4MeasurementId] = useState(setting.ga4MeasurementId ?? '');
  const [metaPixelEnabled, setMetaPixelEnabled] = useState(setting.metaPixelEnabled);
  const [metaPixelId, setMetaPixelId] = useState(setting.metaPixelId ?? '');
  const [metaCapiToken, setMetaCapiToken] = useState('');
  const [clearToken, setClearToken] = useState(false);
  const card = useSettingsCard({
    schema: ZAnalyticsSettingsUpdateInput,
    save: trpc.analytics.update,
    settingsKey: trpc.analytics.get.queryKey(),
    saved: 'Az analitika beállításait elmentettük.',
    failed: 'Az analitika beállításainak mentése nem sikerült.',
  });
  const { errors } = card;

  return (
    <SettingsCard
      card={card}
      values={() => ({
        ga4Enabled,
        ga4MeasurementId,
        metaPixelEnabled,
        metaPixelId,
        // Left empty the saved token stays; only the explicit checkbox removes it.
        ...(clearToken ? { metaCapiToken: null } : metaCapiToken ? { metaCapiToken } : {}),
      })}
      label="Analitika és hirdetésmérés"
      gap="6"
    >
      <Heading as="h2" size="lg">
        Analitika és hirdetésmérés
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        A mérőkódok csak annak a látogatónak töltődnek be, aki a sütisávban hozzájárult: a Google Analytics a
        statisztikai, a Meta Pixel a marketingsütikhez. Hozzájárulás előtt a böngésző semmit sem kér a
        Google-tól vagy a Metától, és ha a látogató visszavonja, további adat sem megy.
      </Text>
      <FormSection
        title="Google Analytics 4"
        description="Termékmegtekintés, kosárba tétel, pénztár és vásárlás (Consent Mode v2-vel)."
      >
        <SwitchField checked={ga4Enabled} onCheckedChange={setGa4Enabled}>
          Google Analytics bekapcsolva
        </SwitchField>
        <TextField
          label="Mérési azonosító"
          value={ga4MeasurementId}
          onValueChange={setGa4MeasurementId}
          error={errors.ga4MeasurementId}
          placeholder="G-AB12CD34EF"
          autoComplete="off"
          spellCheck={false}
          helper="Google Analytics: Adminisztráció → Adatstreamek → a webes stream → Mérési azonosító."
        />
      </FormSection>
      <Separator />
      <FormSection
        title="Meta Pixel"
        description="ViewContent, AddToCart, InitiateCheckout és Purchase esemény a Facebook- és Instagram-hirdetésekhez."
      >
        <SwitchField checked={metaPixelEnabled} onCheckedChange={setMetaPixelEnabled}>
          Meta Pixel bekapcsolva
        </SwitchField>
        <TextField
          label="Pixel-azonosító"
          value={metaPixelId}
          onValueChange={setMetaPixelId}
          error={errors.metaPixelId}
          placeholder="123456789012345"
          inputMode="numeric"
          autoComplete="off"
          helper="Meta Eseménykezelő: Adatforrások → a Pixel → Beállítások."
        />
        {!setting.canStoreCapiToken && (
          <SettingsAlert status="warning" title="A Conversions API token nem menthető">
            A szerveren nincs titkosítási kulcs (SETTINGS_ENCRYPTION_KEY), titkosítatlanul pedig nem tároljuk.
          </SettingsAlert>
        )}
        <Grid templateColumns={{ base: '1fr' }} gap="2">
          <PasswordField
            label={
              <>
                Conversions API hozzáférési token{' '}
                {setting.metaCapiTokenSet && !clearToken && (
                  <Badge colorPalette="green" size="sm" ms="1">
                    mentve
                  </Badge>
                )}
              </>
            }
            value={metaCapiToken}
            onValueChange={setMetaCapiToken}
            error={errors.metaCapiToken}
            autoComplete="new-password"
            disabled={clearToken || !setting.canStoreCapiToken}
            helper={
              setting.metaCapiTokenSet
                ? 'Üresen hagyva a mentett token marad. Tokennel a kifizetett rendelést a szerver is jelenti a Metának, de csak ha a vásárló hozzájárult a marketingsütikhez.'
                : 'Nincs mentett token: a vásárlást csak a böngésző jelenti. Eseménykezelő → Beállítások → Conversions API → Hozzáférési token létrehozása.'
            }
          />
          {setting.metaCapiTokenSet && (
            <CheckboxField checked={clearToken} onCheckedChange={setClearToken}>
              Mentett token törlése
            </CheckboxField>
          )}
        </Grid>
      </FormSection>
    </SettingsCard>
  );
}

/** The analytics card of the shop settings: GA4, the Meta Pixel and the Conversions API token. */
export function AnalyticsCard() {
  const trpc = useTRPC();
  return <SettingsCardLoader load={trpc.analytics.get.queryOptions()} form={AnalyticsForm} />;
}
