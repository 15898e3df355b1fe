import { REVIEW_REQUEST_DELAY_MAX_DAYS, ZReviewSettingsInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { type DelayReading, TimedEmailSettings } from '../admin/timed-email-settings';

/** The API's own rule and words: an empty field is no number at all, not a zero. */
function readDays(text: string): DelayReading {
  const days = ZReviewSettingsInput.shape.requestDelayDays.safeParse(text === '' ? Number.NaN : Number(text));
  return days.success
    ? { ok: true, delay: days.data }
    : { ok: false, message: days.error.issues[0]?.message };
}

/**
 * "Értékelést kérő levél" under the review list: whether the shop asks buyers for a review, and how many
 * days after their order was completed. Its text is the review_request e-mail template.
 */
export function ReviewRequestSettings({ mayEdit }: { mayEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useQuery(trpc.review.settings.queryOptions());
  const save = useMutation(
    trpc.review.updateSettings.mutationOptions({
      meta: { errorTitle: 'A beállítást nem sikerült menteni.' },
      onSuccess: () => {
        toaster.success({ title: 'Az értékelést kérő levél beállítása mentve.' });
        return queryClient.invalidateQueries(trpc.review.settings.pathFilter());
      },
    }),
  );
  return (
    <TimedEmailSettings
      title="Értékelést kérő levél"
      description={
        <>
          A rendelés teljesítése után ennyi nappal a vásárló egyszer levelet kap, amely a rendelése
          termékeinek értékelésére kéri. Lemondott vagy visszatérített rendelésnél, vendégvásárlónak és a
          levél linkjével leiratkozott címre nem megy. A szövegét az E-mail-sablonok között, a
          „review_request” sablonban szerkesztheted.
        </>
      }
      saved={data && { enabled: data.requestEnabled, delay: data.requestDelayDays }}
      mayEdit={mayEdit}
      switchLabel="Értékelést kérő levél küldése"
      delayLabel="Hány nappal a teljesítés után"
      readDelay={readDays}
      delayHelper={`1 és ${REVIEW_REQUEST_DELAY_MAX_DAYS} nap között; alapból 7.`}
      onSave={({ enabled, delay }) => save.mutate({ requestEnabled: enabled, requestDelayDays: delay })}
      saving={save.isPending}
    />
  );
}
