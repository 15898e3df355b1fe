import { Alert, Badge, Box, Button, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@shop/ui';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LuPlugZap } from 'react-icons/lu';
import { PasswordField, type TextFieldProps } from '../../components/form/fields';
import { AdminPanel } from './admin-page';
import { ReadOnlyFooter } from './edit-form-footer';
import { EditForm } from './edit-page/edit-form';
import type { EditFormState, EditMutation } from './edit-page/use-edit-form';

/** One titled part of a settings form: heading and explanation on the left, the fields on the right. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Grid templateColumns={{ base: '1fr', lg: '16rem 1fr' }} gap={{ base: '3', lg: '8' }}>
      <Box>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted" mt="1">
          {description}
        </Text>
      </Box>
      <Stack gap="4">{children}</Stack>
    </Grid>
  );
}

/** An alert with a title and an explanation, as the settings screens warn about their saved secrets. */
export function SettingsAlert({
  status,
  title,
  children,
}: {
  status: 'error' | 'warning';
  title: string;
  children: ReactNode;
}) {
  return (
    <Alert.Root status={status} borderRadius="l3">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Where a provider connection comes from now: the shop's own account or the project's stand-in. */
export function ConnectionSource({ label, color, text }: { label: string; color: string; text: ReactNode }) {
  return (
    <Box borderWidth="1px" borderRadius="l2" p="3" bg="bg.subtle">
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium">
          Most használt fiók:
        </Text>
        <Badge colorPalette={color}>{label}</Badge>
      </Flex>
      <Text fontSize="sm" color="fg.muted" mt="1">
        {text}
      </Text>
    </Box>
  );
}

/**
 * A sealed secret (key or password): never sent back, so the field starts empty and the label names
 * the saved one by its last 4 characters (`last4` null: nothing to show).
 */
export function SealedSecretField({ label, last4, ...field }: TextFieldProps & { last4: string | null }) {
  return (
    <PasswordField
      label={
        <>
          {label}{' '}
          {last4 && (
            <Badge colorPalette="green" size="sm" ms="1">
              mentve, vége: {last4}
            </Badge>
          )}
        </>
      }
      {...field}
    />
  );
}

type ConnectionResult = { ok: boolean; message: string };

/**
 * A provider connection's trial (`trpc.invoice.testConnection`): the answer of the latest try, gone
 * while the next one runs; a refused input lands under the form's fields like a save's.
 */
export function useConnectionTest<TInput, TResult extends ConnectionResult>(
  mutation: EditMutation<TInput, TResult>,
  edit: Pick<EditFormState, 'failWith'>,
) {
  const [result, setResult] = useState<TResult | null>(null);
  const test = useMutation(
    mutation.mutationOptions({ onSuccess: setResult, ...edit.failWith('A kapcsolat próbája nem sikerült.') }),
  );
  return {
    result,
    pending: test.isPending,
    run: (input: TInput) => {
      setResult(null);
      test.mutate(input);
    },
  };
}

/** The "Kapcsolat próbája" button, what it will try, and the provider's answer once it came. */
export function ConnectionTest({
  onTest,
  pending,
  hint,
  result,
}: {
  onTest: () => void;
  pending: boolean;
  hint: ReactNode;
  result: { ok: boolean; message: string } | null;
}) {
  return (
    <Stack gap="3" align="flex-start">
      <Button variant="outline" onClick={onTest} loading={pending} loadingText="Kapcsolódás…">
        <LuPlugZap /> Kapcsolat próbája
      </Button>
      <Text fontSize="sm" color="fg.muted">
        {hint}
      </Text>
      {result && (
        <Alert.Root status={result.ok ? 'success' : 'error'} borderRadius="l3" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{result.ok ? 'Sikeres kapcsolat' : 'Sikertelen kapcsolat'}</Alert.Title>
            <Alert.Description>{result.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** The settings form's save button, under a rule at the end of the form; none for a role that may only read. */
export function SettingsSaveFooter({
  saving,
  label = 'Mentés',
  readOnly = false,
}: {
  saving: boolean;
  label?: string;
  readOnly?: boolean;
}) {
  if (readOnly) return <ReadOnlyFooter />;
  return (
    <Flex justify="flex-end" borderTopWidth="1px" pt="4">
      <Button type="submit" colorPalette="brand" loading={saving} minW="32">
        {label}
      </Button>
    </Flex>
  );
}

/**
 * A settings screen's form on its panel: the sections (`FormSection`, with a `Separator` between them)
 * one under the other, and the save button under them, or for a role that may only read, why there is none.
 */
export function SettingsFormPanel({
  edit,
  label,
  children,
}: {
  edit: EditFormState;
  /** The form's accessible name, e.g. "Fizetési beállítások". */
  label: string;
  children: ReactNode;
}) {
  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <EditForm edit={edit} aria-label={label}>
        <Stack gap="6">
          {children}
          <SettingsSaveFooter saving={edit.footer.saving} readOnly={edit.readOnly} />
        </Stack>
      </EditForm>
    </AdminPanel>
  );
}

/** The line under a settings screen's title: when it was last saved, if ever. */
export function savedAt(settings: { updatedAt: string | null }): string {
  return settings.updatedAt
    ? `Utoljára módosítva: ${formatDateTime(settings.updatedAt)}`
    : 'Még nincs mentett beállítás.';
}
