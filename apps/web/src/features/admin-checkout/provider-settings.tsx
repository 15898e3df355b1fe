import { Separator, Stack } from '@chakra-ui/react';
import { type UseQueryOptions, useQueryClient } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import type { z } from 'zod';
import { useFormValues } from '../../components/form/use-form-values';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { EditPage } from '../admin/edit-page/edit-page';
import { type EditMutation, useEditForm } from '../admin/edit-page/use-edit-form';
import { SecretSettingField, SecretStorageAlerts, useSecretDraft } from '../admin/secret-setting-field';
import {
  ConnectionSource,
  ConnectionTest,
  FormSection,
  SettingsFormPanel,
  savedAt,
  useConnectionTest,
} from '../admin/settings-form';

/**
 * The settings screen of a provider the checkout uses with a sealed key (Barion for card payments,
 * Számlázz.hu for invoices). A screen declares only what is its own: the provider's procedures and
 * words, the name its settings give the key, and its own fields; the frame, the save, the key's
 * alerts and field and the connection test are drawn here, once, so the screens cannot drift apart.
 */

type FormValues<TValues extends Record<string, unknown>> = ReturnType<typeof useFormValues<TValues>>;

/** The screen's own fields' view of the form: the values, their change handlers and the messages. */
export type ProviderFields<TValues extends Record<string, unknown>> = Pick<
  FormValues<TValues>,
  'values' | 'set'
> & {
  /** A text field's value, change handler and message in one spread: `{...field('prefix')}`. */
  field: ReturnType<FormValues<TValues>['bind']>;
  errors: FieldErrors;
};

/**
 * How a provider's settings answer for its sealed key `TKey`: `<key>Set`, `<key>Readable` and
 * `<key>Last4`, and the flag (`TStorable`) whether the server can seal a new one.
 */
type SealedKeySettings<TKey extends string, TStorable extends string> = Record<
  `${TKey}Set` | `${TKey}Readable` | TStorable,
  boolean
> &
  Record<`${TKey}Last4`, string | null>;

type Settings<TKey extends string, TStorable extends string> = SealedKeySettings<TKey, TStorable> & {
  updatedAt: string | null;
};

type ConnectionResult = { ok: boolean; message: string };

export type ProviderSettingsScreenProps<
  TSettings extends Settings<TKey, TStorable>,
  TValues extends Record<string, unknown>,
  TKey extends string,
  TStorable extends string,
  TTested extends ConnectionResult,
> = {
  /** The screen's title; `label` is its form's accessible name. */
  title: string;
  label: string;
  /** Buttons beside the title. */
  actions?: ReactNode;
  /** The settings query; a save puts its answer under this query's key instead of asking again. */
  // biome-ignore lint/suspicious/noExplicitAny: tRPC's error and key types differ per procedure
  load: UseQueryOptions<TSettings, any, TSettings, any>;
  save: EditMutation<never, TSettings>;
  /** The toast after a save. */
  saved: string;
  /** The API's update input, which the form's values are checked with. */
  schema: z.ZodType;
  test: EditMutation<never, TTested>;
  /** The screen's own fields as the form starts them from the saved settings. */
  initial: (settings: TSettings) => TValues;
  /** Sent with every save besides the fields (e.g. which invoicing provider the settings are for). */
  constant?: Record<string, unknown>;
  /** The key's name in the update and the test input, and the settings' flag that it can be sealed. */
  sealedKey: { name: TKey; storable: TStorable };
  connection: {
    title: string;
    description: string;
    /** Which account the shop uses now, by the saved settings. */
    source: (settings: TSettings) => ComponentProps<typeof ConnectionSource>;
    /** The words of the alerts about the key. */
    alerts: Pick<
      ComponentProps<typeof SecretStorageAlerts>,
      'unreadableTitle' | 'unreadableEffect' | 'enterAgain' | 'unstorableTitle' | 'neverStoredPlain'
    >;
    /** The words of the key's field. */
    field: Pick<
      ComponentProps<typeof SecretSettingField>,
      'label' | 'placeholder' | 'savedHelper' | 'unsavedHelper' | 'clearLabel'
    >;
    /** What the test does with the typed key, and with the key in use. */
    typedHint: string;
    savedHint: string;
    /** What the test sends besides a typed key (e.g. the chosen environment). */
    testWith?: (values: TValues) => Record<string, unknown>;
    /** The provider's own connection fields, between the key and the test. */
    fields?: (form: ProviderFields<TValues>) => ReactNode;
  };
  /** The screen's other sections, under the connection's. */
  sections: (form: ProviderFields<TValues>) => ReactNode;
  /** What the screen shows under the form (a card of its own, saved on its own). */
  after?: ReactNode;
};

