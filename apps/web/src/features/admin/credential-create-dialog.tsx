import { type DialogRootProps, Stack } from '@chakra-ui/react';
import {
  type QueryClient,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { TextField, type TextFieldProps } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { CodeChecklist } from './code-checklist';

type CredentialCreateDialogProps<TSchema extends z.ZodType, TCode extends string, TCreated, TError> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  size?: DialogRootProps['size'];
  /** The API's create schema: its messages show under the fields. */
  schema: TSchema;
  /** The create procedure's options, without callbacks (`trpc.….create.mutationOptions()`). */
  mutation: UseMutationOptions<TCreated, TError, z.output<TSchema>>;
  /** The toast's title when the create fails for no one field. */
  failTitle: string;
  /** The list the new record joins. */
  invalidates: Parameters<QueryClient['invalidateQueries']>[0];
  /** The field the credential is known by (a key's name, an endpoint's URL), sent as `key`. */
  text: { key: string } & Omit<
    TextFieldProps,
    'value' | 'onValueChange' | 'error' | 'required' | 'autoFocus'
  >;
  /** What the credential may do or hears about, sent as `key`. */
  codes: {
    key: string;
    legend: string;
    helper: ReactNode;
    codes: readonly TCode[];
    labels: Record<TCode, string>;
    descriptions: Record<TCode, string>;
  };
  /** Gets the answer, whose secret the shop shows only this once, and what was sent. */
  onCreated: (created: TCreated, input: z.output<TSchema>) => void;
};

/**
 * The "new" dialog of something a program signs in or is called with (an API key, a webhook endpoint):
 * a text field that names it and the codes it is allowed or sent. A successful create empties the form
 * and hands the answer to `onCreated`, where the parent shows its secret once (`ShownOnceDialog`);
 * closing the dialog empties it too, so the next one starts clean.
 */
export function CredentialCreateDialog<TSchema extends z.ZodType, TCode extends string, TCreated, TError>({
  open,
  onOpenChange,
  title,
  submitLabel,
  size,
  schema,
  mutation,
  failTitle,
  invalidates,
  text: { key: textKey, ...textField },
  codes: { key: codesKey, ...checklist },
  onCreated,
}: CredentialCreateDialogProps<TSchema, TCode, TCreated, TError>) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [codes, setCodes] = useState<TCode[]>([]);
  const { errors, validate, failWith, setErrors } = useZodForm(schema);

  const reset = () => {
    setText('');
    setCodes([]);
    setErrors({});
  };

  const create = useMutation({
    ...mutation,
    onSuccess: (created, input) => {
      void queryClient.invalidateQueries(invalidates);
      reset();
      onCreated(created, input);
    },
    ...failWith(failTitle),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({ [textKey]: text, [codesKey]: codes });
    if (input) create.mutate(input);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={title}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      pending={create.isPending}
      size={size}
    >
      <Stack gap="5">
        <TextField
          {...textField}
          value={text}
          onValueChange={setText}
          error={errors[textKey]}
          required
          autoFocus
        />
        <CodeChecklist {...checklist} value={codes} onChange={setCodes} error={errors[codesKey]} />
      </Stack>
    </FormDialog>
  );
}
