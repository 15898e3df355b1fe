import {
  Alert,
  Button,
  Clipboard,
  Code,
  Dialog,
  Fieldset,
  Flex,
  Portal,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import {
  API_SCOPE_DESCRIPTIONS,
  API_SCOPE_LABELS,
  API_SCOPES,
  type TApiKeyCreated,
  type TApiScope,
  ZApiKeyCreateInput,
} from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { CheckboxField, TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
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
            A kulcs csak ezeket teheti; az írási jog az olvasást is tartalmazza. Kulcsokat, webhookokat,
            felhasználókat és beállításokat API-kulccsal semmilyen jogosultsággal nem lehet kezelni.
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

/**
 * The new key, shown this once: the shop keeps only its hash. It closes only through its button, so a
 * stray click or Escape does not lose a key that was not copied yet.
 */
export function NewApiKeyDialog({
  created,
  onClose,
}: {
  created: (TApiKeyCreated & { name: string }) | null;
  onClose: () => void;
}) {
  // Full screen on a phone only (a responsive size would keep the full height on wide screens too).
  const size = useBreakpointValue({ base: 'full', sm: 'lg' } as const) ?? 'lg';
  return (
    <Dialog.Root
      open={created !== null}
      onOpenChange={(details) => !details.open && onClose()}
      closeOnEscape={false}
      closeOnInteractOutside={false}
      placement="center"
      scrollBehavior="inside"
      size={size}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Az új kulcs: {created?.name}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Alert.Root status="warning">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>Most másold ki – többé nem jelenik meg.</Alert.Title>
                    <Alert.Description>
                      A bolt csak a kulcs lenyomatát őrzi meg, ezért ezt az ablakot bezárva a kulcs nem
                      kérhető vissza. Ha elveszik, vond vissza, és hozz létre újat.
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
                {created && (
                  <Clipboard.Root
                    value={created.key}
                    onStatusChange={(details) => {
                      if (details.copied) toaster.success({ title: 'A kulcs a vágólapra került.' });
                    }}
                  >
                    <Clipboard.Label fontSize="sm" fontWeight="medium">
                      API-kulcs
                    </Clipboard.Label>
                    <Flex mt="1.5" gap="2" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'center' }}>
                      <Code
                        flex="1"
                        px="3"
                        py="2.5"
                        fontSize="sm"
                        lineHeight="tall"
                        wordBreak="break-all"
                        whiteSpace="normal"
                        aria-label="Az új API-kulcs"
                      >
                        {created.key}
                      </Code>
                      <Clipboard.Trigger asChild aria-label="Kulcs másolása">
                        <Button variant="surface" colorPalette="brand" flexShrink="0">
                          <Clipboard.Indicator copied={<LuCheck />}>
                            <LuCopy />
                          </Clipboard.Indicator>
                          Másolás
                        </Button>
                      </Clipboard.Trigger>
                    </Flex>
                  </Clipboard.Root>
                )}
                <Text fontSize="sm" color="fg.muted">
                  A programnak a <code>token</code> fejlécben vagy{' '}
                  <code>Authorization: Bearer &lt;kulcs&gt;</code> alakban kell elküldenie. A REST API
                  leírása: <code>/api/docs</code>.
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose} whiteSpace="normal">
                Kimásoltam, bezárás
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