/** A provider's settings screen: its title, when it was last saved, and its form for the loaded settings. */
export function ProviderSettingsScreen<
  TSettings extends Settings<TKey, TStorable>,
  TValues extends Record<string, unknown>,
  TKey extends string,
  TStorable extends string,
  TTested extends ConnectionResult,
>(screen: ProviderSettingsScreenProps<TSettings, TValues, TKey, TStorable, TTested>) {
  const { load, title, actions, after } = screen;
  return (
    <EditPage
      load={load}
      title={() => title}
      description={savedAt}
      actions={actions === undefined ? undefined : () => actions}
    >
      {(settings) => {
        // Keyed by the saved version: the fields start again from what was saved.
        const form = (
          <ProviderSettingsForm key={settings.updatedAt ?? 'new'} screen={screen} settings={settings} />
        );
        return after ? (
          <Stack gap="6">
            {form}
            {after}
          </Stack>
        ) : (
          form
        );
      }}
    </EditPage>
  );
}

/**
 * The form (`useEditForm`, never a create), saved under the settings permission, with the connection
 * section first: which account the shop uses now, why its sealed key cannot work or be saved (the
 * form's other settings still save), the key's field, the provider's own connection fields, and the
 * connection test, which tries the typed key when there is one.
 */
function ProviderSettingsForm<
  TSettings extends Settings<TKey, TStorable>,
  TValues extends Record<string, unknown>,
  TKey extends string,
  TStorable extends string,
  TTested extends ConnectionResult,
>({
  screen,
  settings,
}: {
  screen: ProviderSettingsScreenProps<TSettings, TValues, TKey, TStorable, TTested>;
  settings: TSettings;
}) {
  const { connection, sealedKey } = screen;
  const queryClient = useQueryClient();
  const draft = useSecretDraft();
  const { values, set, bind } = useFormValues(() => screen.initial(settings));
  const edit = useEditForm({
    isNew: false,
    values: { ...screen.constant, ...draft.update(sealedKey.name), ...values },
    permission: 'settings:write',
    schema: screen.schema,
    save: {
      mutation: screen.save,
      saved: screen.saved,
      onSaved: (answer) => queryClient.setQueryData(screen.load.queryKey, answer),
    },
  });
  const test = useConnectionTest(screen.test, edit);
  const { errors } = edit;
  const fields: ProviderFields<TValues> = { values, set, field: bind(errors), errors };
  // The settings name their key's state after the key (`agentKeySet`), which the types above vouch for.
  const flags: Record<`${TKey}Set` | `${TKey}Readable` | TStorable, boolean> = settings;
  const last4s: Record<`${TKey}Last4`, string | null> = settings;
  const keySet = flags[`${sealedKey.name}Set`];
  const last4 = last4s[`${sealedKey.name}Last4`];

  return (
    <SettingsFormPanel edit={edit} label={screen.label}>
      <FormSection title={connection.title} description={connection.description}>
        <ConnectionSource {...connection.source(settings)} />
        <SecretStorageAlerts
          {...connection.alerts}
          unreadable={keySet && !flags[`${sealedKey.name}Readable`]}
          storable={flags[sealedKey.storable]}
          othersStillSave
        />
        <SecretSettingField
          {...connection.field}
          draft={draft}
          saved={keySet}
          last4={keySet ? last4 : null}
          error={errors[sealedKey.name]}
          autoComplete="off"
          spellCheck={false}
        />
        {connection.fields?.(fields)}
        <ConnectionTest
          onTest={() =>
            test.run({
              ...(draft.typed ? { [sealedKey.name]: draft.typed } : {}),
              ...connection.testWith?.(values),
            } as never)
          }
          pending={test.pending}
          result={test.result}
          hint={draft.typed ? connection.typedHint : connection.savedHint}
        />
      </FormSection>
      <Separator />
      {screen.sections(fields)}
    </SettingsFormPanel>
  );
}
