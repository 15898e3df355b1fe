import { z } from 'zod';
import { ZId } from './common';
import { ZProductCard } from './product';

/** What the shop shows when a guest tries to bookmark (spec §5, spelled as the spec writes it). */
export const BOOKMARK_SIGN_IN_REQUIRED = 'A funkcióh használatához kérjük jelentkezzen be!';

/** POST /api/bookmarks: no body (or `{}`) lists; `{product}` toggles that product. */
export const ZBookmarkInput = z.strictObject({ product: ZId.optional() }).default({});
export type TBookmarkInput = z.infer<typeof ZBookmarkInput>;

export const ZBookmarkOutput = z.object({
  /** The bookmarks after the call, newest first. */
  items: z.array(ZProductCard.extend({ bookmarkedAt: z.string() })),
  /** After a toggle: true when added, false when removed; null when only listing. */
  bookmarked: z.boolean().nullable(),
});
export type TBookmarkOutput = z.infer<typeof ZBookmarkOutput>;
