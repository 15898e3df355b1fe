import { Button, Flex, Grid, Stack } from '@chakra-ui/react';
import {
  PASSWORD_RULES,
  type TUserDetails,
  ZChangeEmailInput,
  ZChangePasswordInput,
} from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PasswordField, TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { PASSWORD_MISMATCH_MESSAGE } from '../auth/new-password-page';
import { SectionCard } from './section-card';

function ChangePasswordForm() {
  const trpc = useTRPC();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, validate, failWith } = useZodForm(ZChangePasswordInput, {
    input: { oldPassword, newPassword },
    extra: newPassword === confirm ? {} : { confirm: PASSWORD_MISMATCH_MESSAGE },
  });

  const change = useMutation(
    trpc.user.changePassword.mutationOptions({
      onSuccess: () => {
        setOldPassword('');
        setNewPassword('');
        setConfirm('');
        toaster.success({
          title: 'A jelszavad megváltozott.',
          description: 'A többi eszközödön ki kell majd jelentkezned és újra be.',
        });
      },
      ...failWith('A jelszó módosítása nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate();
    if (input) change.mutate(input);
  };

  return (
    <SectionCard
      title="Jelszó módosítása"
      description="A módosítás után a többi eszközön véget ér a bejelentkezésed, ezen megmarad."
    >
      <Stack gap="4" asChild>
        <form onSubmit={onSubmit} noValidate aria-label="Jelszó módosítása">
          <PasswordField
            label="Jelenlegi jelszó"
            autoComplete="current-password"
            value={oldPassword}
            onValueChange={setOldPassword}
            error={errors.oldPassword}
            required
          />
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <PasswordField
              label="Új jelszó"
              autoComplete="new-password"
              value={newPassword}
              onValueChange={setNewPassword}
              error={errors.newPassword}
              helper={PASSWORD_RULES}
              required
            />
            <PasswordField
              label="Új jelszó még egyszer"
              autoComplete="new-password"
              value={confirm}
              onValueChange={setConfirm}
              error={errors.confirm}
              required
            />
          </Grid>
          <Flex justify="flex-end">
            <Button
              type="submit"
              colorPalette="brand"
              loading={change.isPending}
              minW={{ base: 'full', sm: '40' }}
            >
              Jelszó módosítása
            </Button>
          </Flex>
        </form>
      </Stack>
    </SectionCard>
  );
}

function ChangeEmailForm({ user }: { user: TUserDetails }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, validate, failWith } = useZodForm(ZChangeEmailInput, { input: { email, password } });

  const change = useMutation(
    trpc.user.changeEmail.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.user.details.queryKey(), saved);
        setEmail('');
        setPassword('');
        toaster.success({ title: 'Az e-mail-címed megváltozott.', description: saved.email });
      },
      ...failWith('Az e-mail-cím módosítása nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate();
    if (input) change.mutate(input);
  };

  return (
    <SectionCard
      title="E-mail-cím módosítása"
      description={`Jelenlegi e-mail-címed: ${user.email}. Ezzel jelentkezel be, és ide küldjük a leveleinket.`}
    >
      <Stack gap="4" asChild>
        <form onSubmit={onSubmit} noValidate aria-label="E-mail-cím módosítása">
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <TextField
              label="Új e-mail-cím"
              type="email"
              autoComplete="email"
              value={email}
              onValueChange={setEmail}
              error={errors.email}
              required
            />
            <PasswordField
              label="Jelszó a megerősítéshez"
              autoComplete="current-password"
              value={password}
              onValueChange={setPassword}
              error={errors.password}
              required
            />
          </Grid>
          <Flex justify="flex-end">
            <Button
              type="submit"
              colorPalette="brand"
              loading={change.isPending}
              minW={{ base: 'full', sm: '40' }}
            >
              E-mail-cím módosítása
            </Button>
          </Flex>
        </form>
      </Stack>
    </SectionCard>
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
