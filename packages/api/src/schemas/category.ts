import { z } from 'zod';
import { pageOf, ZId, ZPageNumber, ZPosition, ZSlug } from './common';
import { ZDescription, ZDescriptionsInput } from './description';

/** Separator of a category's display path (spec §3). */
export const CATEGORY_PATH_SEPARATOR = ' » ';

export const ZCategory = z
  .object({
    id: z.number().int(),
    /** The parent category's id (spec §3); null for a top-level category. */
    parent: z.number().int().nullable(),
    slug: z.string(),
    /** The category's URL path below /category/: its ancestors' slugs and its own, joined by "/". */
    urlPath: z.string(),
    position: z.number().int(),
    enabled: z.boolean(),
    /** Hungarian title (falls back to the first description). */
    title: z.string(),
    /** Ancestors' and own Hungarian titles joined by » (spec §3). */
    path: z.string(),
    descriptions: z.array(ZDescription),
    /** Ids of the ancestors, root first. */
    ancestorIds: z.array(z.number().int()),
    childCount: z.number().int(),
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
      parent: z.number().int().nullable(),
      slug: z.string(),
      urlPath: z.string(),
      position: z.number().int(),
      title: z.string(),
      path: z.string(),
      children: z.array(ZCategoryTreeNode),
    }),
  )
  .meta({ id: 'CategoryTreeNode', description: 'A kategóriafa egy csomópontja az alkategóriáival.' });
/** GET /api/category: the enabled categories as a tree, roots first by position. */
export const ZCategoryTreeOutput = z.array(ZCategoryTreeNode);

/** POST /api/category/findall: flat admin list with search and paging. */
export const ZCategoryFindAllInput = z
  .strictObject({
    search: z.string().trim().max(200).optional(),
    /** Only the children of this category; null lists the top-level categories. */
    parent: ZId.nullish(),
    page: ZPageNumber.default(1),
    pageSize: z.number().int().min(1).max(500).default(50),
    sort: z.enum(['path', 'title', 'position', 'id']).default('path'),
    order: z.enum(['asc', 'desc']).default('asc'),
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
  /** The parent category's id; null (or left out on create) makes a top-level category. */
  parent: ZId.nullish(),
  slug: ZSlug.optional(),
  position: ZPosition.optional(),
  enabled: z.boolean().optional(),
  /** Each entry replaces the description of its language; languages left out keep theirs. */
  descriptions: ZDescriptionsInput,
};

/** POST /api/category. The slug is made from the Hungarian title (else the first) when omitted. */
export const ZCategoryCreateInput = z.strictObject(categoryFields);
export type TCategoryCreateInput = z.infer<typeof ZCategoryCreateInput>;

/** PUT /api/category. Fields left out keep their value. */
export const ZCategoryUpdateInput = z.strictObject({
  id: ZId,
  ...categoryFields,
  descriptions: ZDescriptionsInput.optional(),
});
export type TCategoryUpdateInput = z.infer<typeof ZCategoryUpdateInput>;
