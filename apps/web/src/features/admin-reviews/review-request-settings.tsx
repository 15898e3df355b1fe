import { Box, Button, Field, Flex, Heading, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { REVIEW_REQUEST_DELAY_MAX_DAYS, type TReviewSettings, ZReviewSettingsInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { DescribedFieldRoot } from '../../components/form/fields';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';

/**
 * "Értékelést kérő levél" under the review list: whether the shop asks buyers for a review, and how many
 * days after their order was completed. Its text is the review_request e-mail template.
 */
export function ReviewRequestSettings({ mayEdit }: { mayEdit: boolean }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.review.settings.queryOptions());
  const headingId = useId();
  return (
    <AdminPanel as="section" aria-labelledby={headingId} p={{ base: '4', md: '6' }} mt="6">
      <Heading as="h2" size="md" id={headingId}>
        Értékelést kérő levél
      </Heading>
      <Text fontSize="sm" color="fg.muted" mt="1">
        A rendelés teljesítése után ennyi nappal a vásárló egyszer levelet kap, amely a rendelése termékeinek
        értékelésére kéri. Lemondott vagy visszatérített rendelésnél, vendégvásárlónak és a levél linkjével
        leiratkozott címre nem megy. A szövegét az E-mail-sablonok között, a „review_request” sablonban
        szerkesztheted.
      </Text>
      {data ? (
        <SettingsForm
          key={`${data.requestEnabled}-${data.requestDelayDays}`}
          initial={data}
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

function SettingsForm({ initial, mayEdit }: { initial: TReviewSettings; mayEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(initial.requestEnabled);
  const [days, setDays] = useState(String(initial.requestDelayDays));
  const daysId = useId();
  const save = useMutation(
    trpc.review.updateSettings.mutationOptions({
      meta: { errorTitle: 'A beállítást nem sikerült menteni.' },
      onSuccess: () => {
        toaster.success({ title: 'Az értékelést kérő levél beállítása mentve.' });
        return queryClient.invalidateQueries(trpc.review.settings.pathFilter());
      },
    }),
  );
  // The API's own rule and words: an empty field is no number at all, not a zero.
  const delay = ZReviewSettingsInput.shape.requestDelayDays.safeParse(
    days.trim() === '' ? Number.NaN : Number(days.trim()),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (delay.success) save.mutate({ requestEnabled: enabled, requestDelayDays: delay.data });
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
          <Switch.Label>Értékelést kérő levél küldése</Switch.Label>
        </Switch.Root>
        <DescribedFieldRoot invalid={!delay.success} disabled={!mayEdit}>
          <Field.Label htmlFor={daysId}>Hány nappal a teljesítés után</Field.Label>
          <Input
            id={daysId}
            inputMode="numeric"
            maxW="32"
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
          {delay.success ? (
            <Field.HelperText>1 és {REVIEW_REQUEST_DELAY_MAX_DAYS} nap között; alapból 7.</Field.HelperText>
          ) : (
            <Field.ErrorText>{delay.error.issues[0]?.message}</Field.ErrorText>
          )}
        </DescribedFieldRoot>
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
