import { z } from 'zod';
import { readOnly, readOnlyFieldsOf } from './read-only';

/**
 * Google Analytics 4 and the Meta Pixel (services/analytics). The browser loads either only after the
 * visitor's matching cookie consent (statistics: GA4, marketing: Meta); the Conversions API token is a
 * secret: it is written, never read back, only whether one is saved.
 */

/** A GA4 web stream's measurement ID: "G-" and letters or digits (Google shows ten, upper case). */
export const GA4_MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{4,16}$/;

/** A Meta (Facebook) Pixel ID: digits only, 15 or 16 of them today. */
export const META_PIXEL_ID_PATTERN = /^[0-9]{5,20}$/;

/** A Conversions API access token: one long word (Meta's are about 200 characters). */
const CAPI_TOKEN_PATTERN = /^[A-Za-z0-9_\-.|]{20,500}$/;

export const ZAnalyticsSettings = z
  .object({
    ga4Enabled: z.boolean().meta({ description: 'A Google Analytics 4 mérés be van-e kapcsolva.' }),
    ga4MeasurementId: z
      .string()
      .nullable()
      .meta({ description: 'A GA4 mérési azonosító (G-XXXXXXXXXX); null: nincs megadva.' }),
    metaPixelEnabled: z.boolean().meta({ description: 'A Meta Pixel be van-e kapcsolva.' }),
    metaPixelId: z
      .string()
      .nullable()
      .meta({ description: 'A Meta Pixel azonosítója (csak számjegyek); null: nincs megadva.' }),
    metaCapiTokenSet: readOnly(
      z.boolean().meta({
        description:
          'Van-e mentett Conversions API hozzáférési token (maga a token sosem jelenik meg). Tokennel és bekapcsolt Pixellel a kifizetett rendelések vásárlását a szerver is jelenti a Metának.',
      }),
    ),
    canStoreCapiToken: readOnly(
      z.boolean().meta({
        description: 'Van-e a szerveren titkosítási kulcs, vagyis menthető-e token.',
      }),
    ),
    updatedAt: readOnly(
      z
        .string()
        .nullable()
        .meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601); null, ha még nem volt.' }),
    ),
  })
  .meta({
    id: 'AnalyticsSettings',
    description:
      'A Google Analytics 4 és a Meta Pixel beállításai; a Conversions API tokenje sosem jelenik meg.',
  });
export type TAnalyticsSettings = z.infer<typeof ZAnalyticsSettings>;

/** Empty text means "none"; anything else must match `pattern` after trimming (and upper-casing, `upper`). */
const optionalId = (pattern: RegExp, label: string, shape: string, upper: boolean) =>
  z
    .string({ error: `${label}: szöveget várunk.` })
    .trim()
    .max(40, { error: `${label}: ${shape}.` })
    .transform((value) => (upper ? value.toUpperCase() : value))
    .refine((value) => value === '' || pattern.test(value), { error: `${label}: ${shape}.` })
    .transform((value) => (value === '' ? null : value))
    .nullable();

export const ZAnalyticsSettingsUpdateInput = z
  .strictObject({
    ga4Enabled: z.boolean({ error: 'A Google Analytics bekapcsolása igaz vagy hamis lehet.' }),
    ga4MeasurementId: optionalId(
      GA4_MEASUREMENT_ID_PATTERN,
      'A GA4 mérési azonosító',
      'G- kezdetű, utána betűk és számjegyek, például G-AB12CD34EF',
      true,
    ).meta({ example: 'G-AB12CD34EF' }),
    metaPixelEnabled: z.boolean({ error: 'A Meta Pixel bekapcsolása igaz vagy hamis lehet.' }),
    metaPixelId: optionalId(
      META_PIXEL_ID_PATTERN,
      'A Meta Pixel azonosítója',
      'csak számjegyekből áll (5–20 számjegy), például 123456789012345',
      false,
    ).meta({ example: '123456789012345' }),
    /** Left out: the saved token stays; null or '': it is removed; otherwise it replaces the saved one. */
    metaCapiToken: z
      .string({ error: 'A Conversions API token szöveg.' })
      .trim()
      .refine((value) => value === '' || CAPI_TOKEN_PATTERN.test(value), {
        error: 'A Conversions API token 20–500 betű, szám vagy - _ . | jel, szóköz nélkül.',
      })
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional()
      .meta({
        description:
          'Kihagyva a mentett token marad; null vagy üres szöveg törli; más érték lecseréli. Sosem olvasható vissza.',
      }),
    ...readOnlyFieldsOf(ZAnalyticsSettings, ['metaCapiTokenSet', 'canStoreCapiToken', 'updatedAt']),
  })
  .superRefine((input, ctx) => {
    if (input.ga4Enabled && !input.ga4MeasurementId) {
      ctx.addIssue({
        code: 'custom',
        path: ['ga4MeasurementId'],
        message: 'A Google Analytics bekapcsolásához add meg a mérési azonosítót (G-XXXXXXXXXX).',
      });
    }
    if (input.metaPixelEnabled && !input.metaPixelId) {
      ctx.addIssue({
        code: 'custom',
        path: ['metaPixelId'],
        message: 'A Meta Pixel bekapcsolásához add meg a Pixel azonosítóját.',
      });
    }
  });
export type TAnalyticsSettingsUpdateInput = z.input<typeof ZAnalyticsSettingsUpdateInput>;
export type TAnalyticsSettingsUpdate = z.output<typeof ZAnalyticsSettingsUpdateInput>;

/** What a shop page tells the browser (a meta tag in its head): only the services switched on with an id. */
export type TAnalyticsPageConfig = { ga4: string | null; metaPixel: string | null };
