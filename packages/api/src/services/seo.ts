import type { PrismaClient } from '@shop/db';
import { CACHE_KEYS, type VersionedCache } from '../cache';
import { DomainError } from '../errors';
import { mediaUrl, productPrettySlug, type TCategory } from '../schemas';
import { withArticle } from '../schemas/hungarian';
import { shopperVisibleWhere } from './blog-post/visibility';
import { getCatalogueIndex } from './catalogue/in-memory-index';
import { GUEST } from './catalogue/pricing';
import { getProductBySlug } from './catalogue/product-page';
import { getCategoryById, getCategoryBySlug, getCategoryTree } from './category';
import { primaryDescription } from './description';
import { reviewJsonLd } from './reviews/review-json-ld';
import { pictureOf, productGroupJsonLd, variantOfPage, variantUrl } from './seo-variants';

/**
 * What a crawler that runs no JavaScript must read in the HTML of a shop URL: title,
 * description, canonical URL, Open Graph image and JSON-LD. The server injects it into
 * the web app's index.html; the lookups come from the same caches the shop's API uses
 * (catalogue index, category snapshot), so a product page costs no query once the
 * product has been shown, and a catalogue change is seen at once.
 */

type Deps = { prisma: PrismaClient; cache: VersionedCache };

export type SeoOptions = {
  /** The shop's public base URL without a trailing slash. */
  publicUrl: string;
  /** The shop's name (the web app's default title). */
  siteName: string;
  /** The shop's default description (the web app's default meta description). */
  siteDescription: string;
};

export type JsonLd = Record<string, unknown>;

export type SeoHead = {
  kind: 'home' | 'product' | 'category' | 'page' | 'blog' | 'blog-post' | 'not-found';
  status: 200 | 404;
  /** The page's own title, without the shop's name (the shop's name on the home page). */
  title: string;
  description: string;
  /** Absolute; null on a 404. */
  canonicalUrl: string | null;
  /** Absolute URL of the main picture, or null. */
  image: string | null;
  jsonLd: JsonLd[];
  /** Open Graph properties beyond the common ones, such as an article's `article:published_time`. */
  openGraph?: Record<string, string>;
};

/** How the web app reads a path (README.md, "Routes"), as far as it matters for search engines. */
export type ShopRoute =
  | { kind: 'home' }
  | { kind: 'product'; slug: string }
  | { kind: 'category'; slugPath: string }
  | { kind: 'page'; slug: string }
  | { kind: 'blog' }
  | { kind: 'blog-post'; slug: string }
  | { kind: 'screen' };

/**
 * First segments of the web app's own screens (cart, account, admin, search, a quote's link, …). They
 * carry nothing a crawler should index and are never read as a category path. The web app's route
 * files are the source: apps/server/test/screen-routes.test.ts fails when a route's first segment is
 * missing here.
 */
export const SCREEN_PREFIXES: ReadonlySet<string> = new Set([
  'admin',
  'cart',
  'contact',
  'featured',
  'foo',
  'hirlevel',
  'newpassword',
  'order',
  'quote',
  'search',
  'services',
]);

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The route a path takes in the web app: literal routes first, then the catch-all where a
 * single segment ending in digits is a product (product-pretty) and anything else a category
 * path (category-pretty), exactly as the web app resolves it.
 */
