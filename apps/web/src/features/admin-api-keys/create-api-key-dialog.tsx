import { Code, Fieldset, Stack, Text } from '@chakra-ui/react';
import {
  API_SCOPE_DESCRIPTIONS,
  API_SCOPE_LABELS,
  API_SCOPES,
  type TApiKeyCreated,
  type TApiScope,
  ZApiKeyCreateInput,
} from '@shop/api/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CheckboxField, TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { ShownOnceDialog } from '../../components/shown-once-dialog';
import { useTRPC } from '../../lib/trpc';

/** "Új kulcs": name and scopes; on success the parent shows the key once (`onCreated`). */
export function CreateApiKeyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: TApiKeyCreated & { name: string }) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TApiScope[]>([]);
  const { errors, validate, failWith, setErrors } = useZodForm(ZApiKeyCreateInput);

  const reset = () => {
    setName('');
    setScopes([]);
    setErrors({});
  };

  const create = useMutation(
    trpc.apikey.create.mutationOptions({
      onSuccess: (created, input) => {
        void queryClient.invalidateQueries(trpc.apikey.list.queryFilter());
        reset();
        onCreated({ ...created, name: input.name });
      },
      ...failWith('A kulcs nem jött létre.'),
    }),
  );

  const toggle = (scope: TApiScope, checked: boolean) =>
    // Kept in the list's order, so the saved key lists its scopes the same way.
    setScopes((current) => API_SCOPES.filter((item) => (item === scope ? checked : current.includes(item))));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({ name, scopes });
    if (input) create.mutate(input);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Új API-kulcs"
      onSubmit={onSubmit}
      submitLabel="Kulcs létrehozása"
      pending={create.isPending}
    >
      <Stack gap="5">
        <TextField
          label="Név"
          value={name}
          onValueChange={setName}
          error={errors.name}
          helper="Melyik program használja, például „Számlázó” vagy „Raktárprogram”."
          required
          autoFocus
          maxLength={100}
        />
        <Fieldset.Root invalid={Boolean(errors.scopes)}>
          <Fieldset.Legend fontWeight="medium" fontSize="sm">
            Jogosultságok
          </Fieldset.Legend>
          <Fieldset.HelperText>
            A kulcs csak ezeket teheti; az írási jog az olvasást is tartalmazza. Kulcsokat, felhasználókat és
            beállításokat API-kulccsal semmilyen jogosultsággal nem lehet kezelni.
          </Fieldset.HelperText>
          <Stack gap="3" mt="2">
            {API_SCOPES.map((scope) => (
              <CheckboxField
                key={scope}
                checked={scopes.includes(scope)}
                onCheckedChange={(checked) => toggle(scope, checked)}
              >
                <Text as="span" fontWeight="medium">
                  {API_SCOPE_LABELS[scope]}
                </Text>{' '}
                <Text as="span" color="fg.muted" fontSize="xs" fontFamily="mono">
                  {scope}
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  {API_SCOPE_DESCRIPTIONS[scope]}
                </Text>
              </CheckboxField>
            ))}
          </Stack>
          <Fieldset.ErrorText>{errors.scopes}</Fieldset.ErrorText>
        </Fieldset.Root>
      </Stack>
    </FormDialog>
  );
}

/** The new key, shown this once: the shop keeps only its hash. */
export function NewApiKeyDialog({
  created,
  onClose,
}: {
  created: (TApiKeyCreated & { name: string }) | null;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      open={created !== null}
      onClose={onClose}
      title={`Az új kulcs: ${created?.name ?? ''}`}
      label="API-kulcs"
      value={created?.key ?? ''}
      copiedMessage="A kulcs a vágólapra került."
      warning="A bolt csak a kulcs lenyomatát őrzi meg, ezért ezt az ablakot bezárva a kulcs nem kérhető vissza. Ha elveszik, vond vissza, és hozz létre újat."
    >
      <Text fontSize="sm" color="fg.muted">
        A programnak a <Code size="sm">token</Code> fejlécben vagy{' '}
        <Code size="sm">Authorization: Bearer &lt;kulcs&gt;</Code> alakban kell elküldenie. A REST API
        leírása: <Code size="sm">/api/docs</Code>.
      </Text>
    </ShownOnceDialog>
  );
}
