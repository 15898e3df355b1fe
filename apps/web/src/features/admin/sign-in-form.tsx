import { Alert, Box, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DescribedFieldRoot } from '../../components/form/fields';
import { writeToken } from '../../lib/storage';
import { useTRPC } from '../../lib/trpc';
import { useSignInForm } from '../auth/use-sign-in-form';
import { LogoMark } from '../shop-layout/logo';

/** Spec layout admin-index: the admin sign-in gate. */
export function SignInForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { email, setEmail, password, setPassword, message, errors, onSubmit, pending } = useSignInForm(
    (token) => {
      writeToken(token);
      queryClient.removeQueries(trpc.user.pathFilter());
      queryClient.removeQueries(trpc.cart.pathFilter());
      void navigate({ to: '/admin/dashboard' });
    },
  );

  return (
    <Box w="full" maxW="sm" bg="white" borderRadius="l3" boxShadow="lg" p={{ base: '6', md: '8' }}>
      <title>Bejelentkezés | Kék Bögre admin</title>
      <Stack gap="6" asChild>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="3" align="center" textAlign="center">
            <LogoMark size={44} />
            <Heading as="h1" size="xl">
              Bejelentkezés az adminba
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              A webáruház kezeléséhez adminisztrátori fiók szükséges.
            </Text>
          </Stack>
          {message && (
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Title>{message}</Alert.Title>
            </Alert.Root>
          )}
          <DescribedFieldRoot invalid={Boolean(errors.email)} required>
            <Field.Label>E-mail-cím</Field.Label>
            <Input
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              autoFocus
            />
            <Field.ErrorText>{errors.email}</Field.ErrorText>
          </DescribedFieldRoot>
          <DescribedFieldRoot invalid={Boolean(errors.password)} required>
            <Field.Label>Jelszó</Field.Label>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Field.ErrorText>{errors.password}</Field.ErrorText>
          </DescribedFieldRoot>
          <Button type="submit" colorPalette="brand" size="lg" loading={pending} loadingText="Bejelentkezés…">
            Bejelentkezés
          </Button>
        </form>
      </Stack>
    </Box>
  );
}
