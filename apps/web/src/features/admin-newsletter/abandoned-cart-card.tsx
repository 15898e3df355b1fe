import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { MAX_DELAY_HOURS as MAX_HOURS, MIN_DELAY_HOURS as MIN_HOURS } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { type DelayReading, TimedEmailSettings } from '../admin/timed-email-settings';
import { useAdminAccess } from '../admin/use-access';

/** Whole hours within the API's bounds; the message names them. */
function readHours(text: string): DelayReading {
  const hours = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return Number.isInteger(hours) && hours >= MIN_HOURS && hours <= MAX_HOURS
    ? { ok: true, delay: hours }
    : { ok: false, message: `Egész számú órát adj meg ${MIN_HOURS} és ${MAX_HOURS} között.` };
}

/**
 * "Kosáremlékeztető" on the newsletter page (#29): whether a left cart's owner gets one reminder, how many
 * hours after the cart last changed, and how many carts were reminded and recovered.
 */
export function AbandonedCartCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mayEdit = useAdminAccess().may('customers:write');
  const settings = useQuery(trpc.abandonedCart.settings.queryOptions());
  const stats = useQuery(trpc.abandonedCart.stats.queryOptions());
  const save = useMutation(
    trpc.abandonedCart.updateSettings.mutationOptions({
      meta: { errorTitle: 'A beállítást nem sikerült menteni.' },
      onSuccess: () => {
        toaster.success({ title: 'A kosáremlékeztető beállítása mentve.' });
        return queryClient.invalidateQueries(trpc.abandonedCart.pathFilter());
      },
    }),
  );
  return (
    <TimedEmailSettings
      title="Kosáremlékeztető"
      description={
        <>
          Ha egy vásárló a kosarában hagy termékeket, és a beállított idő alatt nem rendel, egyszer levelet
          kap egy linkkel, amely bármely eszközön visszaállítja a kosarát. Csak megerősített
          hírlevél-feliratkozású címre megy: a bejelentkezett vásárló fiókjának címére, illetve a vendégnek,
          aki a pénztárban kérte. Kosaranként legfeljebb egyszer, és soha, ha közben rendelt. A szövegét az
          E-mail-sablonok között, az „abandoned_cart” sablonban szerkesztheted.
        </>
      }
      saved={settings.data && { enabled: settings.data.enabled, delay: settings.data.delayHours }}
      mayEdit={mayEdit}
      switchLabel="Kosáremlékeztető küldése"
      delayLabel="Hány órával a kosár utolsó változása után"
      readDelay={readHours}
      delayHelper={`${MIN_HOURS} és ${MAX_HOURS} óra között; alapból 4.`}
      onSave={({ enabled, delay }) => save.mutate({ enabled, delayHours: delay })}
      saving={save.isPending}
    >
      {stats.data && (
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" mt="4" as="dl">
          <Figure label="Emlékeztetett kosár" value={stats.data.reminded} />
          <Figure label="Megnyitott visszaállító link" value={stats.data.restored} />
          <Figure label="Visszanyert kosár (rendelés 7 napon belül)" value={stats.data.recovered} />
        </SimpleGrid>
      )}
    </TimedEmailSettings>
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
