import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError, MESSAGES } from '../../errors';
import {
  mediaUrl,
  type TBlogPost,
  type TBlogPostListOutput,
  type TBlogPostListQuery,
  type TBlogPostSummary,
  type TProductCard,
} from '../../schemas';
import { getCatalogueIndex, isVisible, toCard } from '../catalogue/in-memory-index';
import type { Shopper } from '../catalogue/pricing';
import { descriptionSelect, primaryDescription, sortDescriptions, toDescriptionDto } from '../description';
import { plainText, shortDescription } from '../seo';
import { blogPostStatus, shopperVisibleWhere, statusWhere } from './visibility';

type Deps = { prisma: PrismaClient; cache: VersionedCache };
/** Who reads: the related products' prices follow the shopper; an admin also sees drafts and hidden products. */
export type BlogViewer = { shopper: Shopper; isAdmin: boolean };

const EXCERPT_LENGTH = 220;

export const blogPostSelect = {
  id: true,
  slug: true,
  published: true,
  publishedAt: true,
  author: true,
  createdAt: true,
  updatedAt: true,
  image: { select: { id: true, alt: true } },
  descriptions: { select: descriptionSelect },
} as const satisfies Prisma.BlogPostSelect;

type BlogPostRow = Prisma.BlogPostGetPayload<{ select: typeof blogPostSelect }>;

function toSummary(row: BlogPostRow, now: Date): TBlogPostSummary & { body: string } {
  const primary = primaryDescription(row.descriptions);
  const body = primary?.body ?? '';
  return {
    id: row.id,
    slug: row.slug,
    title: primary?.title ?? row.slug,
    excerpt: shortDescription(plainText(body), EXCERPT_LENGTH),
    author: row.author,
    image: row.image
      ? {
          id: row.image.id,
          alt: row.image.alt,
          thumb: mediaUrl(row.image.id, 'thumb'),
          card: mediaUrl(row.image.id, 'card'),
          full: mediaUrl(row.image.id, 'full'),
        }
      : null,
    published: row.published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    status: blogPostStatus(row, now),
    updatedAt: row.updatedAt.toISOString(),
    body,
  };
}

function searchWhere(search: string | undefined): Prisma.BlogPostWhereInput {
  const text = search?.trim();
  if (!text) return {};
  const contains = { contains: text, mode: 'insensitive' as const };
  return {
    OR: [{ slug: contains }, { author: contains }, { descriptions: { some: { title: contains } } }],
  };
}

/**
 * GET /api/blogpost: shoppers get the posts they may see (published, publish time reached), newest
 * first; an admin gets every post and may filter by status.
 */
