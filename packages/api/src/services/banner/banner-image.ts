import type { Prisma } from '@shop/db';
import { DomainError } from '../../errors';
import { mediaUrl, type TBannerImage } from '../../schemas';

export const bannerImageSelect = {
  id: true,
  alt: true,
  width: true,
  height: true,
} as const satisfies Prisma.MediaSelect;

export function toBannerImage(
  media: { id: number; alt: string | null; width: number | null; height: number | null } | null,
): TBannerImage | null {
  if (!media) return null;
  return {
    id: media.id,
    alt: media.alt,
    width: media.width,
    height: media.height,
    card: mediaUrl(media.id, 'card'),
    full: mediaUrl(media.id, 'full'),
    original: mediaUrl(media.id, 'original'),
  };
}

const IMAGE_NOT_FOUND = 'A kiválasztott kép nem található a médiatárban.';

/**
 * Each chosen picture (field → media id) must be an image of the media library; a missing one or
 * another kind of file (a catalogue's PDF) is a 400 on its own field, not a foreign-key failure.
 */
export async function assertImages(
  tx: Prisma.TransactionClient,
  chosen: Record<string, number | null | undefined>,
): Promise<void> {
  const wanted = Object.entries(chosen).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  );
  if (wanted.length === 0) return;
  const found = await tx.media.findMany({
    where: { id: { in: wanted.map(([, id]) => id) }, mimeType: { startsWith: 'image/' } },
    select: { id: true },
  });
  const known = new Set(found.map((media) => media.id));
  const missing = wanted.filter(([, id]) => !known.has(id));
  if (missing.length > 0) {
    throw new DomainError(
      'invalid_input',
      IMAGE_NOT_FOUND,
      missing.map(([path]) => ({ path, message: IMAGE_NOT_FOUND })),
    );
  }
}
