import { Box, Button, Field, Flex, Heading, Input, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { MAX_DELAY_HOURS as MAX_HOURS, MIN_DELAY_HOURS as MIN_HOURS } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import { useAdminAccess } from '../admin/use-access';

/**
 * "Kosáremlékeztető" on the newsletter page (#29): whether a left cart's owner gets one reminder, how many
 * hours after the cart last changed, and how many carts were reminded and recovered.
 */
export function AbandonedCartCard() {
  const trpc = useTRPC();
  const mayEdit = useAdminAccess().may('customers:write');
  const settings = useQuery(trpc.abandonedCart.settings.queryOptions());
  const stats = useQuery(trpc.abandonedCart.stats.queryOptions());
  const headingId = useId();
  return (
    <AdminPanel as="section" aria-labelledby={headingId} p={{ base: '4', md: '6' }} mt="6">
      <Heading as="h2" size="md" id={headingId}>
        Kosáremlékeztető
      </Heading>
      <Text fontSize="sm" color="fg.muted" mt="1">
        Ha egy vásárló a kosarában hagy termékeket, és a beállított idő alatt nem rendel, egyszer levelet kap
        egy linkkel, amely bármely eszközön visszaállítja a kosarát. Csak megerősített hírlevél-feliratkozású
        címre megy: a bejelentkezett vásárló fiókjának címére, illetve a vendégnek, aki a pénztárban kérte.
        Kosaranként legfeljebb egyszer, és soha, ha közben rendelt. A szövegét az E-mail-sablonok között, az
        „abandoned_cart” sablonban szerkesztheted.
      </Text>
      {stats.data && (
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" mt="4" as="dl">
          <Figure label="Emlékeztetett kosár" value={stats.data.reminded} />
          <Figure label="Megnyitott visszaállító link" value={stats.data.restored} />
          <Figure label="Visszanyert kosár (rendelés 7 napon belül)" value={stats.data.recovered} />
        </SimpleGrid>
      )}
      {settings.data ? (
        <SettingsForm
          key={`${settings.data.enabled}-${settings.data.delayHours}`}
          initial={settings.data}
          mayEdit={mayEdit}
        />
      ) : (
        <Text mt="4" color="fg.muted">
          Betöltés…
        </Text>
      )}
    </AdminPanel>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box borderWidth="1px" rounded="md" p="3">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontSize="2xl" fontWeight="semibold">
        {value.toLocaleString('hu-HU')}
      </Text>
    </Box>
  );
}

function SettingsForm({
  initial,
  mayEdit,
}: {
  initial: { enabled: boolean; delayHours: number };
  mayEdit: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [hours, setHours] = useState(String(initial.delayHours));
  const hoursId = useId();
  const save = useMutation(
    trpc.abandonedCart.updateSettings.mutationOptions({
      meta: { errorTitle: 'A beállítást nem sikerült menteni.' },
      onSuccess: () => {
        toaster.success({ title: 'A kosáremlékeztető beállítása mentve.' });
        return queryClient.invalidateQueries(trpc.abandonedCart.pathFilter());
      },
    }),
  );
  const delay = /^\d+$/.test(hours.trim()) ? Number(hours.trim()) : Number.NaN;
  const valid = Number.isInteger(delay) && delay >= MIN_HOURS && delay <= MAX_HOURS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) save.mutate({ enabled, delayHours: delay });
  };
  return (
    <Box as="form" onSubmit={submit} mt="4">
      <Stack gap="4" maxW="md">
        <Switch.Root
          checked={enabled}
          disabled={!mayEdit}
          onCheckedChange={(details) => setEnabled(details.checked)}
          colorPalette="brand"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Kosáremlékeztető küldése</Switch.Label>
        </Switch.Root>
        <Field.Root invalid={!valid} disabled={!mayEdit}>
          <Field.Label htmlFor={hoursId}>Hány órával a kosár utolsó változása után</Field.Label>
          <Input
            id={hoursId}
            inputMode="numeric"
            maxW="32"
            value={hours}
            onChange={(event) => setHours(event.target.value)}
          />
          {valid ? (
            <Field.HelperText>
              {MIN_HOURS} és {MAX_HOURS} óra között; alapból 4.
            </Field.HelperText>
          ) : (
            <Field.ErrorText>
              Egész számú órát adj meg {MIN_HOURS} és {MAX_HOURS} között.
            </Field.ErrorText>
          )}
        </Field.Root>
        {mayEdit && (
          <Flex>
            <Button type="submit" colorPalette="brand" size="sm" loading={save.isPending}>
              Mentés
            </Button>
          </Flex>
        )}
      </Stack>
    </Box>
  );
}
