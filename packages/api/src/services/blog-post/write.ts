import type { Prisma, PrismaClient } from '@shop/db';
import { bumpCacheVersion, CACHE_KEYS, type VersionedCache } from '../../cache';
import { DomainError, MESSAGES } from '../../errors';
import type { TBlogPost, TBlogPostCreateInput, TBlogPostUpdateInput } from '../../schemas';
import { descriptionUpsertArgs, saveDescriptions, slugTitleOf } from '../description';
import { assertSlugFree, uniqueSlugFromTitle } from '../slug';
import { type BlogViewer, blogPostSelect, toBlogPostDto } from './read';

type Deps = { prisma: PrismaClient; cache: VersionedCache };
type Tx = Prisma.TransactionClient;

function invalid(path: string, message: string): DomainError {
  return new DomainError('invalid_input', message, [{ path, message }]);
}

/** The cover must be an image of the media library (it may also hold PDFs, which cannot be a cover). */
async function assertCoverImage(tx: Tx, imageId: number | null | undefined): Promise<void> {
  if (imageId === null || imageId === undefined) return;
  const media = await tx.media.findUnique({ where: { id: imageId }, select: { mimeType: true } });
  if (!media) throw invalid('imageId', 'A borítókép nem található a médiatárban.');
  if (!media.mimeType.startsWith('image/')) throw invalid('imageId', 'A borító csak kép lehet.');
}

/** Replaces the related products with `productIds`, in that order; every id must be a product. */
async function saveRelatedProducts(tx: Tx, blogPostId: number, productIds: number[]): Promise<void> {
  if (productIds.length > 0) {
    const found = await tx.product.findMany({ where: { id: { in: productIds } }, select: { id: true } });
    const known = new Set(found.map((product) => product.id));
    const missing = productIds.filter((id) => !known.has(id));
    if (missing.length > 0) {
      throw invalid('productIds', `Nincs ilyen azonosítójú termék: ${missing.join(', ')}.`);
    }
  }
  await tx.blogPostProduct.deleteMany({ where: { blogPostId } });
  if (productIds.length > 0) {
    await tx.blogPostProduct.createMany({
      data: productIds.map((productId, position) => ({ blogPostId, productId, position })),
    });
  }
}

/**
 * The publish time to store: the one sent, or — when a post becomes published without one — the
 * moment of the save, so every visible post has a time to be ordered and scheduled by.
 */
function publishTime(
  published: boolean,
  sent: string | null | undefined,
  stored: Date | null,
  now: Date,
): Date | null {
  const chosen = sent === undefined ? stored : sent === null ? null : new Date(sent);
  return published && !chosen ? now : chosen;
}

function assertSlugAvailable(tx: Tx, slug: string, exceptId?: number): Promise<void> {
  return assertSlugFree(slug, exceptId, (where) => tx.blogPost.findFirst({ where, select: { id: true } }));
}

function generateSlug(tx: Tx, title: string): Promise<string> {
  return uniqueSlugFromTitle(title, 'bejegyzes', (base) =>
    tx.blogPost.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } }),
  );
}

export async function createBlogPost(
  deps: Deps,
  viewer: BlogViewer,
  input: TBlogPostCreateInput,
  now = new Date(),
): Promise<TBlogPost> {
  const row = await deps.prisma.$transaction(async (tx) => {
    // Serialises blog writers (two posts with one title get different slugs) and tells the sitemap.
    await bumpCacheVersion(tx, CACHE_KEYS.blogPosts);
    await assertCoverImage(tx, input.imageId);
    let slug: string;
    if (input.slug) {
      await assertSlugAvailable(tx, input.slug);
      slug = input.slug;
    } else {
      slug = await generateSlug(tx, slugTitleOf(input.descriptions));
    }
    const published = input.published ?? true;
    const created = await tx.blogPost.create({
      data: {
        slug,
        published,
        publishedAt: publishTime(published, input.publishedAt, null, now),
        author: input.author?.trim() || null,
        imageId: input.imageId ?? null,
        descriptions: {
          create: input.descriptions.map((description) => descriptionUpsertArgs(description).create),
        },
      },
      select: { id: true },
    });
    if (input.productIds) await saveRelatedProducts(tx, created.id, input.productIds);
    return tx.blogPost.findUniqueOrThrow({ where: { id: created.id }, select: blogPostSelect });
  });
  return toBlogPostDto(deps, viewer, row, now);
}

export async function updateBlogPost(
  deps: Deps,
  viewer: BlogViewer,
  input: TBlogPostUpdateInput,
  now = new Date(),
): Promise<TBlogPost> {
  const row = await deps.prisma.$transaction(async (tx) => {
    await bumpCacheVersion(tx, CACHE_KEYS.blogPosts);
    const existing = await tx.blogPost.findUnique({
      where: { id: input.id },
      select: { slug: true, published: true, publishedAt: true },
    });
    if (!existing) throw new DomainError('not_found', MESSAGES.notFound);
    if (input.slug && input.slug !== existing.slug) await assertSlugAvailable(tx, input.slug, input.id);
    await assertCoverImage(tx, input.imageId);
    if (input.descriptions) await saveDescriptions(tx, { blogPostId: input.id }, input.descriptions);
    if (input.productIds) await saveRelatedProducts(tx, input.id, input.productIds);
    const published = input.published ?? existing.published;
    // Always touches the row, so updatedAt also moves when only a description or a product changed.
    await tx.blogPost.update({
      where: { id: input.id },
      data: {
        updatedAt: now,
        published,
        publishedAt: publishTime(published, input.publishedAt, existing.publishedAt, now),
        ...(input.slug ? { slug: input.slug } : {}),
        ...(input.author !== undefined ? { author: input.author?.trim() || null } : {}),
        ...(input.imageId !== undefined ? { imageId: input.imageId } : {}),
      },
      select: { id: true },
    });
    return tx.blogPost.findUniqueOrThrow({ where: { id: input.id }, select: blogPostSelect });
  });
  return toBlogPostDto(deps, viewer, row, now);
}

export async function deleteBlogPost(prisma: PrismaClient, id: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await bumpCacheVersion(tx, CACHE_KEYS.blogPosts);
    const deleted = await tx.blogPost.deleteMany({ where: { id } });
    if (deleted.count === 0) throw new DomainError('not_found', MESSAGES.notFound);
  });
}
