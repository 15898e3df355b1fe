import type { Prisma, PrismaClient } from '@shop/db';
import { bumpCacheVersion, CACHE_KEYS, type VersionedCache } from '../cache';
import { DomainError } from '../errors';
import {
  CATEGORY_PATH_SEPARATOR,
  type TCategory,
  type TCategoryCreateInput,
  type TCategoryFindAllInput,
  type TCategoryTreeNode,
  type TCategoryUpdateInput,
} from '../schemas';
import { bumpCatalogue, invalidateCatalogue } from './catalogue/in-memory-index';
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

export const CATEGORY_NOT_FOUND = 'A keresett kategória nem található.';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

const categorySelect = {
  id: true,
  parentId: true,
  slug: true,
  position: true,
  enabled: true,
  descriptions: { select: descriptionSelect },
} as const satisfies Prisma.CategorySelect;

type CategoryRow = Prisma.CategoryGetPayload<{ select: typeof categorySelect }>;

/** Every category with its derived paths, built once per change and shared by all reads. */
type CategorySnapshot = {
  byId: Map<number, TCategory>;
  bySlug: Map<string, TCategory>;
  byUrlPath: Map<string, TCategory>;
  /** Visible to shoppers: enabled, and so is every ancestor. */
  visible: Set<number>;
  tree: TCategoryTreeNode[];
  /** Category id → its path, slug and every title folded into one text, for `search`: folding per
   * request would cost more than the search itself (quick search asks on every keystroke). */
  searchText: Map<number, string>;
};

const collator = new Intl.Collator('hu');

function compareSiblings(a: { position: number; title: string; id: number }, b: typeof a): number {
  return a.position - b.position || collator.compare(a.title, b.title) || a.id - b.id;
}

function buildSnapshot(rows: CategoryRow[]): CategorySnapshot {
  const rowsById = new Map(rows.map((row) => [row.id, row]));
  const titleOf = (row: CategoryRow) => primaryDescription(row.descriptions)?.title ?? row.slug;

  /** Ancestors root first; a cycle in stored data is cut rather than looping forever. */
  const ancestorsOf = (row: CategoryRow): CategoryRow[] => {
    const chain: CategoryRow[] = [];
    const seen = new Set([row.id]);
    let parent = row.parentId === null ? undefined : rowsById.get(row.parentId);
    while (parent && !seen.has(parent.id)) {
      chain.unshift(parent);
      seen.add(parent.id);
      parent = parent.parentId === null ? undefined : rowsById.get(parent.parentId);
    }
    return chain;
  };

  const childCount = new Map<number, number>();
  for (const row of rows) {
    if (row.parentId !== null) childCount.set(row.parentId, (childCount.get(row.parentId) ?? 0) + 1);
  }

  const byId = new Map<number, TCategory>();
  const visible = new Set<number>();
  for (const row of rows) {
    const ancestors = ancestorsOf(row);
    const lineage = [...ancestors, row];
    const title = titleOf(row);
    byId.set(row.id, {
      id: row.id,
      parent: row.parentId,
      slug: row.slug,
      urlPath: lineage.map((item) => item.slug).join('/'),
      position: row.position,
      enabled: row.enabled,
      title,
      path: lineage.map(titleOf).join(CATEGORY_PATH_SEPARATOR),
      descriptions: sortDescriptions(row.descriptions).map(toDescriptionDto),
      ancestorIds: ancestors.map((item) => item.id),
      childCount: childCount.get(row.id) ?? 0,
    });
    if (lineage.every((item) => item.enabled)) visible.add(row.id);
  }

  const nodes = new Map<number, TCategoryTreeNode>();
  for (const id of visible) {
    const category = byId.get(id)!;
    nodes.set(id, {
      id,
      parent: category.parent,
      slug: category.slug,
      urlPath: category.urlPath,
      position: category.position,
      title: category.title,
      path: category.path,
      children: [],
    });
  }
  const tree: TCategoryTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent === null ? undefined : nodes.get(node.parent);
    (parent ? parent.children : tree).push(node);
  }
  const sortTree = (list: TCategoryTreeNode[]) => {
    list.sort(compareSiblings);
    for (const node of list) sortTree(node.children);
  };
  sortTree(tree);

  const all = [...byId.values()];
  return {
    byId,
    bySlug: new Map(all.map((category) => [category.slug, category])),
    byUrlPath: new Map(all.map((category) => [category.urlPath, category])),
    visible,
    tree,
    searchText: new Map(
      all.map((category) => [
        category.id,
        [category.path, ...category.descriptions.map((description) => description.title)]
          .map(foldForSearch)
          .concat(category.slug)
          .join('\n'),
      ]),
    ),
  };
}

