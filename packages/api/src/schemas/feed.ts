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
        leftOut: z.array(ZFeedProblem).meta({
          description:
            'A vásárlóknak látható termékek, amelyeket ez a feed kihagy, és miért (nincs képe, nincs leírása, kihagyva kézzel; az Árukeresőből a kategória nélküliek is).',
        }),
        incomplete: z.array(ZFeedProblem).meta({
          description: 'A feedben szereplő, de hiányos termékek (EAN/GTIN vagy márka nélkül).',
        }),
      }),
    )
    .meta({ description: 'A feedek címe, mérete, és ami kimarad belőlük.' }),
});
export type TFeedReportOutput = z.infer<typeof ZFeedReportOutput>;
