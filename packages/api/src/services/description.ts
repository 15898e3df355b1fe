import type { Prisma, PrismaClient } from '@shop/db';
import { bumpCacheVersion, CACHE_KEYS, cacheFor, type VersionedCache } from '../cache';
import { DomainError } from '../errors';
import { DEFAULT_LANGUAGE, type TDescription, type TDescriptionInput } from '../schemas';
import { bumpCatalogue, invalidateCatalogue } from './catalogue/in-memory-index';
import { sanitizeOptionalHtml } from './html-sanitize';

export const descriptionSelect = {
  id: true,
  language: true,
  title: true,
  body: true,
} as const satisfies Prisma.DescriptionSelect;

/** The owner columns a description may hang on; exactly one is set. */
const OWNER_FIELDS = [
  'categoryId',
  'productId',
  'propertyId',
  'propertyValueId',
  'blogPostId',
  'pageId',
  'heroId',
  'sliderId',
  'catalogueId',
] as const;
type OwnerField = (typeof OWNER_FIELDS)[number];
/** One owner of descriptions, such as `{ categoryId: 5 }`. */
export type DescriptionOwner = { [Field in OwnerField]: Record<Field, number> }[OwnerField];
/** Owners whose titles and texts the shop reads from the catalogue index. */
const CATALOGUE_OWNERS: ReadonlySet<OwnerField> = new Set(['productId', 'propertyId', 'propertyValueId']);

/** Hungarian first, then the others in a stable order. */
export function sortDescriptions<T extends { language: string; id: number }>(descriptions: T[]): T[] {
  return [...descriptions].sort((a, b) => {
    if (a.language === b.language) return a.id - b.id;
    if (a.language === DEFAULT_LANGUAGE) return -1;
    if (b.language === DEFAULT_LANGUAGE) return 1;
    return a.language.localeCompare(b.language);
  });
}

/** The Hungarian description, or the first one when there is no Hungarian. */
export function primaryDescription<T extends { language: string; id: number }>(
  descriptions: T[],
): T | undefined {
  return sortDescriptions(descriptions)[0];
}

export function toDescriptionDto(description: {
  id: number;
  language: string;
  title: string;
  body: string | null;
}): TDescription {
  return {
    id: description.id,
    language: description.language,
    title: description.title,
    body: description.body,
  };
}

/** Saving one language's description replaces that language's description, as the specification asks. */
export function descriptionUpsertArgs(input: TDescriptionInput) {
  // Admin-written HTML is stored only as the shared allow-list leaves it.
  const data = { title: input.title, body: sanitizeOptionalHtml(input.body) ?? null };
  return { create: { language: input.language, ...data }, update: data };
}

/** The title a new owner's slug is made from: the Hungarian one, else the first sent. */
export function slugTitleOf(descriptions: TDescriptionInput[]): string {
  return (descriptions.find((description) => description.language === DEFAULT_LANGUAGE) ?? descriptions[0]!)
    .title;
}

/**
 * Saves `descriptions` on one owner inside the caller's transaction: each entry replaces the
 * description of its language, and the owner's other languages stay as they are.
 */
export async function saveDescriptions(
  tx: Prisma.TransactionClient,
  owner: DescriptionOwner,
  descriptions: TDescriptionInput[],
): Promise<void> {
  const [field, ownerId] = Object.entries(owner)[0] as [OwnerField, number];
  for (const description of descriptions) {
    const { create, update } = descriptionUpsertArgs(description);
    await tx.description.upsert({
      where: OWNER_LANGUAGE_KEY[field](ownerId, description.language),
      create: { ...create, [field]: ownerId },
      update,
      select: { id: true },
    });
  }
}

type UniqueKeyOf = (ownerId: number, language: string) => Prisma.DescriptionWhereUniqueInput;
/** Each owner column's unique (owner, language) key, as Prisma names it. */
const OWNER_LANGUAGE_KEY: Record<OwnerField, UniqueKeyOf> = {
  categoryId: (categoryId, language) => ({ categoryId_language: { categoryId, language } }),
  productId: (productId, language) => ({ productId_language: { productId, language } }),
  propertyId: (propertyId, language) => ({ propertyId_language: { propertyId, language } }),
  propertyValueId: (propertyValueId, language) => ({
    propertyValueId_language: { propertyValueId, language },
  }),
  blogPostId: (blogPostId, language) => ({ blogPostId_language: { blogPostId, language } }),
  pageId: (pageId, language) => ({ pageId_language: { pageId, language } }),
  heroId: (heroId, language) => ({ heroId_language: { heroId, language } }),
  sliderId: (sliderId, language) => ({ sliderId_language: { sliderId, language } }),
  catalogueId: (catalogueId, language) => ({ catalogueId_language: { catalogueId, language } }),
};

/** Deletes a description unless it is its owner's last one (an owner always keeps a title). */
export async function deleteDescription(
  prisma: PrismaClient,
  id: number,
  cache: VersionedCache = cacheFor(prisma),
): Promise<void> {
  const ownerField = await prisma.$transaction(async (tx) => {
    const description = await tx.description.findUnique({
      where: { id },
      select: Object.fromEntries(OWNER_FIELDS.map((field) => [field, true])) as Record<OwnerField, true>,
    });
    if (!description) throw new DomainError('not_found', 'A leírás nem található.');
    const field = OWNER_FIELDS.find((name) => description[name] !== null);
    if (!field) {
      await tx.description.delete({ where: { id } });
      return undefined;
    }
    const ownerId = description[field] as number;
    // Locks the owner's domain until commit, so two concurrent deletes cannot both see "not the last".
    await bumpCacheVersion(tx, lockKeyOf(field));
    const count = await tx.description.count({ where: { [field]: ownerId } });
    if (count <= 1) {
      throw new DomainError(
        'conflict',
        'Az utolsó leírás nem törölhető: előbb adj meg egy másik nyelvű leírást.',
      );
    }
    await tx.description.delete({ where: { id } });
    if (CATALOGUE_OWNERS.has(field)) await bumpCatalogue(tx);
    return field;
  });
  if (!ownerField) return;
  cache.invalidate(lockKeyOf(ownerField));
  if (CATALOGUE_OWNERS.has(ownerField)) invalidateCatalogue(cache);
}

function lockKeyOf(field: OwnerField): string {
  if (field === 'categoryId') return CACHE_KEYS.categories;
  if (field === 'pageId') return CACHE_KEYS.pages;
  return field.replace(/Id$/, '');
}