export function classifyShopPath(pathname: string): ShopRoute {
  const segments = pathname
    .split('/')
    .map((segment) => safeDecode(segment).trim())
    .filter(Boolean);
  const [first, ...rest] = segments;
  if (first === undefined) return { kind: 'home' };
  if (first === 'product')
    return rest.length > 0 ? { kind: 'product', slug: rest.join('/') } : { kind: 'screen' };
  if (first === 'category' && rest.length > 0) {
    return { kind: 'category', slugPath: rest.join('/').toLowerCase() };
  }
  if (first === 'page' && rest.length === 1) return { kind: 'page', slug: rest[0]!.toLowerCase() };
  if (first === 'info' && rest.length > 0) return { kind: 'page', slug: rest.join('/').toLowerCase() };
  if (first === 'blog') {
    if (rest.length === 0) return { kind: 'blog' };
    return rest.length === 1 ? { kind: 'blog-post', slug: rest[0]!.toLowerCase() } : { kind: 'screen' };
  }
  if (SCREEN_PREFIXES.has(first)) return { kind: 'screen' };
  if (rest.length === 0 && /\d$/.test(first)) return { kind: 'product', slug: first };
  return { kind: 'category', slugPath: segments.join('/').toLowerCase() };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Plain text of stored HTML, for a meta description: tags out, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return (
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      // A block element separates words; an inline one (<b>, <a>, …) sits inside a sentence.
      .replace(/<\/?(p|div|br|h[1-6]|li|ul|ol|tr|td|th|table|section|article|blockquote|hr)\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
        if (name[0] === '#') {
          const code =
            name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
          return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
        }
        return ENTITIES[name.toLowerCase()] ?? entity;
      })
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const DESCRIPTION_LENGTH = 160;

/** At most 160 characters, cut at a word boundary: what search engines show under a result. */
export function shortDescription(text: string, max = DESCRIPTION_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/u, '')}…`;
}

/** "1 290 Ft" with non-breaking spaces, as the shop writes prices (also below 10 000). */
function forints(amount: number): string {
  return `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0Ft`;
}

const SCHEMA = 'https://schema.org';

function breadcrumbList(items: { name: string; url: string }[]): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

const GUEST_VIEWER = { shopper: GUEST, isAdmin: false };

function isNotFound(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'not_found';
}

function notFound(options: SeoOptions): SeoHead {
  return {
    kind: 'not-found',
    status: 404,
    title: 'Az oldal nem található',
    description: options.siteDescription,
    canonicalUrl: null,
    image: null,
    jsonLd: [],
  };
}

function homeHead(options: SeoOptions): SeoHead {
  const url = `${options.publicUrl}/`;
  return {
    kind: 'home',
    status: 200,
    title: options.siteName,
    description: options.siteDescription,
    canonicalUrl: url,
    image: null,
    jsonLd: [
      {
        '@context': SCHEMA,
        '@type': 'Organization',
        name: options.siteName,
        url,
        logo: `${options.publicUrl}/favicon.svg`,
      },
      {
        '@context': SCHEMA,
        '@type': 'WebSite',
        name: options.siteName,
        url,
        inLanguage: 'hu-HU',
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${options.publicUrl}/search/{search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

/** The shop URL of a category: `/category/konyha/bogrek`. */
export function categoryPath(urlPath: string): string {
  return `/category/${urlPath}`;
}

async function categoryCrumbs(deps: Deps, category: TCategory, publicUrl: string) {
  const lineage = [...category.ancestorIds, category.id];
  const crumbs: { name: string; url: string }[] = [];
  for (const id of lineage) {
    const item = id === category.id ? category : await getCategoryById(deps, id, true);
    crumbs.push({ name: item.title, url: `${publicUrl}${categoryPath(item.urlPath)}` });
  }
  return crumbs;
}

/**
 * A product page's head. `?variant=<id>` (a variant the page preselects) is a page of its own for a
 * crawler: that variant's price, stock and picture, and its own address as the canonical one.
 */
async function productHead(
  deps: Deps,
  slug: string,
  options: SeoOptions,
  variantId: number | undefined,
): Promise<SeoHead> {
  const product = await getProductBySlug(deps, GUEST_VIEWER, slug);
  const variant = variantOfPage(product, variantId);
  const description = product.descriptions[0];
  const title = description?.metaTitle?.trim() || product.title;
  const body = description?.body ? plainText(description.body) : '';
  const stock = (variant?.inStock ?? product.inStock) ? 'raktáron' : 'jelenleg nincs raktáron';
  const name = variant ? `${product.title}, ${variant.title}` : product.title;
  const text =
    description?.metaDescription?.trim() ||
    body ||
    `${name}: ${forints(variant?.price ?? product.price)}, ${stock}.`;
  const url = `${options.publicUrl}/${product.slug}`;
  const image = pictureOf(product, options.publicUrl, variant?.imageId ?? null);
  const crumbs = product.breadcrumbs.map((crumb) => ({
    name: crumb.title,
    url: `${options.publicUrl}${categoryPath(crumb.urlPath)}`,
  }));
  const sold = product.variants.some((entry) => entry.enabled);
  const ratings = await reviewJsonLd(deps, product.id);
  const jsonLd: JsonLd[] = sold
    ? [
        {
          ...productGroupJsonLd(product, {
            url,
            publicUrl: options.publicUrl,
            description: shortDescription(body || text, 5000),
          }),
          ...ratings,
        },
      ]
    : [
        {
          '@context': SCHEMA,
          '@type': 'Product',
          name: product.title,
          ...(product.kutiId ? { sku: product.kutiId } : {}),
          ...(image ? { image: [image] } : {}),
          description: shortDescription(body || text, 5000),
          url,
          offers: {
            '@type': 'Offer',
            url,
            price: product.price,
            priceCurrency: 'HUF',
            availability: product.inStock ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`,
            itemCondition: `${SCHEMA}/NewCondition`,
          },
          ...ratings,
        },
      ];
  if (crumbs.length > 0) jsonLd.push(breadcrumbList([...crumbs, { name: product.title, url }]));
  return {
    kind: 'product',
    status: 200,
    title,
    description: shortDescription(text),
    canonicalUrl: variant ? variantUrl(url, variant.id) : url,
    image,
    jsonLd,
  };
}

