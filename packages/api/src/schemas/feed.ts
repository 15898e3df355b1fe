import { z } from 'zod';

/** The product feeds the shop publishes, each at `/feeds/{key}.xml`. */
export const FEED_KEYS = ['arukereso', 'google', 'facebook'] as const;
export type TFeedKey = (typeof FEED_KEYS)[number];

/** Why a product is left out of the feeds, or what it lacks while in them. */
export const FEED_REASONS = [
  'excluded',
  'no-image',
  'no-description',
  'no-gtin',
  'no-brand',
  'no-category',
] as const;
export type TFeedReason = (typeof FEED_REASONS)[number];

export const ZFeedProblem = z.object({
  productId: z
    .number()
    .int()
    .meta({ description: 'A termék azonosítója (az admin oldala: /admin/catalog/products/{id}).' }),
  title: z.string(),
  reasons: z
    .array(
      z.object({
        code: z.enum(FEED_REASONS),
        label: z.string().meta({ description: 'Az ok magyarul, pl. „nincs képe”.' }),
      }),
    )
    .meta({ description: 'Az okok, egy terméknek több is lehet.' }),
});
export type TFeedProblem = z.infer<typeof ZFeedProblem>;

/** The newest products of a list the report names one by one; the counts cover them all. */
export const FEED_REPORT_LIST_MAX = 200;

const ZFeedProblemList = z.object({
  total: z.number().int().meta({ description: 'Hány termék tartozik a listába.' }),
  counts: z
    .array(
      z.object({
        code: z.enum(FEED_REASONS),
        label: z.string(),
        count: z.number().int().meta({ description: 'Hány termékre igaz ez az ok.' }),
      }),
    )
    .meta({ description: 'Okonként a termékek száma.' }),
  items: z
    .array(
      ZFeedProblem.extend({
        feeds: z.array(z.enum(FEED_KEYS)).meta({ description: 'A feedek, amelyekre ez vonatkozik.' }),
      }),
    )
    .meta({ description: `A legújabb legfeljebb ${FEED_REPORT_LIST_MAX} termék, a legújabb elöl.` }),
});

export const ZFeedReportOutput = z.object({
  feeds: z
    .array(
      z.object({
        key: z.enum(FEED_KEYS),
        title: z
          .string()
          .meta({ description: 'A csatorna neve: Árukereső, Google Merchant Center, Facebook (Meta).' }),
        url: z
          .string()
          .meta({ description: 'A feed teljes címe, ezt kell a csatorna felületére beilleszteni.' }),
        items: z.number().int().meta({
          description:
            'A feed tételei: termékenként egy, változatos terméknél engedélyezett változatonként egy.',
        }),
        products: z.number().int().meta({ description: 'A feedben szereplő termékek száma.' }),
        leftOut: z.number().int().meta({ description: 'Hány, a vásárlóknak látható terméket hagy ki.' }),
        incomplete: z.number().int().meta({ description: 'Hány terméket visz hiányos adattal.' }),
      }),
    )
    .meta({ description: 'A feedek címe és mérete.' }),
  leftOut: ZFeedProblemList.meta({
    description:
      'A vásárlóknak látható termékek, amelyeket egy vagy több feed kihagy, és miért (nincs képe, nincs leírása, kihagyva kézzel; az Árukeresőből a kategória nélküliek is). A készlethiány nem ok: az ilyen termék „nincs készleten” állapottal kerül be.',
  }),
  incomplete: ZFeedProblemList.meta({
    description: 'A feedekben szereplő, de hiányos termékek (EAN/GTIN vagy márka nélkül).',
  }),
});
export type TFeedReportOutput = z.infer<typeof ZFeedReportOutput>;
export type TFeedProblemList = TFeedReportOutput['leftOut'];
