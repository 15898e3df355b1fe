import type { Prisma, PrismaClient } from '@shop/db';
import { bumpCacheVersion, CACHE_KEYS, cacheFor } from '../cache';
import { DomainError, MESSAGES } from '../errors';
import type { TPage, TPageCreateInput, TPageUpdateInput } from '../schemas';
import {
  descriptionSelect,
  descriptionUpsertArgs,
  primaryDescription,
  saveDescriptions,
  slugTitleOf,
  sortDescriptions,
  toDescriptionDto,
} from './description';
import { assertSlugFree, uniqueSlugFromTitle } from './slug';

export type TPageListItem = Omit<TPage, 'body' | 'descriptions'>;

const pageSelect = {
  id: true,
  slug: true,
  published: true,
  inFooter: true,
  position: true,
  updatedAt: true,
  descriptions: { select: descriptionSelect },
} as const satisfies Prisma.PageSelect;

type PageRow = Prisma.PageGetPayload<{ select: typeof pageSelect }>;

function toPageDto(row: PageRow): TPage {
  const primary = primaryDescription(row.descriptions);
  return {
    id: row.id,
    slug: row.slug,
    published: row.published,
    inFooter: row.inFooter,
    position: row.position,
    title: primary?.title ?? row.slug,
    body: primary?.body ?? '',
    descriptions: sortDescriptions(row.descriptions).map(toDescriptionDto),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toListItem(row: PageRow): TPageListItem {
  const { body: _body, descriptions: _descriptions, ...item } = toPageDto(row);
  return item;
}

/** Shoppers see published pages only; an admin sees drafts too. */
export async function listPages(prisma: PrismaClient, includeUnpublished: boolean): Promise<TPageListItem[]> {
  const rows = await prisma.page.findMany({
    where: includeUnpublished ? {} : { published: true },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    select: pageSelect,
  });
  return rows.map(toListItem);
}

function foundOrThrow(row: PageRow | null, includeUnpublished: boolean): TPage {
  if (!row || (!includeUnpublished && !row.published)) throw new DomainError('not_found', MESSAGES.notFound);
  return toPageDto(row);
}

export async function getPageBySlug(
  prisma: PrismaClient,
  slug: string,
  includeUnpublished: boolean,
): Promise<TPage> {
  const row = await prisma.page.findUnique({
    where: { slug: slug.trim().toLowerCase() },
    select: pageSelect,
  });
  return foundOrThrow(row, includeUnpublished);
}

export async function getPageById(
  prisma: PrismaClient,
  id: number,
  includeUnpublished: boolean,
): Promise<TPage> {
  const row = await prisma.page.findUnique({ where: { id }, select: pageSelect });
  return foundOrThrow(row, includeUnpublished);
}

function assertSlugAvailable(tx: Prisma.TransactionClient, slug: string, exceptId?: number): Promise<void> {
  return assertSlugFree(slug, exceptId, (where) => tx.page.findFirst({ where, select: { id: true } }));
}

function generateSlug(tx: Prisma.TransactionClient, title: string): Promise<string> {
  return uniqueSlugFromTitle(title, 'oldal', (base) =>
    tx.page.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } }),
  );
}

export async function createPage(prisma: PrismaClient, input: TPageCreateInput): Promise<TPage> {
  const created = await prisma.$transaction(async (tx) => {
    // Serialises page writers, so two pages with the same title get different slugs.
    await bumpCacheVersion(tx, CACHE_KEYS.pages);
    let slug: string;
    if (input.slug) {
      await assertSlugAvailable(tx, input.slug);
      slug = input.slug;
    } else {
      slug = await generateSlug(tx, slugTitleOf(input.descriptions));
    }
    const row = await tx.page.create({
      data: {
        slug,
        published: input.published ?? true,
        inFooter: input.inFooter ?? true,
        position: input.position ?? 0,
        descriptions: {
          create: input.descriptions.map((description) => descriptionUpsertArgs(description).create),
        },
      },
      select: pageSelect,
    });
    return toPageDto(row);
  });
  cacheFor(prisma).invalidate(CACHE_KEYS.pages);
  return created;
}

export async function updatePage(prisma: PrismaClient, input: TPageUpdateInput): Promise<TPage> {
  const updated = await prisma.$transaction(async (tx) => {
    await bumpCacheVersion(tx, CACHE_KEYS.pages);
    const existing = await tx.page.findUnique({ where: { id: input.id }, select: { slug: true } });
    if (!existing) throw new DomainError('not_found', MESSAGES.notFound);
    if (input.slug && input.slug !== existing.slug) await assertSlugAvailable(tx, input.slug, input.id);
    if (input.descriptions) await saveDescriptions(tx, { pageId: input.id }, input.descriptions);
    // Always touches the row, so updatedAt also moves when only the description changed.
    const row = await tx.page.update({
      where: { id: input.id },
      data: {
        updatedAt: new Date(),
        ...(input.slug ? { slug: input.slug } : {}),
        ...(input.published !== undefined ? { published: input.published } : {}),
        ...(input.inFooter !== undefined ? { inFooter: input.inFooter } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
      },
      select: pageSelect,
    });
    return toPageDto(row);
  });
  // This server's copy of what hangs on the pages' version (the ÁSZF version) goes at once; others poll.
  cacheFor(prisma).invalidate(CACHE_KEYS.pages);
  return updated;
}

export async function deletePage(prisma: PrismaClient, id: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    // The sitemap is stored under this version, so a deleted page leaves it at once.
    await bumpCacheVersion(tx, CACHE_KEYS.pages);
    const deleted = await tx.page.deleteMany({ where: { id } });
    if (deleted.count === 0) throw new DomainError('not_found', MESSAGES.notFound);
  });
  cacheFor(prisma).invalidate(CACHE_KEYS.pages);
}