const metaSelect = {
  id: true,
  language: true,
  title: true,
  body: true,
  metaTitle: true,
  metaDescription: true,
} as const;

async function categoryHead(deps: Deps, slugPath: string, options: SeoOptions): Promise<SeoHead> {
  const category = await getCategoryBySlug(deps, slugPath, false);
  const description = primaryDescription(
    await deps.prisma.description.findMany({ where: { categoryId: category.id }, select: metaSelect }),
  );
  const body = description?.body ? plainText(description.body) : '';
  const text =
    description?.metaDescription?.trim() ||
    body ||
    `${category.title}: ${withArticle(category.path)} kategória termékei, árai és készletinformációi.`;
  const url = `${options.publicUrl}${categoryPath(category.urlPath)}`;
  return {
    kind: 'category',
    status: 200,
    title: description?.metaTitle?.trim() || category.title,
    description: shortDescription(text),
    canonicalUrl: url,
    image: null,
    jsonLd: [breadcrumbList(await categoryCrumbs(deps, category, options.publicUrl))],
  };
}

async function pageHead(prisma: PrismaClient, slug: string, options: SeoOptions): Promise<SeoHead> {
  const page = await prisma.page.findUnique({
    where: { slug },
    select: { slug: true, published: true, descriptions: { select: metaSelect } },
  });
  if (!page?.published) return notFound(options);
  const description = primaryDescription(page.descriptions);
  const title = description?.title ?? page.slug;
  const text =
    description?.metaDescription?.trim() ||
    (description?.body ? plainText(description.body) : '') ||
    `${title} – ${options.siteName}`;
  return {
    kind: 'page',
    status: 200,
    title: description?.metaTitle?.trim() || title,
    description: shortDescription(text),
    canonicalUrl: `${options.publicUrl}/page/${page.slug}`,
    image: null,
    jsonLd: [],
  };
}

function blogHead(options: SeoOptions): SeoHead {
  return {
    kind: 'blog',
    status: 200,
    title: 'Blog',
    description: `Tanácsok, ötletek és újdonságok – ${withArticle(options.siteName)} blogja.`,
    canonicalUrl: `${options.publicUrl}/blog`,
    image: null,
    jsonLd: [],
  };
}

/** A post shoppers may see (published, its publish time reached): its text, cover and an Article JSON-LD. */
async function blogPostHead(prisma: PrismaClient, slug: string, options: SeoOptions): Promise<SeoHead> {
  const post = await prisma.blogPost.findFirst({
    where: { AND: [{ slug }, shopperVisibleWhere(new Date())] },
    select: {
      slug: true,
      author: true,
      imageId: true,
      publishedAt: true,
      updatedAt: true,
      descriptions: { select: metaSelect },
    },
  });
  if (!post) return notFound(options);
  const description = primaryDescription(post.descriptions);
  const title = description?.title ?? post.slug;
  const body = description?.body ? plainText(description.body) : '';
  const text = description?.metaDescription?.trim() || body || `${title} – ${options.siteName}`;
  const url = `${options.publicUrl}/blog/${post.slug}`;
  const image = post.imageId === null ? null : `${options.publicUrl}${mediaUrl(post.imageId, 'full')}`;
  const publishedAt = (post.publishedAt ?? post.updatedAt).toISOString();
  const modifiedAt = post.updatedAt.toISOString();
  return {
    kind: 'blog-post',
    status: 200,
    title: description?.metaTitle?.trim() || title,
    description: shortDescription(text),
    canonicalUrl: url,
    image,
    openGraph: {
      'article:published_time': publishedAt,
      'article:modified_time': modifiedAt,
      ...(post.author ? { 'article:author': post.author } : {}),
    },
    jsonLd: [
      {
        '@context': SCHEMA,
        '@type': 'BlogPosting',
        headline: shortDescription(title, 110),
        description: shortDescription(text),
        url,
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        inLanguage: 'hu-HU',
        datePublished: publishedAt,
        dateModified: modifiedAt,
        ...(image ? { image: [image] } : {}),
        author: post.author
          ? { '@type': 'Person', name: post.author }
          : { '@type': 'Organization', name: options.siteName, url: `${options.publicUrl}/` },
        publisher: {
          '@type': 'Organization',
          name: options.siteName,
          url: `${options.publicUrl}/`,
          logo: { '@type': 'ImageObject', url: `${options.publicUrl}/favicon.svg` },
        },
      },
      breadcrumbList([
        { name: 'Blog', url: `${options.publicUrl}/blog` },
        { name: title, url },
      ]),
    ],
  };
}

