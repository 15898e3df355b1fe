import { Alert, Box, Button, Link as ChakraLink, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { ZNewPasswordInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { LuCircleCheck, LuUserPlus } from 'react-icons/lu';
import { PasswordField, TextField } from '../../components/form/fields';
import { useFocusFirstProblem } from '../../components/form/use-focus-first-problem';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { focusPageHeading } from '../checkout/focus-page-heading';
import { useStartSession } from './use-session';
import { useSignInForm } from './use-sign-in-form';

function SignInForm({ onForgot }: { onForgot: (email: string) => void }) {
  const startSession = useStartSession();
  const { email, setEmail, password, setPassword, message, errors, onSubmit, pending } = useSignInForm(
    (token) => {
      startSession(token);
      toaster.success({ title: 'Sikeresen bejelentkeztél.' });
      // The form gives way to the account (or the checkout): the focus goes to its heading.
      focusPageHeading();
    },
  );
  const formRef = useRef<HTMLFormElement>(null);
  const [attempts, setAttempts] = useState(0);
  useFocusFirstProblem(formRef, attempts);
  // A refused sign-in: the busy button had dropped the focus, so it goes to the password, the usual culprit.
  useEffect(() => {
    const active = document.activeElement;
    if (message && (!active || active === document.body))
      formRef.current?.querySelector<HTMLInputElement>('input[autocomplete="current-password"]')?.focus();
  }, [message]);

  return (
    <Stack gap="5" asChild>
      <form
        ref={formRef}
        onSubmit={(event) => {
          setAttempts((count) => count + 1);
          onSubmit(event);
        }}
        noValidate
        aria-labelledby="bejelentkezes-cim"
      >
        <Box>
          <Heading as="h2" id="bejelentkezes-cim" size="xl">
            Bejelentkezés
          </Heading>
          <Text mt="1" color="fg.muted" fontSize="sm">
            Lépj be a rendeléseid, címeid és adataid kezeléséhez.
          </Text>
        </Box>
        {message && (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Title>{message}</Alert.Title>
          </Alert.Root>
        )}
        <TextField
          label="E-mail-cím"
          type="email"
          autoComplete="username"
          value={email}
          onValueChange={setEmail}
          error={errors.email}
          required
        />
        <PasswordField
          label="Jelszó"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
          required
        />
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Button variant="plain" px="0" color="brand.fg" size="sm" onClick={() => onForgot(email)}>
            Elfelejtett jelszó?
          </Button>
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            minW={{ base: 'full', sm: '40' }}
            loading={pending}
            loadingText="Bejelentkezés…"
          >
            Bejelentkezés
          </Button>
        </Flex>
      </form>
    </Stack>
  );
}

function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const trpc = useTRPC();
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState<string | null>(null);
  const { errors, validate, failWith } = useZodForm(ZNewPasswordInput, { input: { email } });

  const request = useMutation(
    trpc.user.newPassword.mutationOptions({
      onSuccess: (result) => setSent(result.message),
      ...failWith('A kérés nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate();
    if (input) request.mutate(input);
  };

  return (
    <Stack gap="5" asChild>
      <form onSubmit={onSubmit} noValidate aria-labelledby="elfelejtett-cim">
        <Box>
          <Heading as="h2" id="elfelejtett-cim" size="xl">
            Elfelejtett jelszó
          </Heading>
          <Text mt="1" color="fg.muted" fontSize="sm">
            Add meg a fiókodhoz tartozó e-mail-címet, és elküldjük rá az új jelszó beállításához szükséges
            linket.
          </Text>
        </Box>
        {sent && (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Description>{sent}</Alert.Description>
          </Alert.Root>
        )}
        <TextField
          label="E-mail-cím"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          error={errors.email}
          required
          autoFocus
        />
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Button variant="plain" px="0" color="brand.fg" size="sm" onClick={onBack}>
            Vissza a bejelentkezéshez
          </Button>
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            minW={{ base: 'full', sm: '40' }}
            loading={request.isPending}
          >
            Link küldése
          </Button>
        </Flex>
      </form>
    </Stack>
  );
}

const BENEFITS = [
  'Gyorsabb rendelés elmentett szállítási és számlázási címekkel',
  'Rendeléseid és állapotuk egy helyen',
  'Kedvenc termékeid listája',
  'Hírlevél az újdonságokról és akciókról, ha kéred',
];

/** /services/account for a visitor: sign in, request a new password, or go on to registration. */
export function SignInPanel() {
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);

  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '6' }} align="stretch">
      <Box
        flex="1.2"
        bg="shop.surface"
        borderWidth="1px"
        borderRadius="l3"
        boxShadow="xs"
        p={{ base: '5', md: '8' }}
      >
        {forgotEmail === null ? (
          <SignInForm onForgot={setForgotEmail} />
        ) : (
          <ForgotPasswordForm initialEmail={forgotEmail} onBack={() => setForgotEmail(null)} />
        )}
      </Box>
      <Stack
        flex="1"
        gap="5"
        bg="brand.subtle"
        borderWidth="1px"
        borderColor="brand.emphasized"
        borderRadius="l3"
        p={{ base: '5', md: '8' }}
      >
        <Box>
          <Heading as="h2" size="xl">
            Új vásárló vagy?
          </Heading>
          <Text mt="1" color="fg.muted" fontSize="sm">
            A regisztráció ingyenes, és egy perc az egész.
          </Text>
        </Box>
        <List.Root gap="2.5" variant="plain" fontSize="sm">
          {BENEFITS.map((benefit) => (
            <List.Item key={benefit} alignItems="flex-start">
              <List.Indicator asChild color="brand.solid" mt="0.5">
                <LuCircleCheck />
              </List.Indicator>
              {benefit}
            </List.Item>
          ))}
        </List.Root>
        <Button asChild colorPalette="brand" variant="outline" size="lg" mt="auto" bg="white">
          <Link to="/services/registration">
            <LuUserPlus /> Regisztráció
          </Link>
        </Button>
        <Text fontSize="xs" color="fg.muted">
          Vásárolni regisztráció nélkül is lehet. Részletek:{' '}
          <ChakraLink asChild color="brand.fg">
            <Link to="/page/$slug" params={{ slug: 'altalanos-szerzodesi-feltetelek' }}>
              Általános szerződési feltételek
            </Link>
          </ChakraLink>
          .
        </Text>
      </Stack>
    </Flex>
  );
}