async function snapshot({ prisma, cache }: Deps): Promise<CategorySnapshot> {
  return cache.get(CACHE_KEYS.categories, async () =>
    buildSnapshot(await prisma.category.findMany({ select: categorySelect })),
  );
}

/**
 * Lookup of the categories a product is in, with every ancestor of each: a promotion on "Konyha" takes
 * in a product filed under "Konyha / Bögrék" (services/promotions).
 */
export async function withAncestors(deps: Deps): Promise<(ids: readonly number[]) => number[]> {
  const { byId } = await snapshot(deps);
  return (ids) => [...new Set(ids.flatMap((id) => [id, ...(byId.get(id)?.ancestorIds ?? [])]))];
}

/** GET /api/category: the shop's menu. */
export async function getCategoryTree(deps: Deps): Promise<TCategoryTreeNode[]> {
  return (await snapshot(deps)).tree;
}

function visibleOrThrow(
  snap: CategorySnapshot,
  category: TCategory | undefined,
  includeHidden: boolean,
): TCategory {
  if (!category || (!includeHidden && !snap.visible.has(category.id))) {
    throw new DomainError('not_found', CATEGORY_NOT_FOUND);
  }
  return category;
}

export async function getCategoryById(deps: Deps, id: number, includeHidden: boolean): Promise<TCategory> {
  const snap = await snapshot(deps);
  return visibleOrThrow(snap, snap.byId.get(id), includeHidden);
}

/** A slug ("bogrek") or a slug path ("konyha/bogrek"); a path must be the category's real path. */
export async function getCategoryBySlug(
  deps: Deps,
  slugOrPath: string,
  includeHidden: boolean,
): Promise<TCategory> {
  const snap = await snapshot(deps);
  const segments = slugOrPath
    .split('/')
    .map((segment) => safeDecode(segment).trim().toLowerCase())
    .filter(Boolean);
  if (segments[0] === 'category' && segments.length > 1) segments.shift();
  const found =
    segments.length === 1 ? snap.bySlug.get(segments[0]!) : snap.byUrlPath.get(segments.join('/'));
  return visibleOrThrow(snap, found, includeHidden);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export async function findCategories(
  deps: Deps,
  input: TCategoryFindAllInput,
  includeHidden: boolean,
): Promise<{ items: TCategory[]; total: number; page: number; pageSize: number }> {
  const snap = await snapshot(deps);
  let items = [...snap.byId.values()].filter((category) => includeHidden || snap.visible.has(category.id));
  if (input.parent !== undefined) items = items.filter((category) => category.parent === input.parent);
  if (input.search) {
    const needle = foldForSearch(input.search);
    items = items.filter((category) => snap.searchText.get(category.id)!.includes(needle));
  }
  const compare: Record<TCategoryFindAllInput['sort'], (a: TCategory, b: TCategory) => number> = {
    path: (a, b) => collator.compare(a.path, b.path) || a.id - b.id,
    title: (a, b) => collator.compare(a.title, b.title) || a.id - b.id,
    position: (a, b) => a.position - b.position || a.id - b.id,
    id: (a, b) => a.id - b.id,
  };
  const direction = input.order === 'desc' ? -1 : 1;
  items.sort((a, b) => direction * compare[input.sort](a, b));
  const start = (input.page - 1) * input.pageSize;
  return {
    items: items.slice(start, start + input.pageSize),
    total: items.length,
    page: input.page,
    pageSize: input.pageSize,
  };
}

function assertSlugAvailable(tx: Prisma.TransactionClient, slug: string, exceptId?: number): Promise<void> {
  return assertSlugFree(slug, exceptId, (where) => tx.category.findFirst({ where, select: { id: true } }));
}

function generateSlug(tx: Prisma.TransactionClient, title: string): Promise<string> {
  return uniqueSlugFromTitle(title, 'kategoria', (base) =>
    tx.category.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } }),
  );
}

