import { Button, Link as ChakraLink, Grid, Separator, Stack, Text } from '@chakra-ui/react';
import { PASSWORD_RULES, ZSignupInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { CheckboxField, PasswordField, TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { AuthCard } from './auth-card';
import { NameFields, NewsletterField, PhoneField } from './personal-fields';
import { useStartSession } from './use-session';

/** /services/registration: a new customer account, signed in at once. */
export function RegistrationPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [lastName, setLastName] = useState('');
  const [firstName, setFirstName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [newsletter, setNewsletter] = useState(false);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const { errors, validate, failWith } = useZodForm(ZSignupInput, {
    input: { lastName, firstName, email, password, phone, newsletter, acceptTerms },
  });

  const signup = useMutation(
    trpc.user.signup.mutationOptions({
      onSuccess: ({ token }) => {
        startSession(token);
        toaster.success({
          title: 'Sikeres regisztráció!',
          description: 'Üdvözlünk a Kék Bögrénél. Az üdvözlő levelet elküldtük az e-mail-címedre.',
        });
        void navigate({ to: '/services/account' });
      },
      ...failWith('A regisztráció nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate();
    if (input) signup.mutate(input);
  };

  return (
    <AuthCard
      title="Regisztráció"
      description="Hozd létre a fiókodat, hogy gyorsabban rendelhess és nyomon kövesd a rendeléseidet."
    >
      <Stack gap="5" asChild>
        <form onSubmit={onSubmit} noValidate aria-label="Regisztráció">
          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
            <NameFields
              lastName={lastName}
              firstName={firstName}
              onLastNameChange={setLastName}
              onFirstNameChange={setFirstName}
              errors={errors}
            />
          </Grid>
          <TextField
            label="E-mail-cím"
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            error={errors.email}
            required
          />
          <PasswordField
            label="Jelszó"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            helper={PASSWORD_RULES}
            required
          />
          <PhoneField
            value={phone}
            onValueChange={setPhone}
            error={errors.phone}
            helper="Nem kötelező; a futár ezen a számon ér el."
          />
          <Separator />
          <Stack gap="3">
            <NewsletterField checked={newsletter} onCheckedChange={setNewsletter} />
            <CheckboxField checked={acceptTerms} onCheckedChange={setAcceptTerms} error={errors.acceptTerms}>
              Elolvastam és elfogadom az{' '}
              <ChakraLink asChild color="brand.fg" textDecoration="underline">
                <Link to="/page/$slug" params={{ slug: 'altalanos-szerzodesi-feltetelek' }} target="_blank">
                  általános szerződési feltételeket
                </Link>
              </ChakraLink>{' '}
              és az{' '}
              <ChakraLink asChild color="brand.fg" textDecoration="underline">
                <Link to="/page/$slug" params={{ slug: 'adatkezelesi-tajekoztato' }} target="_blank">
                  adatkezelési tájékoztatót
                </Link>
              </ChakraLink>
              .
            </CheckboxField>
          </Stack>
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            loading={signup.isPending}
            loadingText="Regisztráció…"
          >
            Regisztráció
          </Button>
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            Van már fiókod?{' '}
            <ChakraLink asChild color="brand.fg" fontWeight="medium">
              <Link to="/services/account">Jelentkezz be!</Link>
            </ChakraLink>
          </Text>
        </form>
      </Stack>
    </AuthCard>
  );
}
