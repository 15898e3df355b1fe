import { z } from 'zod';
import { pageOf, ZId, ZPageNumber } from './common';
import { REVIEW_STATUSES } from './review-labels';

export * from './review-labels';

export const ZReviewStatus = z.enum(REVIEW_STATUSES, { error: 'Ismeretlen értékelési állapot.' }).meta({
  description:
    'Az értékelés állapota: pending moderálásra vár, approved jóváhagyva (megjelenik a termékoldalon), hidden elrejtve.',
});

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 3000;
export const REVIEW_ANSWER_MAX = 3000;

export const ZReviewRating = z
  .number({ error: 'Az értékelés 1 és 5 csillag közötti egész szám.' })
  .int({ error: 'Az értékelés 1 és 5 csillag közötti egész szám.' })
  .min(1, { error: 'Adj legalább 1 csillagot.' })
  .max(5, { error: 'Legfeljebb 5 csillagot adhatsz.' })
  .meta({ description: 'Csillagok száma, 1–5.' });

export const ZReviewCreateInput = z.strictObject({
  order: ZId.meta({ description: 'A teljesített rendelés, amelyben a vásárló a terméket kapta.' }),
  product: ZId.meta({ description: 'Az értékelt termék; a rendelés egyik tétele.' }),
  rating: ZReviewRating,
  title: z
    .string({ error: 'A cím szöveg.' })
    .trim()
    .max(REVIEW_TITLE_MAX, { error: `A cím legfeljebb ${REVIEW_TITLE_MAX} karakter lehet.` })
    .optional()
    .meta({ description: `Rövid cím, legfeljebb ${REVIEW_TITLE_MAX} karakter; elhagyható.` }),
  body: z
    .string({ error: 'Írd le a véleményedet.' })
    .trim()
    .min(REVIEW_BODY_MIN, { error: `A vélemény legalább ${REVIEW_BODY_MIN} karakter legyen.` })
    .max(REVIEW_BODY_MAX, { error: `A vélemény legfeljebb ${REVIEW_BODY_MAX} karakter lehet.` })
    .meta({ description: `A vélemény szövege, ${REVIEW_BODY_MIN}–${REVIEW_BODY_MAX} karakter.` }),
});
export type TReviewCreateInput = z.infer<typeof ZReviewCreateInput>;

/** A review as the shop shows it to everyone: no account, order or e-mail of its author. */
export const ZPublicReview = z
  .object({
    id: z.number().int(),
    rating: z.number().int(),
    title: z.string().nullable(),
    body: z.string(),
    authorName: z.string().meta({ description: 'A szerző neve rövidítve („Kovács A.”).' }),
    verified: z.boolean().meta({
      description: 'Teljesített rendelésből írták: a termékoldal „Ellenőrzött vásárló” jelölést mutat.',
    }),
    createdAt: z.string().meta({ description: 'Mikor írták (ISO 8601, UTC).' }),
    answer: z.string().nullable().meta({ description: 'A bolt nyilvános válasza.' }),
    answeredAt: z.string().nullable().meta({ description: 'Mikor válaszolt a bolt (ISO 8601, UTC).' }),
  })
  .meta({ id: 'PublicReview' });
export type TPublicReview = z.infer<typeof ZPublicReview>;

export const ZProductReviewsInput = z.strictObject({
  product: ZId,
  page: ZPageNumber.default(1),
});
export type TProductReviewsInput = z.infer<typeof ZProductReviewsInput>;

export const ZReviewSummary = z.object({
  average: z.number().nullable().meta({
    description: 'A jóváhagyott értékelések csillagainak átlaga egy tizedesre kerekítve; null, ha még nincs.',
  }),
  count: z.number().int().meta({ description: 'A jóváhagyott értékelések száma.' }),
});
export type TReviewSummary = z.infer<typeof ZReviewSummary>;

export const ZProductReviewsOutput = pageOf(ZPublicReview).extend({ summary: ZReviewSummary });
export type TProductReviewsOutput = z.infer<typeof ZProductReviewsOutput>;

/** The shopper's own review, with where moderation stands. */
export const ZOwnReview = ZPublicReview.extend({ status: ZReviewStatus }).meta({ id: 'OwnReview' });
export type TOwnReview = z.infer<typeof ZOwnReview>;