async function assertParentExists(tx: Prisma.TransactionClient, parentId: number): Promise<void> {
  const parent = await tx.category.findUnique({ where: { id: parentId }, select: { id: true } });
  if (!parent) {
    const message = 'A megadott szülőkategória nem létezik.';
    throw new DomainError('invalid_input', `Hibás adat: parent – ${message}`, [{ path: 'parent', message }]);
  }
}

/** Moving a category under itself or one of its descendants would cut it off the tree. */
async function assertNoCycle(tx: Prisma.TransactionClient, id: number, newParentId: number): Promise<void> {
  const links = await tx.category.findMany({ select: { id: true, parentId: true } });
  const parentOf = new Map(links.map((link) => [link.id, link.parentId]));
  const seen = new Set<number>();
  for (
    let current: number | null | undefined = newParentId;
    current != null;
    current = parentOf.get(current)
  ) {
    if (current === id) {
      const message = 'A kategória nem helyezhető át saját maga vagy egy alkategóriája alá.';
      throw new DomainError('conflict', message, [{ path: 'parent', message }]);
    }
    if (seen.has(current)) break;
    seen.add(current);
  }
}

async function nextPosition(tx: Prisma.TransactionClient, parentId: number | null): Promise<number> {
  const last = await tx.category.aggregate({ where: { parentId }, _max: { position: true } });
  return (last._max.position ?? -1) + 1;
}

/** Reads back the written category from a fresh snapshot, so the answer matches what the shop shows. */
async function reload(deps: Deps, id: number): Promise<TCategory> {
  deps.cache.invalidate(CACHE_KEYS.categories);
  return getCategoryById(deps, id, true);
}

export async function createCategory(deps: Deps, input: TCategoryCreateInput): Promise<TCategory> {
  const id = await deps.prisma.$transaction(async (tx) => {
    await bumpCacheVersion(tx, CACHE_KEYS.categories);
    const parentId = input.parent ?? null;
    if (parentId !== null) await assertParentExists(tx, parentId);
    let slug: string;
    if (input.slug) {
      await assertSlugAvailable(tx, input.slug);
      slug = input.slug;
    } else {
      slug = await generateSlug(tx, slugTitleOf(input.descriptions));
    }
    const created = await tx.category.create({
      data: {
        parentId,
        slug,
        position: input.position ?? (await nextPosition(tx, parentId)),
        enabled: input.enabled ?? true,
        descriptions: {
          create: input.descriptions.map((description) => descriptionUpsertArgs(description).create),
        },
      },
      select: { id: true },
    });
    return created.id;
  });
  return reload(deps, id);
}

export async function updateCategory(deps: Deps, input: TCategoryUpdateInput): Promise<TCategory> {
  await deps.prisma.$transaction(async (tx) => {
    await bumpCacheVersion(tx, CACHE_KEYS.categories);
    const existing = await tx.category.findUnique({
      where: { id: input.id },
      select: { id: true, slug: true },
    });
    if (!existing) throw new DomainError('not_found', CATEGORY_NOT_FOUND);
    if (input.parent != null) {
      await assertParentExists(tx, input.parent);
      await assertNoCycle(tx, input.id, input.parent);
    }
    if (input.slug && input.slug !== existing.slug) await assertSlugAvailable(tx, input.slug, input.id);
    await tx.category.update({
      where: { id: input.id },
      data: {
        ...(input.parent !== undefined ? { parentId: input.parent } : {}),
        ...(input.slug ? { slug: input.slug } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      },
      select: { id: true },
    });
    if (input.descriptions) await saveDescriptions(tx, { categoryId: input.id }, input.descriptions);
  });
  return reload(deps, input.id);
}

export async function deleteCategory(deps: Deps, id: number): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await bumpCacheVersion(tx, CACHE_KEYS.categories);
    const existing = await tx.category.findUnique({
      where: { id },
      select: { _count: { select: { children: true } } },
    });
    if (!existing) throw new DomainError('not_found', CATEGORY_NOT_FOUND);
    if (existing._count.children > 0) {
      throw new DomainError(
        'conflict',
        'A kategória nem törölhető, mert vannak alkategóriái. Előbb töröld vagy helyezd át őket!',
      );
    }
    await tx.category.delete({ where: { id }, select: { id: true } });
    // The category's product links go with it, and the catalogue index holds those links.
    await bumpCatalogue(tx);
  });
  deps.cache.invalidate(CACHE_KEYS.categories);
  invalidateCatalogue(deps.cache);
}
