import { z } from 'zod';
import { pageOf, ZId, ZSlug } from './common';
import { ZDescription, ZDescriptionsInput, ZDescriptionsUpdateInput } from './description';
import { ZProductCard } from './product';
import { readOnly, readOnlyFieldsOf } from './read-only';

/**
 * Where a post stands for shoppers: `draft` (not published), `scheduled` (published with a publish time
 * still ahead: shoppers see it from then on) or `published` (shoppers see it).
 */
export const BLOG_POST_STATUSES = ['published', 'scheduled', 'draft'] as const;
export const ZBlogPostStatus = z.enum(BLOG_POST_STATUSES, {
  error: 'Az állapot published, scheduled vagy draft lehet.',
});
export type TBlogPostStatus = z.infer<typeof ZBlogPostStatus>;

export const BLOG_POST_SORT_FIELDS = ['publishedAt', 'title', 'updatedAt'] as const;
/** How many related products one post may recommend. */
export const MAX_BLOG_POST_PRODUCTS = 24;
export const BLOG_POST_PAGE_SIZE = 12;

export const ZBlogPostImage = z
  .object({
    id: z.number().int(),
    alt: z.string().nullable().meta({ description: 'A kép helyettesítő szövege.' }),
    thumb: z.string().meta({ description: 'A 160 px széles változat címe.' }),
    card: z.string().meta({ description: 'A 480 px széles változat címe (listákhoz).' }),
    full: z
      .string()
      .meta({ description: 'Az 1200 px széles változat címe (a cikk tetejére, megosztáshoz).' }),
  })
  .meta({ id: 'BlogPostImage', description: 'A bejegyzés borítóképe a méretezett változataival.' });

const summaryFields = {
  id: z.number().int(),
  slug: z.string().meta({ description: 'A bejegyzés URL-neve: a címe a boltban `/blog/{slug}`.' }),
  title: readOnly(
    z.string().meta({ description: 'A magyar cím (ha nincs magyar leírás, az első leírásé).' }),
  ),
  excerpt: readOnly(
    z
      .string()
      .meta({ description: 'A szöveg eleje sima szövegként, legfeljebb 220 karakter (a listákhoz).' }),
  ),
  author: z.string().nullable().meta({ description: 'A szerző neve; null, ha nincs megadva.' }),
  image: readOnly(ZBlogPostImage.nullable().meta({ description: 'A borítókép; null, ha nincs.' })),
  published: z.boolean().meta({ description: 'Közzétett-e (hamis: vázlat, csak adminisztrátor látja).' }),
  publishedAt: z.iso.datetime().nullable().meta({
    description:
      'A megjelenés ideje (UTC, ISO 8601). Jövőbeli időpont: ütemezett bejegyzés, a vásárlók csak ettől kezdve látják.',
  }),
  status: readOnly(
    ZBlogPostStatus.meta({
      description:
        'published: a vásárlók látják; scheduled: közzétett, de a megjelenés ideje még hátravan; draft: vázlat.',
    }),
  ),
  updatedAt: readOnly(z.iso.datetime().meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601).' })),
};

export const ZBlogPostSummary = z
  .object(summaryFields)
  .meta({ id: 'BlogPostSummary', description: 'Egy blogbejegyzés a listában: cím, kivonat, borítókép.' });
export type TBlogPostSummary = z.infer<typeof ZBlogPostSummary>;

const ZBlogPostNeighbour = z
  .object({ slug: z.string(), title: z.string() })
  .nullable()
  .meta({ description: 'A szomszédos, a vásárlók által látható bejegyzés; null, ha nincs.' });

