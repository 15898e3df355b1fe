import { z } from 'zod';
import { readOnly, readOnlyFieldsOf } from './read-only';

/** Where the newsletter list is copied: nowhere, MailerLite or Mailchimp (services/newsletter/sync-*.ts). */
export const NEWSLETTER_SYNC_PROVIDERS = ['none', 'mailerlite', 'mailchimp'] as const;
export const ZNewsletterSyncProvider = z.enum(NEWSLETTER_SYNC_PROVIDERS, {
  error: 'A szolgáltató none, mailerlite vagy mailchimp lehet.',
});
export type TNewsletterSyncProvider = z.infer<typeof ZNewsletterSyncProvider>;

export const NEWSLETTER_SYNC_PROVIDER_LABELS: Record<TNewsletterSyncProvider, string> = {
  none: 'Nincs szinkronizálás',
  mailerlite: 'MailerLite',
  mailchimp: 'Mailchimp',
};

const isoTime = (description: string) => z.string().nullable().meta({ description });

export const ZNewsletterSyncSettings = z.object({
  provider: ZNewsletterSyncProvider.meta({ description: 'Hová másoljuk a hírlevél-listát.' }),
  listId: z.string().nullable().meta({
    description: 'Mailchimp: a lista (Audience ID). MailerLite: a csoport azonosítója, null: csoport nélkül.',
  }),
  apiKeySet: readOnly(
    z.boolean().meta({ description: 'Van-e mentett API-kulcs (maga a kulcs sosem jelenik meg).' }),
  ),
  apiKeyLast4: readOnly(
    z
      .string()
      .nullable()
      .meta({ description: 'A mentett kulcs utolsó négy karaktere, hogy felismerhető legyen; null: nincs.' }),
  ),
  canStoreApiKey: readOnly(
    z.boolean().meta({ description: 'Van-e a szerveren titkosítási kulcs, vagyis menthető-e API-kulcs.' }),
  ),
  usesStandIn: readOnly(
    z.boolean().meta({
      description:
        'A szinkron most a bolt beépített helyettesítőjéhez megy (demó és teszt: nincs mentett kulcs, a helyettesítők be vannak kapcsolva).',
    }),
  ),
  lastRunAt: readOnly(isoTime('A legutóbbi szinkronizálás ideje (ISO 8601); null: még nem futott.')),
  lastSuccessAt: readOnly(isoTime('A legutóbbi hiba nélküli szinkronizálás ideje (ISO 8601).')),
  lastError: readOnly(
    z
      .string()
      .nullable()
      .meta({ description: 'A legutóbbi futás hibája magyarul; null: hiba nélkül futott.' }),
  ),
  synced: readOnly(z.number().int().meta({ description: 'A szolgáltatóval egyező címek száma.' })),
  waiting: readOnly(
    z.number().int().meta({ description: 'Küldésre vagy újrapróbálásra váró változások száma.' }),
  ),
  failed: readOnly(
    z.number().int().meta({
      description: 'Véglegesen sikertelen változások száma (a „Szinkronizálás most” újrapróbálja őket).',
    }),
  ),
});
export type TNewsletterSyncSettings = z.infer<typeof ZNewsletterSyncSettings>;

export const ZNewsletterSyncSettingsInput = z.strictObject({
  provider: ZNewsletterSyncProvider,
  listId: z
    .string({ error: 'A lista azonosítója szöveg.' })
    .trim()
    .max(64, { error: 'A lista azonosítója legfeljebb 64 karakter.' })
    .refine((value) => value === '' || /^[A-Za-z0-9_-]+$/.test(value), {
      error: 'A lista azonosítója csak betűket, számjegyeket, kötőjelet és aláhúzást tartalmazhat.',
    })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .meta({ example: 'a1b2c3d4e5' }),
  /** Left out: the saved key stays; null or '': it is removed; otherwise it replaces the saved one. */
  apiKey: z
    .string({ error: 'Az API-kulcs szöveg.' })
    .trim()
    .max(2000, { error: 'Az API-kulcs legfeljebb 2000 karakter.' })
    // It travels in an HTTP header, which takes no spaces or accented letters: refused now, not at each send.
    .regex(/^[\x21-\x7E]*$/, {
      error: 'Az API-kulcs csak ékezet és szóköz nélküli betűket, számjegyeket és jeleket tartalmazhat.',
    })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .meta({
      description:
        'Elhagyva a mentett kulcs marad, üres szöveg vagy null törli, más érték lecseréli. Mentéséhez a szerveren titkosítási kulcs kell.',
    }),
  ...readOnlyFieldsOf(ZNewsletterSyncSettings, [
    'apiKeySet',
    'apiKeyLast4',
    'canStoreApiKey',
    'usesStandIn',
    'lastRunAt',
    'lastSuccessAt',
    'lastError',
    'synced',
    'waiting',
    'failed',
  ]),
});
export type TNewsletterSyncSettingsInput = z.infer<typeof ZNewsletterSyncSettingsInput>;

export const ZNewsletterSyncRunOutput = ZNewsletterSyncSettings.extend({
  sent: z.number().int().meta({ description: 'Ebben a futásban elküldött változások.' }),
  retrying: z
    .number()
    .int()
    .meta({ description: 'Ebben a futásban hibázott, később újrapróbált változások.' }),
  failedNow: z.number().int().meta({ description: 'Ebben a futásban véglegesen sikertelen változások.' }),
});
export type TNewsletterSyncRunOutput = z.infer<typeof ZNewsletterSyncRunOutput>;
