import { SIGNIN_FAILED_MESSAGE, ZSigninInput } from '@shop/api/schemas';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useZodForm } from '../../components/form/use-zod-form';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { readDeviceToken, writeDeviceToken } from './device-token';

/**
 * The state and submit of an e-mail + password sign-in (the shop's and the admin's): a refused
 * sign-in shows the server's message above the form; `onToken` receives the new session's token.
 */
export function useSignInForm(onToken: (token: string) => void) {
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  // The schema lets either be empty (an empty sign-in is answered with the standard message); this form asks for both.
  const { errors, validate } = useZodForm(ZSigninInput, {
    input: { email, password },
    extra: {
      ...(email.trim() ? {} : { email: 'Az e-mail-cím kötelező.' }),
      ...(password ? {} : { password: 'A jelszó kötelező.' }),
    },
  });

  const signin = useMutation(
    trpc.user.signin.mutationOptions({
      onSuccess: (result) => {
        const token = 'token' in result ? result.token : undefined;
        if (!token) {
          // As the specification asks, a msg is shown as it is; an answer with neither gives the standard
          // message.
          setMessage(('msg' in result && result.msg) || SIGNIN_FAILED_MESSAGE);
          return;
        }
        if ('deviceToken' in result) writeDeviceToken(result.deviceToken);
        onToken(token);
      },
      onError: (error) => setMessage(errorMessage(error)),
      meta: { toastError: false },
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const input = validate();
    if (!input) return;
    signin.mutate({ ...input, deviceToken: readDeviceToken() });
  };

  return {
    email,
    setEmail,
    password,
    setPassword,
    message,
    errors,
    onSubmit,
    pending: signin.isPending,
  };
}