/** How long a page's head may be reused; catalogue and category changes end it sooner. */
const SEO_TTL_MS = 10_000;
const MAX_SEO_ENTRIES = 10_000;

type SeoEntry = {
  head: SeoHead;
  expiresAt: number;
  /** The catalogue index and category snapshot the head was built from (null: did not depend on it). */
  catalogue: object | null;
  categories: object | null;
};

const seoCaches = new WeakMap<VersionedCache, Map<string, SeoEntry>>();

function seoCacheOf(cache: VersionedCache): Map<string, SeoEntry> {
  let entries = seoCaches.get(cache);
  if (!entries) {
    entries = new Map();
    seoCaches.set(cache, entries);
  }
  return entries;
}

/**
 * The head of a shop URL, or null for the web app's own screens (cart, admin, …), which keep
 * the default head. Unknown, disabled and unpublished targets answer a 404 head.
 */
export async function resolveSeo(
  deps: Deps,
  pathname: string,
  options: SeoOptions,
  /** A product page's `?variant=`, when the address has one. */
  variantId?: number,
): Promise<SeoHead | null> {
  const route = classifyShopPath(pathname);
  if (route.kind === 'screen') return null;
  if (route.kind === 'home') return homeHead(options);
  if (route.kind === 'blog') return blogHead(options);

  // Products depend on the catalogue index and the category snapshot (breadcrumbs), categories on
  // the snapshot; both objects are replaced on every change, so comparing them is the invalidation.
  const categories = await getCategoryTree(deps);
  const catalogue = route.kind === 'product' ? await getCatalogueIndex(deps) : null;
  const key = `${options.publicUrl}|${options.siteName}|${route.kind}|${
    route.kind === 'category' ? route.slugPath : route.slug
  }${route.kind === 'product' && variantId !== undefined ? `?variant=${variantId}` : ''}`;
  const entries = seoCacheOf(deps.cache);
  const now = Date.now();
  const cached = entries.get(key);
  if (
    cached &&
    cached.expiresAt > now &&
    (cached.catalogue === null || cached.catalogue === catalogue) &&
    (cached.categories === null || cached.categories === categories)
  ) {
    return cached.head;
  }

  let head: SeoHead;
  try {
    head =
      route.kind === 'product'
        ? await productHead(deps, route.slug, options, variantId)
        : route.kind === 'category'
          ? await categoryHead(deps, route.slugPath, options)
          : route.kind === 'blog-post'
            ? await blogPostHead(deps.prisma, route.slug, options)
            : await pageHead(deps.prisma, route.slug, options);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    head = notFound(options);
  }
  if (entries.size >= MAX_SEO_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.delete(key);
  entries.set(key, {
    head,
    expiresAt: now + SEO_TTL_MS,
    catalogue,
    categories: route.kind === 'page' || route.kind === 'blog-post' ? null : categories,
  });
  return head;
}

// ------------------------------------------------------------------------ sitemap

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

export type SitemapUrl = { loc: string; lastmod: string };

export type SitemapData = {
  /** Home, categories, pages, the blog and its visible posts. */
  main: SitemapUrl[];
  /** Every enabled product, by id. */
  products: SitemapUrl[];
  /** The newest lastmod of all. */
  lastmod: string;
  /** When the next scheduled blog post appears (the sitemap must be rebuilt then), or null. */
  nextScheduledAt: Date | null;
};

const utcDate = (date: Date) => date.toISOString().slice(0, 10);

async function versionStamp(prisma: PrismaClient): Promise<string> {
  const rows = await prisma.cacheVersion.findMany({
    where: { key: { in: ['catalogue', 'category', 'page', CACHE_KEYS.blogPosts] } },
    select: { key: true, version: true },
    orderBy: { key: 'asc' },
  });
  return rows.map((row) => `${row.key}:${row.version}`).join(',');
}

/** A sitemap is rebuilt when the catalogue, the categories or the pages change, or after this long. */
const SITEMAP_TTL_MS = 10 * 60_000;
const sitemapCaches = new WeakMap<
  PrismaClient,
  Map<string, { stamp: string; expiresAt: number; data: Promise<SitemapData> }>
>();

/**
 * Every URL a search engine should index: home, visible categories, published pages and
 * enabled products (their pretty URLs). One query per kind; products are read as plain rows
 * (id, slug, updatedAt), about 100 ms for 100 000 products, and kept until something changes.
 */
export async function getSitemapData(deps: Deps, publicUrl: string): Promise<SitemapData> {
  const stamp = await versionStamp(deps.prisma);
  let perServer = sitemapCaches.get(deps.prisma);
  if (!perServer) {
    perServer = new Map();
    sitemapCaches.set(deps.prisma, perServer);
  }
  const cached = perServer.get(publicUrl);
  if (cached && cached.stamp === stamp && cached.expiresAt > Date.now()) return cached.data;
  const data = buildSitemapData(deps, publicUrl);
  const entry = { stamp, expiresAt: Date.now() + SITEMAP_TTL_MS, data };
  perServer.set(publicUrl, entry);
  // A scheduled post enters the sitemap when it appears, not up to the TTL later.
  void data.then(
    (built) => {
      if (built.nextScheduledAt) entry.expiresAt = Math.min(entry.expiresAt, built.nextScheduledAt.getTime());
    },
    () => undefined,
  );
  data.catch(() => {
    if (perServer.get(publicUrl)?.data === data) perServer.delete(publicUrl);
  });
  return data;
}

async function buildSitemapData(deps: Deps, publicUrl: string): Promise<SitemapData> {
  const now = new Date();
  const [tree, categoryRows, pages, posts, nextScheduled, products] = await Promise.all([
    getCategoryTree(deps),
    deps.prisma.category.findMany({ select: { id: true, updatedAt: true } }),
    deps.prisma.page.findMany({
      where: { published: true },
      select: { slug: true, updatedAt: true },
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
    }),
    deps.prisma.blogPost.findMany({
      where: shopperVisibleWhere(now),
      select: { slug: true, updatedAt: true },
      orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
    }),
    deps.prisma.blogPost.findFirst({
      where: { published: true, publishedAt: { gt: now } },
      select: { publishedAt: true },
      orderBy: { publishedAt: 'asc' },
    }),
    deps.prisma.$queryRaw<{ id: number; slug: string; updatedAt: Date }[]>`
      SELECT id, slug, "updatedAt" FROM "Product" WHERE enabled ORDER BY id`,
  ]);
  const updatedAt = new Map(categoryRows.map((row) => [row.id, row.updatedAt]));
  let newest = new Date(0);
  const touch = (date: Date) => {
    if (date > newest) newest = date;
    return utcDate(date);
  };

  const categories: SitemapUrl[] = [];
  const walk = (nodes: typeof tree) => {
    for (const node of nodes) {
      const changed = updatedAt.get(node.id);
      categories.push({
        loc: `${publicUrl}${categoryPath(node.urlPath)}`,
        lastmod: changed ? touch(changed) : utcDate(new Date()),
      });
      walk(node.children);
    }
  };
  walk(tree);
  const pageUrls = pages.map((page) => ({
    loc: `${publicUrl}/page/${page.slug}`,
    lastmod: touch(page.updatedAt),
  }));
  const postUrls = posts.map((post) => ({
    loc: `${publicUrl}/blog/${post.slug}`,
    lastmod: touch(post.updatedAt),
  }));
  const blogUrls =
    postUrls.length > 0 ? [{ loc: `${publicUrl}/blog`, lastmod: postUrls[0]!.lastmod }, ...postUrls] : [];
  const productUrls = products.map((row) => ({
    loc: `${publicUrl}/${productPrettySlug(row.slug, Number(row.id))}`,
    lastmod: touch(new Date(row.updatedAt)),
  }));
  const lastmod = utcDate(newest.getTime() === 0 ? new Date() : newest);
  return {
    main: [{ loc: `${publicUrl}/`, lastmod }, ...categories, ...pageUrls, ...blogUrls],
    products: productUrls,
    lastmod,
    nextScheduledAt: nextScheduled?.publishedAt ?? null,
  };
}
