import { Stack, type StackProps } from '@chakra-ui/react';
import { toaster } from '@shop/ui';
import {
  type QueryKey,
  type UseSuspenseQueryOptions,
  useMutation,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import type { ComponentType, FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import { useZodForm } from '../../components/form/use-zod-form';
import { AdminPanel } from './admin-page';
import type { EditMutation } from './edit-page/use-edit-form';
import { SettingsSaveFooter } from './settings-form';

/**
 * A settings card: a one-of-a-kind setting shown and saved on its own beside a screen's main form
 * (the Barion Pixel under the payment settings, analytics under the shop's details). The card loads
 * its setting, starts its fields from the saved version, checks them with the API's schema, and puts
 * the saved answer in its query instead of asking again; the screen declares the fields and words.
 */

/** Loads the setting and shows its form, started again from each saved version. */
export function SettingsCardLoader<TSetting extends { updatedAt: string | null }>({
  load,
  form: Form,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: tRPC's error and key types differ per procedure
  load: UseSuspenseQueryOptions<TSetting, any, TSetting, any>;
  form: ComponentType<{ setting: TSetting }>;
}) {
  const { data: setting } = useSuspenseQuery(load);
  return <Form key={setting.updatedAt ?? 'new'} setting={setting} />;
}

/** The card's save: checked with `schema`, then sent; the answer replaces the setting under `settingsKey`. */
export function useSettingsCard<TSchema extends z.ZodType, TSaved>({
  schema,
  save,
  settingsKey,
  saved,
  failed,
}: {
  schema: TSchema;
  save: EditMutation<never, TSaved>;
  settingsKey: QueryKey;
  /** The toast after a save, from the saved answer when it depends on it. */
  saved: string | ((answer: TSaved) => string);
  /** The toast's title when the save fails for no field of the form. */
  failed: string;
}) {
  const queryClient = useQueryClient();
  const { errors, validate, failWith } = useZodForm(schema);
  const mutation = useMutation(
    save.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(settingsKey, answer);
        toaster.success({ title: typeof saved === 'string' ? saved : saved(answer) });
      },
      ...failWith(failed),
    }),
  );
  return {
    errors,
    saving: mutation.isPending,
    submit: (values: unknown) => {
      const input = validate(values);
      if (input) mutation.mutate(input as never);
    },
  };
}

export type SettingsCardState = ReturnType<typeof useSettingsCard>;

/** The card's panel: the form named `label`, its fields, and the save button under them. */
export function SettingsCard({
  card,
  values,
  label,
  saveLabel,
  gap,
  children,
}: {
  card: SettingsCardState;
  /** What the card sends now, read when it is submitted. */
  values: () => unknown;
  label: string;
  /** The save button's words; "Mentés" unless the card says otherwise. */
  saveLabel?: string;
  gap: StackProps['gap'];
  children: ReactNode;
}) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    card.submit(values());
  };
  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap={gap}>
          {children}
          <SettingsSaveFooter saving={card.saving} label={saveLabel} />
        </Stack>
      </form>
    </AdminPanel>
  );
}
