import { z } from 'zod';
import { listOf, pageOf, ZId, ZPageNumber, ZPosition, ZSlug } from './common';
import { ZDescription, ZDescriptionsInput, ZDescriptionsUpdateInput } from './description';
import { readOnly, readOnlyFieldsOf } from './read-only';

/** Separator of a category's display path, as the specification writes it. */
export const CATEGORY_PATH_SEPARATOR = ' » ';

export const ZCategory = z
  .object({
    id: z.number().int(),
    parent: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'A szülőkategória azonosítója; null a legfelső szintű kategóriánál.' }),
    slug: z.string().meta({ description: 'A kategória saját URL-neve.' }),
    urlPath: readOnly(
      z.string().meta({
        description: 'A kategória útvonala a /category/ alatt: az ősök és a saját URL-neve /-rel összefűzve.',
      }),
    ),
    position: z
      .number()
      .int()
      .meta({ description: 'Sorrend a testvérkategóriák között: a kisebb áll előrébb.' }),
    enabled: z
      .boolean()
      .meta({ description: 'Engedélyezett-e: a letiltott kategóriát a vásárlók nem látják.' }),
    title: readOnly(
      z.string().meta({ description: 'A magyar cím (ha nincs magyar leírás, az első leírásé).' }),
    ),
    path: readOnly(z.string().meta({ description: 'Az ősök és a saját magyar cím » jellel összefűzve.' })),
    descriptions: z.array(ZDescription).meta({ description: 'A kategória minden nyelvű címe és szövege.' }),
    ancestorIds: readOnly(
      z.array(z.number().int()).meta({ description: 'Az ősök azonosítói, a gyökértől kezdve.' }),
    ),
    childCount: readOnly(z.number().int().meta({ description: 'A közvetlen alkategóriák száma.' })),
  })
  .meta({ id: 'Category', description: 'Egy kategória minden nyelvű leírásával és a helyével a fában.' });
export type TCategory = z.infer<typeof ZCategory>;

export type TCategoryTreeNode = {
  id: number;
  parent: number | null;
  slug: string;
  urlPath: string;
  position: number;
  title: string;
  path: string;
  children: TCategoryTreeNode[];
};
export const ZCategoryTreeNode: z.ZodType<TCategoryTreeNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      parent: z
        .number()
        .int()
        .nullable()
        .meta({ description: 'A szülőkategória azonosítója; null a legfelső szinten.' }),
      slug: z.string().meta({ description: 'A kategória saját URL-neve.' }),
      urlPath: z
        .string()
        .meta({ description: 'A kategória útvonala a /category/ alatt (az ősök URL-nevei /-rel).' }),
      position: z.number().int().meta({ description: 'Sorrend a testvérek között: a kisebb áll előrébb.' }),
      title: z.string().meta({ description: 'A magyar cím.' }),
      path: z.string().meta({ description: 'Az ősök és a saját magyar cím » jellel összefűzve.' }),
      children: z.array(ZCategoryTreeNode).meta({ description: 'Az engedélyezett alkategóriák sorrendben.' }),
    }),
  )
  .meta({ id: 'CategoryTreeNode', description: 'A kategóriafa egy csomópontja az alkategóriáival.' });
/** The enabled categories as a tree, roots first by position. */
export const ZCategoryTree = z.array(ZCategoryTreeNode);
export type TCategoryTree = z.infer<typeof ZCategoryTree>;
/** GET /api/category: the tree's roots as the list's items. */
export const ZCategoryTreeOutput = listOf(ZCategoryTreeNode);

/** POST /api/category/findall: flat admin list with search and paging. */
export const ZCategoryFindAllInput = z
  .strictObject({
    search: z
      .string()
      .trim()
      .max(200)
      .optional()
      .meta({ description: 'Keresett szöveg a címben és az URL-névben.' }),
    parent: ZId.nullish().meta({
      description:
        'Csak ennek a kategóriának a közvetlen alkategóriái; null: a legfelső szintűek; elhagyva: mind.',
    }),
    page: ZPageNumber.default(1).meta({ description: 'Hányadik oldal, 1-től.' }),
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(500)
      .default(50)
      .meta({ description: 'Legfeljebb ennyi elem egy oldalon (1–500).' }),
    sort: z
      .enum(['path', 'title', 'position', 'id'])
      .default('path')
      .meta({ description: 'Rendezés: útvonal, cím, sorrend vagy azonosító szerint.' }),
    order: z.enum(['asc', 'desc']).default('asc').meta({ description: 'Irány: asc növekvő, desc csökkenő.' }),
  })
  .default({ page: 1, pageSize: 50, sort: 'path', order: 'asc' });
export type TCategoryFindAllInput = z.infer<typeof ZCategoryFindAllInput>;
export const ZCategoryFindAllOutput = pageOf(ZCategory);

/** POST /api/category/getBySlug: a slug, or a slug path such as "konyha/bogrek". */
export const ZCategoryBySlugInput = z.strictObject({
  slug: z
    .string({ error: 'Az URL-név kötelező.' })
    .trim()
    .min(1, { error: 'Az URL-név kötelező.' })
    .max(1000),
});

const categoryFields = {
  parent: ZId.nullish().meta({
    description:
      'A szülőkategória azonosítója; null (létrehozáskor elhagyva is) legfelső szintű kategóriát jelent.',
  }),
  slug: ZSlug.optional().meta({
    description: 'URL-név; létrehozáskor elhagyva a magyar (különben az első) címből készül.',
  }),
  position: ZPosition.optional(),
  enabled: z.boolean().optional().meta({ description: 'Engedélyezett-e (látják-e a vásárlók).' }),
  descriptions: ZDescriptionsInput.meta({
    description: 'Minden elem a saját nyelvének leírását cseréli; a kihagyott nyelvek megmaradnak.',
  }),
};

/** POST /api/category. The slug is made from the Hungarian title (else the first) when omitted. */
export const ZCategoryCreateInput = z.strictObject(categoryFields);
export type TCategoryCreateInput = z.infer<typeof ZCategoryCreateInput>;

/** PUT /api/category. Fields left out keep their value. */
export const ZCategoryUpdateInput = z.strictObject({
  id: ZId,
  ...categoryFields,
  descriptions: ZDescriptionsUpdateInput.optional(),
  ...readOnlyFieldsOf(ZCategory, ['urlPath', 'title', 'path', 'ancestorIds', 'childCount']),
});
export type TCategoryUpdateInput = z.infer<typeof ZCategoryUpdateInput>;
