import { Alert, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { ZStockNotifyInput } from '@shop/api/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LuBellRing } from 'react-icons/lu';
import { TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { useToken } from '../../lib/use-storage';

/**
 * "Értesítést kérek" on a sold-out product, or on the sold-out variant chosen ("kék, XL"): the shopper
 * leaves an address (a signed-in customer's own is used without asking) and gets one e-mail when it is
 * back in stock.
 */
export function StockNotify({ productId, variantId }: { productId: number; variantId?: number }) {
  const trpc = useTRPC();
  const token = useToken();
  const { data: user } = useQuery({ ...trpc.user.details.queryOptions(), enabled: Boolean(token) });
  const signedIn = Boolean(token && user);
  const [email, setEmail] = useState('');
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const target = variantId === undefined ? { id: productId } : { id: productId, variant: variantId };
  const { errors, validate, failWith } = useZodForm(ZStockNotifyInput, {
    input: signedIn ? target : { ...target, email },
  });

  const notify = useMutation(
    trpc.product.notifyWhenInStock.mutationOptions({
      onSuccess: (answer) => setAskedFor(answer.email),
      ...failWith('Az értesítést nem sikerült kérni.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate();
    if (input) notify.mutate(input);
  };

  if (askedFor) {
    return (
      <Alert.Root status="success" borderRadius="l2">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Értesítünk, amint újra raktáron lesz.</Alert.Title>
          <Alert.Description>Egy levelet küldünk ide: {askedFor}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <Box as="section" aria-labelledby="keszletertesito" bg="brand.subtle" borderRadius="l2" px="4" py="3">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="3">
          <Box>
            <Text id="keszletertesito" fontWeight="semibold">
              Szólunk, ha újra kapható
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {signedIn && user
                ? `Egyetlen levelet küldünk a fiókod címére (${user.email}), amint újra raktáron lesz.`
                : 'Add meg az e-mail-címed: egyetlen levelet küldünk, amint újra raktáron lesz.'}
            </Text>
          </Box>
          <Flex gap="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-end' }}>
            {!signedIn && (
              <Box flex="1">
                <TextField
                  label="E-mail-cím"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  value={email}
                  onValueChange={setEmail}
                  error={errors.email}
                  bg="shop.surface"
                />
              </Box>
            )}
            <Button type="submit" colorPalette="brand" loading={notify.isPending}>
              <LuBellRing aria-hidden="true" />
              Értesítést kérek
            </Button>
          </Flex>
          {(errors.id || errors.variant) && (
            <Text fontSize="sm" color="fg.error">
              {errors.id || errors.variant}
            </Text>
          )}
        </Stack>
      </form>
    </Box>
  );
}
