import { z } from 'zod';
import { ZCartLinesInput } from './cart';
import { ZNewsletterSubscribeInput } from './newsletter';

/** The admin's reminder settings: on or off, and how many hours after the cart's last change it goes. */
export const ZAbandonedCartSettings = z
  .object({
    enabled: z.boolean().meta({ description: 'Megy-e kosáremlékeztető (alapból igen).' }),
    delayHours: z
      .number()
      .int()
      .meta({ description: 'Hány órával a kosár utolsó változása után megy az emlékeztető (1–168).' }),
  })
  .meta({ id: 'AbandonedCartSettings' });
export type TAbandonedCartSettings = z.infer<typeof ZAbandonedCartSettings>;

export const MIN_DELAY_HOURS = 1;
export const MAX_DELAY_HOURS = 168;

export const ZAbandonedCartSettingsInput = z.strictObject({
  enabled: z.boolean({ error: 'Az „enabled” mező igaz vagy hamis lehet.' }),
  delayHours: z
    .number({ error: 'A várakozási idő (delayHours) egész számú óra.' })
    .int({ error: 'A várakozási idő (delayHours) egész számú óra.' })
    .min(MIN_DELAY_HOURS, { error: `A várakozási idő legalább ${MIN_DELAY_HOURS} óra.` })
    .max(MAX_DELAY_HOURS, { error: `A várakozási idő legfeljebb ${MAX_DELAY_HOURS} óra (egy hét).` }),
});
export type TAbandonedCartSettingsInput = z.infer<typeof ZAbandonedCartSettingsInput>;

export const ZAbandonedCartStats = z
  .object({
    reminded: z.number().int().meta({ description: 'Ennyi kosárról ment emlékeztető.' }),
    restored: z.number().int().meta({ description: 'Ennyi emlékeztető visszaállító linkjét nyitották meg.' }),
    recovered: z.number().int().meta({
      description:
        'Ennyi emlékeztetett kosárból lett rendelés: ugyanaz a fiók vagy cím az emlékeztető után 7 napon belül a kosár legalább egy termékét rendelte meg (nem törölt, nem sikertelen fizetésű rendelés).',
    }),
  })
  .meta({ id: 'AbandonedCartStats' });
export type TAbandonedCartStats = z.infer<typeof ZAbandonedCartStats>;

/**
 * POST /api/cart/reminder: a guest at checkout asks for the newsletter together with a reminder of this
 * cart. The newsletter's own consent fields, so the consent register records the text shown.
 */
export const ZGuestCartReminderInput = ZNewsletterSubscribeInput.omit({ source: true }).extend({
  cart: ZCartLinesInput.min(1, { error: 'Üres kosárról nem küldünk emlékeztetőt.' }),
});
export type TGuestCartReminderInput = z.infer<typeof ZGuestCartReminderInput>;

export const ZCartRestoreInput = z.strictObject({
  token: z
    .string({ error: 'A visszaállító link hiányos.' })
    .trim()
    .min(16, { error: 'A visszaállító link hiányos vagy hibás.' })
    .max(100, { error: 'A visszaállító link hibás.' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'A visszaállító link hibás.' })
    .meta({
      description: 'Az emlékeztető levél linkjének `token` paramétere.',
      example: 'Qm9sdC1rb3NhcmVtbGVrZXp0ZXRvLXRva2VuLTEyMzQ1',
    }),
});

export const ZRestoredCartLine = z.object({
  product: z.number().int(),
  variant: z.number().int().optional(),
  quantity: z.number().int(),
});
export type TRestoredCartLine = z.infer<typeof ZRestoredCartLine>;

export const ZCartRestoreOutput = z.object({ lines: z.array(ZRestoredCartLine) }).meta({
  id: 'RestoredCart',
  description: 'Az emlékeztetett kosár tételei, ahogy a kosárba visszakerülnek.',
});

export const ZAccepted = z.object({ ok: z.literal(true) });
