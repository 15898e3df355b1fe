import { Alert, Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { PASSWORD_RULES, ZResetPasswordInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { AuthCard } from './auth-card';
import { useStartSession } from './use-session';

export const PASSWORD_MISMATCH_MESSAGE = 'A két jelszó nem egyezik.';

/**
 * /newpassword/{token}: the link of the password-reset e-mail and of a staff invitation; a new password
 * signs the person in.
 */
export function NewPasswordPage({ token }: { token: string }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const startSession = useStartSession();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const { errors, validate, applyServerError } = useZodForm(ZResetPasswordInput, {
    input: { token, password },
    extra: password === confirm ? {} : { confirm: PASSWORD_MISMATCH_MESSAGE },
  });

  const reset = useMutation(
    trpc.user.resetPassword.mutationOptions({
      onSuccess: async (result) => {
        startSession(result.token);
        toaster.success({ title: 'Az új jelszavad beállítottuk.', description: 'Be is jelentkeztél vele.' });
        // A staff member's invitation uses the same link: they came to work in the admin.
        const user = await queryClient.fetchQuery(trpc.user.details.queryOptions()).catch(() => null);
        void navigate({ to: user?.role === 'admin' ? '/admin' : '/services/account' });
      },
      onError: (error) => {
        applyServerError(error);
        setLinkProblem(errorMessage(error));
      },
      meta: { toastError: false },
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setLinkProblem(null);
    const input = validate();
    if (input) reset.mutate(input);
  };

  // A field message names the password; anything else (a used or expired link) belongs to the link.
  const linkMessage = errors.token ?? (errors.password ? null : linkProblem);

  return (
    <AuthCard
      title="Új jelszó beállítása"
      description="Add meg az új jelszavadat kétszer. A mentés után azonnal be is jelentkezel vele."
      maxW="lg"
    >
      <Stack gap="5" asChild>
        <form onSubmit={onSubmit} noValidate aria-label="Új jelszó beállítása">
          {linkMessage && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{linkMessage}</Alert.Title>
                <Alert.Description>
                  <ChakraLink asChild color="brand.fg" textDecoration="underline">
                    <Link to="/services/account">Kérj új linket a bejelentkezésnél.</Link>
                  </ChakraLink>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <PasswordField
            label="Új jelszó"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            helper={PASSWORD_RULES}
            required
            autoFocus
          />
          <PasswordField
            label="Új jelszó még egyszer"
            autoComplete="new-password"
            value={confirm}
            onValueChange={setConfirm}
            error={errors.confirm}
            required
          />
          <Button type="submit" colorPalette="brand" size="lg" loading={reset.isPending}>
            Jelszó mentése
          </Button>
        </form>
      </Stack>
    </AuthCard>
  );
}
