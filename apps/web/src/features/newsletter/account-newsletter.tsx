import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_CONSENT_VERSION } from '@shop/api/schemas';
import { formatDateTime, toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CheckboxField } from '../../components/form/fields';
import { useTRPC } from '../../lib/trpc';
import { SectionCard } from '../account/section-card';

const CONSENT_MISSING = 'A feliratkozáshoz jelöld be a hozzájárulást.';

/**
 * The account's newsletter (Adataim tab): the subscription as the list holds it. Switching it on mails a
 * confirmation link to the account's address (double opt-in); switching it off unsubscribes at once.
 */
export function AccountNewsletter() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useQuery(trpc.newsletter.mine.queryOptions());
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string>();
  const change = useMutation(
    trpc.newsletter.setMine.mutationOptions({
      meta: { errorTitle: 'A hírlevél-beállítást nem sikerült menteni.' },
      onSuccess: (mine) => {
        queryClient.setQueryData(trpc.newsletter.mine.queryKey(), mine);
        setConsent(false);
        toaster.success({
          title:
            mine.status === 'pending'
              ? 'Elküldtük a megerősítő levelet. A feliratkozás a levélben lévő linkre kattintva érvényes.'
              : 'Leiratkoztál a hírlevélről.',
        });
        return queryClient.invalidateQueries(trpc.user.details.queryFilter());
      },
    }),
  );
  const subscribe = () => {
    if (!consent) return setConsentError(CONSENT_MISSING);
    setConsentError(undefined);
    change.mutate({ subscribed: true, consentVersion: NEWSLETTER_CONSENT_VERSION });
  };
  const status = data?.status ?? null;

  return (
    <SectionCard title="Hírlevél" description="Újdonságok és akciók e-mailben. Bármikor leiratkozhatsz.">
      {!data ? (
        <Text color="fg.muted">Betöltés…</Text>
      ) : status === 'confirmed' ? (
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Text>
            Feliratkoztál a hírlevélre
            {data.confirmedAt ? ` (${formatDateTime(data.confirmedAt)} óta)` : ''}, ide küldjük: {data.email}
          </Text>
          <Button
            variant="outline"
            loading={change.isPending}
            onClick={() => change.mutate({ subscribed: false })}
          >
            Leiratkozom
          </Button>
        </Flex>
      ) : (
        <Stack gap="3">
          {status === 'pending' && (
            <Text role="status" fontWeight="medium">
              Megerősítésre vár: a levélben lévő linkre kattintva lesz érvényes a feliratkozás ({data.email}).
            </Text>
          )}
          <CheckboxField checked={consent} onCheckedChange={setConsent} error={consentError}>
            {NEWSLETTER_CONSENT_TEXT}
          </CheckboxField>
          <Flex gap="3" wrap="wrap">
            <Button colorPalette="brand" loading={change.isPending} onClick={subscribe}>
              {status === 'pending' ? 'Új megerősítő levelet kérek' : 'Feliratkozom'}
            </Button>
            {status === 'pending' && (
              <Button
                variant="outline"
                disabled={change.isPending}
                onClick={() => change.mutate({ subscribed: false })}
              >
                Mégsem kérem
              </Button>
            )}
          </Flex>
        </Stack>
      )}
    </SectionCard>
  );
}
