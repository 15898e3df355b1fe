import { Button, Flex, Grid, Stack } from '@chakra-ui/react';
import {
  PASSWORD_RULES,
  type TUserDetails,
  ZChangeEmailInput,
  ZChangePasswordInput,
} from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { PasswordField, TextField } from '../../components/form/fields';
import { useFieldValues } from '../../components/form/use-field-values';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { PASSWORD_MISMATCH_MESSAGE } from '../auth/new-password-page';
import { SectionCard } from './section-card';

/**
 * One card of this section: a form whose button, named like the card, sends what `validate` accepts
 * through `mutation`.
 */
function SectionForm<TInput>({
  title,
  description,
  validate,
  mutation,
  children,
}: {
  title: string;
  description: string;
  validate: () => TInput | null;
  mutation: { mutate: (input: TInput) => void; isPending: boolean };
  children: ReactNode;
}) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate();
    if (input) mutation.mutate(input);
  };
  return (
    <SectionCard title={title} description={description}>
      <Stack gap="4" asChild>
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          {children}
          <Flex justify="flex-end">
            <Button
              type="submit"
              colorPalette="brand"
              loading={mutation.isPending}
              minW={{ base: 'full', sm: '40' }}
            >
              {title}
            </Button>
          </Flex>
        </form>
      </Stack>
    </SectionCard>
  );
}

function ChangePasswordForm() {
  const trpc = useTRPC();
  const { values, bind, reset } = useFieldValues({ oldPassword: '', newPassword: '', confirm: '' });
  const { oldPassword, newPassword, confirm } = values;
  const { errors, validate, failWith } = useZodForm(ZChangePasswordInput, {
    input: { oldPassword, newPassword },
    extra: newPassword === confirm ? {} : { confirm: PASSWORD_MISMATCH_MESSAGE },
  });
  const field = bind(errors);

  const change = useMutation(
    trpc.user.changePassword.mutationOptions({
      onSuccess: () => {
        reset();
        toaster.success({
          title: 'A jelszavad megváltozott.',
          description: 'A többi eszközödön ki kell majd jelentkezned és újra be.',
        });
      },
      ...failWith('A jelszó módosítása nem sikerült.'),
    }),
  );

  return (
    <SectionForm
      title="Jelszó módosítása"
      description="A módosítás után a többi eszközön véget ér a bejelentkezésed, ezen megmarad."
      validate={validate}
      mutation={change}
    >
      <PasswordField
        label="Jelenlegi jelszó"
        autoComplete="current-password"
        {...field('oldPassword')}
        required
      />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <PasswordField
          label="Új jelszó"
          autoComplete="new-password"
          {...field('newPassword')}
          helper={PASSWORD_RULES}
          required
        />
        <PasswordField
          label="Új jelszó még egyszer"
          autoComplete="new-password"
          {...field('confirm')}
          required
        />
      </Grid>
    </SectionForm>
  );
}

function ChangeEmailForm({ user }: { user: TUserDetails }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { values, bind, reset } = useFieldValues({ email: '', password: '' });
  const { errors, validate, failWith } = useZodForm(ZChangeEmailInput, { input: values });
  const field = bind(errors);

  const change = useMutation(
    trpc.user.changeEmail.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.user.details.queryKey(), saved);
        reset();
        toaster.success({ title: 'Az e-mail-címed megváltozott.', description: saved.email });
      },
      ...failWith('Az e-mail-cím módosítása nem sikerült.'),
    }),
  );

  return (
    <SectionForm
      title="E-mail-cím módosítása"
      description={`Jelenlegi e-mail-címed: ${user.email}. Ezzel jelentkezel be, és ide küldjük a leveleinket.`}
      validate={validate}
      mutation={change}
    >
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <TextField label="Új e-mail-cím" type="email" autoComplete="email" {...field('email')} required />
        <PasswordField
          label="Jelszó a megerősítéshez"
          autoComplete="current-password"
          {...field('password')}
          required
        />
      </Grid>
    </SectionForm>
  );
}

/** Jelszó és e-mail. */
export function SecuritySection({ user }: { user: TUserDetails }) {
  return (
    <Stack gap="4">
      <ChangePasswordForm />
      <ChangeEmailForm user={user} />
    </Stack>
  );
}
