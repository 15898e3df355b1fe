import { Button, Flex, Grid, Stack } from '@chakra-ui/react';
import { type TUserDetails, ZUserDetailsUpdateInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { NameFields, PhoneField } from '../auth/personal-fields';
import { SectionCard } from './section-card';

/**
 * Adataim: name, phone, company and tax number; the e-mail address changes on its own tab, the newsletter
 * in its own card below (features/newsletter/account-newsletter.tsx), as it asks for an e-mail confirmation.
 */
export function DetailsSection({ user }: { user: TUserDetails }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [lastName, setLastName] = useState(user.lastName);
  const [firstName, setFirstName] = useState(user.firstName);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [companyName, setCompanyName] = useState(user.companyName ?? '');
  const [taxNumber, setTaxNumber] = useState(user.taxNumber ?? '');
  const { errors, validate, failWith } = useZodForm(ZUserDetailsUpdateInput, {
    input: { lastName, firstName, phone, companyName, taxNumber },
  });

  const update = useMutation(
    trpc.user.updateDetails.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.user.details.queryKey(), saved);
        // The stored forms (+36 30 123 4567, 12345678-1-12) replace what was typed.
        setPhone(saved.phone ?? '');
        setTaxNumber(saved.taxNumber ?? '');
        toaster.success({ title: 'Az adataidat elmentettük.' });
      },
      ...failWith('A mentés nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate();
    if (input) update.mutate(input);
  };

  return (
    <SectionCard title="Adataim" description="Ezekkel az adatokkal töltjük ki a rendeléseidet.">
      <Stack gap="5" asChild>
        <form onSubmit={onSubmit} noValidate aria-label="Adataim">
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <NameFields
              lastName={lastName}
              firstName={firstName}
              onLastNameChange={setLastName}
              onFirstNameChange={setFirstName}
              errors={errors}
            />
            <TextField
              label="E-mail-cím"
              value={user.email}
              onValueChange={() => undefined}
              readOnly
              bg="bg.muted"
              helper="A „Jelszó” fülön módosíthatod."
            />
            <PhoneField value={phone} onValueChange={setPhone} error={errors.phone} />
            <TextField
              label="Cégnév"
              autoComplete="organization"
              value={companyName}
              onValueChange={setCompanyName}
              error={errors.companyName}
              helper="Céges vásárláshoz."
            />
            <TextField
              label="Adószám"
              placeholder="12345678-1-12"
              value={taxNumber}
              onValueChange={setTaxNumber}
              error={errors.taxNumber}
              helper="Formátum: 12345678-1-12."
            />
          </Grid>
          <Flex justify="flex-end" borderTopWidth="1px" pt="4">
            <Button
              type="submit"
              colorPalette="brand"
              loading={update.isPending}
              minW={{ base: 'full', sm: '32' }}
            >
              Mentés
            </Button>
          </Flex>
        </form>
      </Stack>
    </SectionCard>
  );
}