export const ZOrderReviewsInput = z.strictObject({ order: ZId });

/** What the order page offers: each product of the order once, with the buyer's review if written. */
export const ZOrderReviewsOutput = z.object({
  reviewable: z.boolean().meta({
    description: 'A rendelés teljesült, így a termékei értékelhetők. Előtte minden termék false.',
  }),
  products: z.array(
    z.object({
      product: z.number().int(),
      title: z.string(),
      review: ZOwnReview.nullable().meta({ description: 'A vásárló értékelése, ha már írt.' }),
    }),
  ),
});
export type TOrderReviewsOutput = z.infer<typeof ZOrderReviewsOutput>;

export const ZAdminReview = ZOwnReview.extend({
  product: z
    .object({ id: z.number().int(), title: z.string(), slug: z.string() })
    .meta({ description: 'Az értékelt termék; `slug` a termékoldal címe (/{slug}).' }),
  order: z
    .object({ id: z.number().int(), number: z.string() })
    .nullable()
    .meta({ description: 'A teljesített rendelés, amelyből az értékelés készült.' }),
  moderatedAt: z
    .string()
    .nullable()
    .meta({ description: 'Mikor állította be az állapotát utoljára admin (ISO 8601, UTC).' }),
}).meta({ id: 'AdminReview' });
export type TAdminReview = z.infer<typeof ZAdminReview>;

export const ZReviewListInput = z.strictObject({
  status: ZReviewStatus.optional().meta({ description: 'Csak ilyen állapotú értékelések; nélküle mind.' }),
  page: ZPageNumber.default(1),
});
export type TReviewListInput = z.infer<typeof ZReviewListInput>;
export const ZReviewListOutput = pageOf(ZAdminReview);
export type TReviewListOutput = z.infer<typeof ZReviewListOutput>;

export const ZReviewModerateInput = z.strictObject({
  id: ZId,
  status: ZReviewStatus.optional().meta({
    description:
      'approved: megjelenik a termékoldalon; hidden: eltűnik onnan; pending: újra moderálásra vár.',
  }),
  answer: z
    .string({ error: 'A válasz szöveg.' })
    .trim()
    .max(REVIEW_ANSWER_MAX, { error: `A válasz legfeljebb ${REVIEW_ANSWER_MAX} karakter lehet.` })
    .nullable()
    .optional()
    .meta({ description: 'A bolt nyilvános válasza; üres szöveg vagy null törli.' }),
});
export type TReviewModerateInput = z.infer<typeof ZReviewModerateInput>;

export const REVIEW_REQUEST_DELAY_MAX_DAYS = 60;

/** The review-request e-mail's settings: whether it goes, and how many days after completion. */
export const ZReviewSettings = z
  .object({
    requestEnabled: z.boolean({ error: 'A bekapcsolás igen vagy nem lehet.' }).meta({
      description:
        'Küldjön-e a bolt értékelést kérő levelet a teljesített rendelések vásárlóinak (alapból igen).',
    }),
    requestDelayDays: z
      .number({ error: 'A várakozás napokban megadott egész szám.' })
      .int({ error: 'A várakozás napokban megadott egész szám.' })
      .min(1, { error: 'A levél legkorábban 1 nappal a teljesítés után mehet.' })
      .max(REVIEW_REQUEST_DELAY_MAX_DAYS, {
        error: `A várakozás legfeljebb ${REVIEW_REQUEST_DELAY_MAX_DAYS} nap lehet.`,
      })
      .meta({ description: 'Hány nappal a rendelés teljesítése után menjen a levél (alapból 7).' }),
  })
  .meta({ id: 'ReviewSettings' });
export type TReviewSettings = z.infer<typeof ZReviewSettings>;

export const ZReviewSettingsInput = z.strictObject(ZReviewSettings.shape);
export type TReviewSettingsInput = z.infer<typeof ZReviewSettingsInput>;

export const ZReviewOptOutInput = z.strictObject({
  token: z
    .string({ error: 'Hiányzik a leiratkozó link kódja.' })
    .trim()
    .regex(/^[0-9a-f]{64}$/, { error: 'A leiratkozó link hibás vagy hiányos.' }),
});
export type TReviewOptOutInput = z.infer<typeof ZReviewOptOutInput>;
