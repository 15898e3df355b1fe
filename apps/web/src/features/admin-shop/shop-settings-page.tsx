import { Button, Flex, Grid, Separator, Stack, Text } from '@chakra-ui/react';
import { type TShopDetails, ZShopDetailsInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, usePrefetchQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { SwitchField, TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { FormSection } from '../admin/settings-form';
import { AnalyticsCard } from './analytics-card';

type Values = Omit<TShopDetails, 'mapUrl'> & { mapUrl: string };

function ShopDetailsForm({ details }: { details: TShopDetails }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>({ ...details, mapUrl: details.mapUrl ?? '' });
  const { errors, validate, failWith } = useZodForm(ZShopDetailsInput);
  const set = (key: keyof Values) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  const field = (key: Exclude<keyof Values, 'vatExempt'>) => ({
    value: values[key],
    onValueChange: set(key),
    error: errors[key],
  });

  const save = useMutation(
    trpc.shop.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.shop.details.queryKey(), saved);
        setValues({ ...saved, mapUrl: saved.mapUrl ?? '' });
        toaster.success({
          title: 'A bolt adatait elmentettük.',
          description: 'A Kapcsolat oldal már ezeket mutatja.',
        });
      },
      ...failWith('A mentés nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate(values);
    if (input) save.mutate(input);
  };

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Bolt adatai">
        <Stack gap="6">
          <FormSection title="Cég" description="Az üzemeltető adatai, ahogy a Kapcsolat oldalon megjelennek.">
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <TextField label="A webáruház neve" {...field('shopName')} required />
              <TextField label="Cégnév" {...field('companyName')} autoComplete="organization" required />
            </Grid>
            <TextField label="Cím (székhely)" {...field('address')} required />
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <TextField label="Adószám" {...field('taxNumber')} placeholder="12345678-2-42" />
              <TextField label="Cégjegyzékszám" {...field('registrationNumber')} placeholder="01-09-123456" />
            </Grid>
          </FormSection>
          <Separator />
          <FormSection
            title="ÁFA"
            description="Az alanyi adómentes vállalkozás (Áfa tv. 187. §) nem számít fel ÁFA-t."
          >
            <SwitchField
              checked={values.vatExempt}
              onCheckedChange={(vatExempt) => setValues((current) => ({ ...current, vatExempt }))}
            >
              Alanyi adómentes
            </SwitchField>
            <Text fontSize="sm" color="fg.muted">
              Bekapcsolva minden új rendelés minden tétele, a szállítási és a fizetési díj is AAM (alanyi
              adómentes) besorolású, ÁFA nélkül; a termékeknél beállított ÁFA-kulcs ilyenkor nem számít. A már
              leadott rendeléseken nem változik semmi.
            </Text>
          </FormSection>
          <Separator />
          <FormSection title="Elérhetőség" description="Ahol a vásárlók elérik az ügyfélszolgálatot.">
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <TextField label="E-mail-cím" type="email" {...field('email')} />
              <TextField label="Telefonszám" type="tel" {...field('phone')} />
            </Grid>
            <TextField
              label="Telefonos elérhetőség"
              {...field('phoneHours')}
              placeholder="munkanapokon 9–17 óráig"
            />
            <TextField
              label="Térképhivatkozás"
              type="url"
              {...field('mapUrl')}
              placeholder="https://www.openstreetmap.org/…"
              helper="A Kapcsolat oldal „Megnézem a térképen” gombja ide visz; üresen hagyva nincs gomb."
            />
          </FormSection>
          <Flex justify="flex-end" borderTopWidth="1px" pt="4">
            <Button type="submit" colorPalette="brand" loading={save.isPending}>
              Mentés
            </Button>
          </Flex>
        </Stack>
      </form>
    </AdminPanel>
  );
}

/**
 * /admin/settings/shop: the shop's public company details, and Google Analytics and the Meta Pixel (the
 * Barion Pixel ID is on the payment settings).
 */
export function ShopSettingsPage() {
  const trpc = useTRPC();
  // The analytics card's data loads beside the details, not after them.
  usePrefetchQuery(trpc.analytics.get.queryOptions());
  const { data } = useSuspenseQuery(trpc.shop.details.queryOptions());
  return (
    <AdminPage
      title="Bolt adatai"
      description="Az üzemeltető cég adatai, ÁFA-helyzete és elérhetőségei a Kapcsolat oldalon; a Google Analytics és a Meta Pixel."
    >
      <Stack gap="6">
        <ShopDetailsForm details={data} />
        <AnalyticsCard />
      </Stack>
    </AdminPage>
  );
}
