import { z } from 'zod';
import { ZId } from './common';
import { ZProductCard } from './product';
import { ZVariantId } from './variant';

/** What the shop shows when a guest tries to bookmark, spelled exactly as the specification writes it. */
export const BOOKMARK_SIGN_IN_REQUIRED = 'A funkcióh használatához kérjük jelentkezzen be!';

/**
 * POST /api/bookmarks: no body (or `{}`) lists; `{product}` toggles that product, `{product, variant}` that
 * variant of it (the one chosen on the product page).
 */
export const ZBookmarkInput = z
  .strictObject({
    product: ZId.optional(),
    variant: ZVariantId.optional().meta({
      description:
        'Változatos terméknél a választott változat (pl. kék, M): azt jelöli meg; nélküle a terméket egészében.',
    }),
  })
  .refine((input) => input.variant === undefined || input.product !== undefined, {
    error: 'A változat (variant) mellé a terméket (product) is meg kell adni.',
    path: ['product'],
  })
  .default({});
export type TBookmarkInput = z.infer<typeof ZBookmarkInput>;

export const ZBookmarkOutput = z.object({
  /** The bookmarks after the call, newest first. */
  items: z.array(
    ZProductCard.extend({
      variant: z.number().int().nullable().meta({
        description:
          'A megjelölt változat; ilyenkor a kártya neve, kódja, ára és képe a változaté. null: a termék egészében.',
      }),
      bookmarkedAt: z.string(),
    }),
  ),
  /** After a toggle: true when added, false when removed; null when only listing. */
  bookmarked: z.boolean().nullable(),
});
export type TBookmarkOutput = z.infer<typeof ZBookmarkOutput>;