export async function listBlogPosts(
  prisma: PrismaClient,
  input: TBlogPostListQuery,
  isAdmin: boolean,
  now = new Date(),
): Promise<TBlogPostListOutput> {
  const visibility = isAdmin
    ? input.status
      ? statusWhere(input.status, now)
      : {}
    : shopperVisibleWhere(now);
  const where: Prisma.BlogPostWhereInput = { AND: [visibility, searchWhere(input.search)] };
  const skip = (input.page - 1) * input.pageSize;

  let rows: BlogPostRow[];
  let total: number;
  if (input.sort === 'title') {
    // A title lives in the post's descriptions (Hungarian first), which SQL cannot order by directly; a
    // shop has posts in the hundreds, so the titles are sorted here and only the page's rows are read.
    const titles = await prisma.blogPost.findMany({
      where,
      select: { id: true, descriptions: { select: { id: true, language: true, title: true } } },
    });
    const ordered = titles
      .map((post) => ({ id: post.id, title: primaryDescription(post.descriptions)?.title ?? '' }))
      .sort((a, b) => a.title.localeCompare(b.title, 'hu') || a.id - b.id);
    if (input.order === 'desc') ordered.reverse();
    const pageIds = ordered.slice(skip, skip + input.pageSize).map((post) => post.id);
    const found = await prisma.blogPost.findMany({ where: { id: { in: pageIds } }, select: blogPostSelect });
    const byId = new Map(found.map((row) => [row.id, row]));
    rows = pageIds.flatMap((id) => byId.get(id) ?? []);
    total = ordered.length;
  } else {
    // Only the publish time can be empty (a draft); Prisma refuses a nulls rule on a required column.
    const byField: Prisma.BlogPostOrderByWithRelationInput =
      input.sort === 'publishedAt'
        ? { publishedAt: { sort: input.order, nulls: 'last' } }
        : { updatedAt: input.order };
    [rows, total] = await Promise.all([
      prisma.blogPost.findMany({
        where,
        orderBy: [byField, { id: input.order }],
        skip,
        take: input.pageSize,
        select: blogPostSelect,
      }),
      prisma.blogPost.count({ where }),
    ]);
  }
  return {
    items: rows.map((row) => {
      const { body: _body, ...summary } = toSummary(row, now);
      return summary;
    }),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

async function relatedProducts(deps: Deps, viewer: BlogViewer, postId: number): Promise<TProductCard[]> {
  const links = await deps.prisma.blogPostProduct.findMany({
    where: { blogPostId: postId },
    orderBy: [{ position: 'asc' }, { productId: 'asc' }],
    select: { productId: true },
  });
  if (links.length === 0) return [];
  const index = await getCatalogueIndex(deps);
  return links.flatMap(({ productId }) => {
    const product = index.byId.get(productId);
    if (!product || !isVisible(product, viewer.shopper, viewer.isAdmin)) return [];
    const card = toCard(product, viewer.shopper);
    return [viewer.isAdmin ? { ...card, stock: product.stock } : card];
  });
}

type Neighbour = { slug: string; title: string } | null;

/** The visible posts published just before and just after this one (ties broken by id), for "previous/next". */
async function neighbours(
  prisma: PrismaClient,
  post: { id: number; publishedAt: Date | null },
  now: Date,
): Promise<{ previous: Neighbour; next: Neighbour }> {
  const at = post.publishedAt;
  if (!at) return { previous: null, next: null };
  const select = { slug: true, descriptions: { select: { id: true, language: true, title: true } } } as const;
  const visible = shopperVisibleWhere(now);
  const [previous, next] = await Promise.all([
    prisma.blogPost.findFirst({
      where: {
        AND: [visible, { OR: [{ publishedAt: { lt: at } }, { publishedAt: at, id: { lt: post.id } }] }],
      },
      orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
      select,
    }),
    prisma.blogPost.findFirst({
      where: {
        AND: [visible, { OR: [{ publishedAt: { gt: at } }, { publishedAt: at, id: { gt: post.id } }] }],
      },
      orderBy: [{ publishedAt: 'asc' }, { id: 'asc' }],
      select,
    }),
  ]);
  const toNeighbour = (row: typeof previous): Neighbour =>
    row ? { slug: row.slug, title: primaryDescription(row.descriptions)?.title ?? row.slug } : null;
  return { previous: toNeighbour(previous), next: toNeighbour(next) };
}

export async function toBlogPostDto(
  deps: Deps,
  viewer: BlogViewer,
  row: BlogPostRow,
  now: Date,
): Promise<TBlogPost> {
  const [products, around] = await Promise.all([
    relatedProducts(deps, viewer, row.id),
    neighbours(deps.prisma, row, now),
  ]);
  return {
    ...toSummary(row, now),
    descriptions: sortDescriptions(row.descriptions).map(toDescriptionDto),
    products,
    ...around,
    createdAt: row.createdAt.toISOString(),
  };
}

async function foundOrThrow(
  deps: Deps,
  viewer: BlogViewer,
  row: BlogPostRow | null,
  now: Date,
): Promise<TBlogPost> {
  const visible = row && (viewer.isAdmin || blogPostStatus(row, now) === 'published');
  if (!row || !visible) throw new DomainError('not_found', MESSAGES.notFound);
  return toBlogPostDto(deps, viewer, row, now);
}

/** POST /api/blogpost/getBySlug: 404 'A keresett tartalom nem található.' when no visible post has it. */
export async function getBlogPostBySlug(
  deps: Deps,
  viewer: BlogViewer,
  slug: string,
  now = new Date(),
): Promise<TBlogPost> {
  const row = await deps.prisma.blogPost.findUnique({
    where: { slug: slug.trim().toLowerCase() },
    select: blogPostSelect,
  });
  return foundOrThrow(deps, viewer, row, now);
}

export async function getBlogPostById(
  deps: Deps,
  viewer: BlogViewer,
  id: number,
  now = new Date(),
): Promise<TBlogPost> {
  const row = await deps.prisma.blogPost.findUnique({ where: { id }, select: blogPostSelect });
  return foundOrThrow(deps, viewer, row, now);
}