export const ZBlogPost = z
  .object({
    ...summaryFields,
    body: readOnly(
      z.string().meta({ description: 'A magyar szöveg HTML-ben (ha nincs magyar leírás, az első leírásé).' }),
    ),
    descriptions: z.array(ZDescription).meta({ description: 'A bejegyzés minden nyelvű címe és szövege.' }),
    products: readOnly(
      z.array(ZProductCard).meta({
        description:
          'A bejegyzéshez kapcsolt termékek a szerző sorrendjében; a vásárló csak a számára látható termékeket kapja, az admin mindet.',
      }),
    ),
    previous: readOnly(
      ZBlogPostNeighbour.meta({
        description: 'Az előző (korábban megjelent) bejegyzés; null, ha nincs.',
      }),
    ),
    next: readOnly(
      ZBlogPostNeighbour.meta({
        description: 'A következő (később megjelent) bejegyzés; null, ha nincs.',
      }),
    ),
    createdAt: readOnly(z.iso.datetime().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' })),
  })
  .meta({
    id: 'BlogPost',
    description:
      'Blogbejegyzés minden nyelvű leírásával, borítóképével, kapcsolt termékeivel és szomszédaival.',
  });
export type TBlogPost = z.infer<typeof ZBlogPost>;

const pageNumber = z.coerce
  .number({ error: 'Az oldalszámnak számnak kell lennie.' })
  .int({ error: 'Az oldalszám egész szám.' })
  .min(1, { error: 'Az oldalszám legalább 1.' })
  .max(10_000, { error: 'Az oldalszám legfeljebb 10 000.' });
const pageSize = z.coerce
  .number({ error: 'Az oldalméretnek számnak kell lennie.' })
  .int({ error: 'Az oldalméret egész szám.' })
  .min(1, { error: 'Az oldalméret legalább 1.' })
  .max(100, { error: 'Az oldalméret legfeljebb 100.' });

/** GET /api/blogpost: query parameters, all optional. */
export const ZBlogPostListInput = z.strictObject({
  page: pageNumber.default(1).meta({ description: 'Hányadik oldal, 1-től.' }),
  pageSize: pageSize.default(BLOG_POST_PAGE_SIZE).meta({
    description: `Legfeljebb ennyi bejegyzés egy oldalon (1–100, alapértelmezés ${BLOG_POST_PAGE_SIZE}).`,
  }),
  search: z
    .string()
    .trim()
    .max(200, { error: 'A keresőkifejezés legfeljebb 200 karakter lehet.' })
    .optional()
    .meta({ description: 'Szűrés a címre, az URL-névre és a szerzőre (kis- és nagybetű nem számít).' }),
  status: ZBlogPostStatus.optional().meta({
    description:
      'Csak adminisztrátornak: csak az ilyen állapotú bejegyzések. A vásárló mindig csak a megjelenteket látja.',
  }),
  sort: z
    .enum(BLOG_POST_SORT_FIELDS, { error: 'A rendezés publishedAt, title vagy updatedAt lehet.' })
    .default('publishedAt'),
  order: z.enum(['asc', 'desc'], { error: 'Az irány asc vagy desc lehet.' }).default('desc'),
});
export type TBlogPostListInput = z.input<typeof ZBlogPostListInput>;
export type TBlogPostListQuery = z.output<typeof ZBlogPostListInput>;
export const ZBlogPostListOutput = pageOf(ZBlogPostSummary);
export type TBlogPostListOutput = z.infer<typeof ZBlogPostListOutput>;

/** POST /api/blogpost/getBySlug. */
export const ZBlogPostBySlugInput = z.strictObject({
  slug: z
    .string({ error: 'Az URL-név kötelező.' })
    .trim()
    .min(1, { error: 'Az URL-név kötelező.' })
    .max(1000, { error: 'Az URL-név legfeljebb 1000 karakter lehet.' }),
});

const blogPostFields = {
  slug: ZSlug.optional(),
  published: z.boolean({ error: 'A közzététel igaz vagy hamis.' }).optional(),
  publishedAt: z.iso
    .datetime({
      offset: true,
      error: 'A megjelenés ideje ISO 8601 időpont legyen (például 2026-12-01T08:00:00Z).',
    })
    .nullable()
    .optional()
    .meta({
      description: 'A megjelenés ideje; jövőbeli időpont ütemez. Ha üres, közzétételkor a mentés ideje lesz.',
    }),
  author: z
    .string()
    .trim()
    .max(100, { error: 'A szerző neve legfeljebb 100 karakter lehet.' })
    .nullish()
    .meta({ description: 'A szerző neve; üres: nincs feltüntetve.' }),
  imageId: ZId.nullable()
    .optional()
    .meta({ description: 'A borítókép a médiatárból (a kép azonosítója); null: nincs borítókép.' }),
  productIds: z
    .array(ZId, { error: 'A kapcsolt termékek azonosítók listája.' })
    .max(MAX_BLOG_POST_PRODUCTS, {
      error: `Legfeljebb ${MAX_BLOG_POST_PRODUCTS} termék kapcsolható egy bejegyzéshez.`,
    })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Egy termék csak egyszer szerepelhet.' })
    .optional()
    .meta({
      description: 'A kapcsolt termékek a megjelenítés sorrendjében; a lista a régit egészében cseréli.',
    }),
  descriptions: ZDescriptionsInput,
};

export const ZBlogPostCreateInput = z.strictObject(blogPostFields);
export type TBlogPostCreateInput = z.infer<typeof ZBlogPostCreateInput>;
export const ZBlogPostUpdateInput = z.strictObject({
  id: ZId,
  ...blogPostFields,
  descriptions: ZDescriptionsUpdateInput.optional(),
  ...readOnlyFieldsOf(ZBlogPost, [
    'title',
    'excerpt',
    'image',
    'status',
    'updatedAt',
    'body',
    'products',
    'previous',
    'next',
    'createdAt',
  ]),
});
export type TBlogPostUpdateInput = z.infer<typeof ZBlogPostUpdateInput>;
