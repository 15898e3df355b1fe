import { Stack } from '@chakra-ui/react';
import { type QueryKey, type UseQueryOptions, useQueryClient } from '@tanstack/react-query';
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import { EditPage } from '../admin/edit-page/edit-page';
import { type EditMutation, useEditForm } from '../admin/edit-page/use-edit-form';
import { type SecretDraft, SecretSettingField, SecretStorageAlerts } from '../admin/secret-setting-field';
import {
  ConnectionSource,
  ConnectionTest,
  FormSection,
  savedAt,
  useConnectionTest,
} from '../admin/settings-form';

/**
 * The settings screens of a provider the checkout uses with a sealed key (Barion for card payments,
 * Számlázz.hu for invoices): the same frame, save and connection section, each screen adding its own
 * fields. Written once here, so the two cannot drift apart.
 */

type Versioned = { updatedAt: string | null };

/** A provider's settings screen: its title, when it was last saved, and its form for the loaded settings. */
export function ProviderSettingsPage<TSettings extends Versioned>({
  load,
  title,
  actions,
  form: Form,
  after,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: tRPC's error and key types differ per procedure
  load: UseQueryOptions<TSettings, any, TSettings, any>;
  title: string;
  actions?: ReactNode;
  form: ComponentType<{ settings: TSettings }>;
  /** What the screen shows under the form (a card of its own, saved on its own). */
  after?: ReactNode;
}) {
  return (
    <EditPage
      load={load}
      title={() => title}
      description={savedAt}
      actions={actions === undefined ? undefined : () => actions}
    >
      {(settings) => {
        // Keyed by the saved version: the fields start again from what was saved.
        const form = <Form key={settings.updatedAt ?? 'new'} settings={settings} />;
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

type ConnectionResult = { ok: boolean; message: string };

/**
 * A provider settings form (`useEditForm`, never a create) with its connection test: saved under the
 * settings permission, and the saved answer put in the settings query (`settingsKey`) instead of asking
 * for it again.
 */
export function useProviderSettingsForm<
  TValues extends object,
  TSaved,
  TTestInput,
  TTestResult extends ConnectionResult,
>({
  values,
  schema,
  save,
  saved,
  settingsKey,
  test,
}: {
  values: TValues;
  schema: z.ZodType;
  save: EditMutation<never, TSaved>;
  /** The toast after a save. */
  saved: string;
  settingsKey: QueryKey;
  test: EditMutation<TTestInput, TTestResult>;
}) {
  const queryClient = useQueryClient();
  const edit = useEditForm({
    isNew: false,
    values,
    permission: 'settings:write',
    schema,
    save: {
      mutation: save,
      saved,
      onSaved: (answer) => queryClient.setQueryData(settingsKey, answer),
    },
  });
  return { edit, test: useConnectionTest(test, edit) };
}

type ConnectionTestState = ReturnType<typeof useConnectionTest>;

/** The sealed key as the settings answer it, and what the admin typed for it. */
type SealedKey = {
  draft: SecretDraft;
  /** A key is saved. */
  set: boolean;
  /** The server can open the saved key. */
  readable: boolean;
  last4: string | null;
  /** The server can seal a new key. */
  storable: boolean;
  error?: string;
};

/**
 * The provider's connection section: which account the shop uses now, why its sealed key cannot work or
 * be saved (the form's other settings still save), the key's field, the screen's own connection fields
 * (`children`), and the connection test, which tries the typed key when there is one.
 */
export function ProviderConnectionSection({
  title,
  description,
  source,
  sealedKey: { draft, set, readable, last4, storable, error },
  alerts,
  field,
  test,
  children,
}: {
  title: string;
  description: string;
  source: ComponentProps<typeof ConnectionSource>;
  sealedKey: SealedKey;
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
  test: Pick<ConnectionTestState, 'pending' | 'result'> & {
    onTest: () => void;
    /** What the test does with the typed key. */
    typedHint: string;
    /** What it does with the key in use. */
    savedHint: string;
  };
  children?: ReactNode;
}) {
  return (
    <FormSection title={title} description={description}>
      <ConnectionSource {...source} />
      <SecretStorageAlerts {...alerts} unreadable={set && !readable} storable={storable} othersStillSave />
      <SecretSettingField
        {...field}
        draft={draft}
        saved={set}
        last4={set ? last4 : null}
        error={error}
        autoComplete="off"
        spellCheck={false}
      />
      {children}
      <ConnectionTest
        onTest={test.onTest}
        pending={test.pending}
        result={test.result}
        hint={draft.typed ? test.typedHint : test.savedHint}
      />
    </FormSection>
  );
}
