import { createHash } from 'node:crypto';
import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import type {
  TFacet,
  TProductCard,
  TProductFiltersInput,
  TProductFiltersOutput,
  TProductListFilters,
  TProductListInput,
  TProductListOutput,
  TProductSort,
  TQuickSearchOutput,
  TSearchSuggestions,
} from '../../schemas';
import { findCategories, getCategoryById, getCategoryBySlug } from '../category';
import { categoryGeneration } from './generation';
import {
  type CatalogueIndex,
  cachedAnswer,
  cachedAsyncAnswer,
  FLAG_ENABLED,
  FLAG_FEATURED,
  FLAG_IN_STOCK,
  foldText,
  getCatalogueIndex,
  type IndexedProduct,
  isVisible,
  liveStock,
  NO_VALUE,
  priceOrder,
  scopePositions,
  segmentColumns,
  toCard,
  toVariantCard,
  wordsOf,
} from './in-memory-index';
import { isHiddenFor, type Shopper, shopperSegment, unitPriceFor } from './pricing';
import { queryTokens, searchProducts } from './search';
import { rankByScore, type SearchHits, topRanked } from './search-scoring';
import { spellingSuggestion } from './search-suggestions';

type Deps = { prisma: PrismaClient; cache: VersionedCache };
type Viewer = { shopper: Shopper; isAdmin: boolean };

const FEATURED_LIMIT = 12;
const POPULAR_LIMIT = 12;
const QUICK_PRODUCTS = 8;
const QUICK_CATEGORIES = 5;
/** At most this many products a looser typo search in the database adds (they come unranked). */
const SEARCH_LIMIT = 200;
const SUGGESTED_CATEGORIES = 5;
const SUGGESTED_PRODUCTS = 4;

function answerKey(kind: string, input: unknown, viewer: Viewer, generation: number): string | null {
  const segment = shopperSegment(viewer.shopper);
  if (segment === null) return null;
  const hash = createHash('sha1')
    .update(JSON.stringify([kind, input, segment, viewer.isAdmin, generation]))
    .digest('base64url');
  return `${kind}:${hash}`;
}

/** The category and its subcategories the shopper may see; 404 when the category is hidden. */
async function categoryScope(
  deps: Deps,
  category: number | string,
  includeHidden: boolean,
): Promise<Set<number>> {
  const root =
    typeof category === 'number'
      ? await getCategoryById(deps, category, includeHidden)
      : /^\d+$/.test(category)
        ? await getCategoryById(deps, Number(category), includeHidden)
        : await getCategoryBySlug(deps, category, includeHidden);
  const all = await findCategories(
    deps,
    { page: 1, pageSize: Number.MAX_SAFE_INTEGER, sort: 'id', order: 'asc' },
    includeHidden,
  );
  return new Set(
    all.items
      .filter((item) => item.id === root.id || item.ancestorIds.includes(root.id))
      .map((item) => item.id),
  );
}

type Selection = {
  categories: Set<number> | null;
  hits: SearchHits | null;
  inStock: boolean;
  featured: boolean | undefined;
  enabled: boolean | undefined;
  priceMin: number | undefined;
  priceMax: number | undefined;
  /** Only products whose (rounded) rating is at least this; a product without reviews has none. */
  minRating: number | undefined;
  /** Property id → accepted value ids. */
  properties: Map<number, Set<number>>;
};

type Evaluation = {
  matched: IndexedProduct[];
  counts: Map<number, number>;
  price: { min: number; max: number } | null;
};

/**
 * One pass over the catalogue. A product that passes every filter counts for all its
 * values; one that fails only property P's filter still counts for P's values, so each
 * facet shows what choosing that value would give (disjunctive facets). The price range
 * covers the products that pass every filter but the price.
 */
function evaluate(index: CatalogueIndex, viewer: Viewer, selection: Selection): Evaluation {
  const slotCount = index.slotValueIds.length;
  // Per property filter, the accepted values as a mask over value slots.
  const filters = [...selection.properties].map(([propertyId, accepted]) => {
    const mask = new Uint8Array(slotCount);
    for (const valueId of accepted) {
      const slot = index.valueSlot.get(valueId);
      if (slot !== undefined) mask[slot] = 1;
    }
    return { propertyId, mask };
  });
  const { flags, valueOffsets, valueSlotList } = index.columns;
  const { slotPropertyIds } = index;
  const { shopper, isAdmin } = viewer;
  const segment = segmentColumns(index, shopper);
  const matched: IndexedProduct[] = [];
  const slotCounts = new Int32Array(slotCount);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const { categories, hits, enabled, featured, inStock, priceMin, priceMax, minRating } = selection;
  const candidates = candidatePositions(index, selection);
  const positions = candidates?.positions;
  const checkCategories = categories !== null && !candidates?.inScope;
  // Walking the search hits themselves needs no check; walking a category scope does.
  const hitPositions = hits && candidates?.inScope ? new Set(hits.positions) : null;
  const total = positions ? positions.length : index.products.length;
  for (let i = 0; i < total; i++) {
    const position = positions ? positions[i]! : i;
    const flag = flags[position]!;
    const productEnabled = (flag & FLAG_ENABLED) !== 0;
    if (!isAdmin) {
      if (!productEnabled) continue;
      const hidden = segment
        ? segment.hidden[position] === 1
        : isHiddenFor(index.products[position]!, shopper);
      if (hidden) continue;
    }
    if (enabled !== undefined && productEnabled !== enabled) continue;
    if (checkCategories && !inAny(index.products[position]!.categoryIds, categories)) continue;
    if (hitPositions && !hitPositions.has(position)) continue;
    if (inStock && (flag & FLAG_IN_STOCK) === 0) continue;
    if (featured !== undefined && ((flag & FLAG_FEATURED) !== 0) !== featured) continue;
    if (minRating !== undefined && (index.products[position]!.rating ?? 0) < minRating) continue;
    const from = valueOffsets[position]!;
    const to = valueOffsets[position + 1]!;
    let failures = 0;
    let failedProperty = 0;
    for (const filter of filters) {
      let accepted = false;
      for (let k = from; k < to; k++) {
        if (filter.mask[valueSlotList[k]!]) {
          accepted = true;
          break;
        }
      }
      if (!accepted) {
        failures++;
        failedProperty = filter.propertyId;
        if (failures > 1) break;
      }
    }
    if (failures > 1) continue;
    const price = segment ? segment.prices[position]! : unitPriceFor(index.products[position]!, shopper);
    if (failures === 0) {
      if (price < min) min = price;
      if (price > max) max = price;
    }
    if (priceMin !== undefined && price < priceMin) continue;
    if (priceMax !== undefined && price > priceMax) continue;
    if (failures === 0) {
      matched.push(index.products[position]!);
      for (let k = from; k < to; k++) slotCounts[valueSlotList[k]!]!++;
    } else {
      for (let k = from; k < to; k++) {
        const slot = valueSlotList[k]!;
        if (slotPropertyIds[slot] === failedProperty) slotCounts[slot]!++;
      }
    }
  }
  const counts = new Map<number, number>();
  for (let slot = 0; slot < slotCount; slot++) {
    const valueId = index.slotValueIds[slot]!;
    if (slotCounts[slot]! > 0 && valueId !== NO_VALUE) counts.set(valueId, slotCounts[slot]!);
  }
  return { matched, counts, price: matched.length > 0 || min <= max ? { min, max } : null };
}

function inAny(ids: readonly number[], wanted: ReadonlySet<number>): boolean {
  for (const id of ids) if (wanted.has(id)) return true;
  return false;
}

/**
 * The products worth looking at, ascending: those of the category scope (`inScope`) or the
 * search hits, whichever is fewer, or null for the whole catalogue. Every other filter is still
 * checked, so walking a superset gives the same answer as walking everything.
 */
function candidatePositions(
  index: CatalogueIndex,
  selection: Selection,
): { positions: Int32Array; inScope: boolean } | null {
  const scope = selection.categories ? scopePositions(index, selection.categories) : null;
  if (!selection.hits || (scope && scope.length <= selection.hits.positions.length)) {
    return scope ? { positions: scope, inScope: true } : null;
  }
  return { positions: Int32Array.from(selection.hits.positions).sort(), inScope: false };
}

function sortedPage(
  index: CatalogueIndex,
  viewer: Viewer,
  matched: IndexedProduct[],
  sort: TProductSort,
  hits: SearchHits | null,
  page: number,
  pageSize: number,
): IndexedProduct[] {
  const start = (page - 1) * pageSize;
  if (start >= matched.length) return [];
  if (sort === 'relevance' && hits) {
    const wanted = new Set(matched.map((product) => product.id));
    return rankByScore(index, hits)
      .filter((product) => wanted.has(product.id))
      .slice(start, start + pageSize);
  }
  const presorted =
    sort === 'price-asc' || sort === 'price-desc'
      ? priceOrder(index, viewer.shopper)
      : index.orders[sort === 'relevance' ? 'relevance' : sort];
  if (!presorted) {
    // A customer with own prices: the matched set is sorted on its own.
    const direction = sort === 'price-desc' ? -1 : 1;
    const price = (product: IndexedProduct) => unitPriceFor(product, viewer.shopper);
    return [...matched]
      .sort((a, b) => direction * (price(a) - price(b)) || a.id - b.id)
      .slice(start, start + pageSize);
  }
  // Walking a presorted order beats sorting the matched set on every request.
  const wanted = new Uint8Array(index.products.length);
  for (const product of matched) wanted[product.position] = 1;
  const result: IndexedProduct[] = [];
  let skipped = 0;
  const descending = sort === 'price-desc';
  for (let i = 0; i < presorted.length && result.length < pageSize; i++) {
    const position = presorted[descending ? presorted.length - 1 - i : i]!;
    if (!wanted[position]) continue;
    if (skipped < start) skipped++;
    else result.push(index.products[position]!);
  }
  return result;
}

function facetsOf(index: CatalogueIndex, selection: Selection, counts: Map<number, number>): TFacet[] {
  const facets: TFacet[] = [];
  for (const property of index.properties) {
    if (!property.filterable) continue;
    const selected = selection.properties.get(property.id);
    const values = property.values
      .map((value) => ({
        id: value.id,
        title: value.title,
        count: counts.get(value.id) ?? 0,
        selected: selected?.has(value.id) ?? false,
      }))
      .filter((value) => value.count > 0 || value.selected);
    if (values.length > 0)
      facets.push({ id: property.id, code: property.code, title: property.title, values });
  }
  return facets;
}

/** POST /api/product/filters. */
export async function filterProducts(
  deps: Deps,
  viewer: Viewer,
  input: TProductFiltersInput,
): Promise<TProductFiltersOutput> {
  const index = await getCatalogueIndex(deps);
  const key = answerKey('filters', input, viewer, await categoryGeneration(deps));
  const found = await cachedAsyncAnswer(index, key, async () => {
    const properties = new Map<number, Set<number>>();
    for (const [propertyId, valueIds] of Object.entries(input.properties ?? {})) {
      if (valueIds.length > 0) properties.set(Number(propertyId), new Set(valueIds));
    }
    const query = input.query?.trim();
    const hits = query ? await searchProducts(deps.prisma, index, query, SEARCH_LIMIT) : null;
    const selection: Selection = {
      categories:
        input.category === undefined ? null : await categoryScope(deps, input.category, viewer.isAdmin),
      hits,
      inStock: input.inStock ?? false,
      featured: input.featured,
      enabled: undefined,
      priceMin: input.priceMin,
      priceMax: input.priceMax,
      minRating: input.minRating,
      properties,
    };
    const { matched, counts, price } = evaluate(index, viewer, selection);
    const items = sortedPage(index, viewer, matched, input.sort, hits, input.page, input.pageSize);
    // Only the text can be at fault when it finds nothing the shopper may see; when filters
    // emptied the list, the screen offers to clear them instead.
    const textFoundNothing =
      query &&
      matched.length === 0 &&
      !hits?.positions.some((position) =>
        isVisible(index.products[position]!, viewer.shopper, viewer.isAdmin),
      );
    return {
      items: items.map((product) => toCard(product, viewer.shopper)),
      total: matched.length,
      page: input.page,
      pageSize: input.pageSize,
      facets: { properties: facetsOf(index, selection, counts), price },
      suggestions: textFoundNothing ? await searchSuggestions(deps, viewer, index, query) : null,
    };
  });
  return viewer.isAdmin ? { ...found, items: liveStock(index, found.items) } : found;
}

/**
 * What a search that found nothing offers: the closest spelling that finds something, the
 * categories whose own names hold a word of the query or of that spelling (names with a word
 * starting with one first), and the best sellers.
 */
async function searchSuggestions(
  deps: Deps,
  viewer: Viewer,
  index: CatalogueIndex,
  query: string,
): Promise<TSearchSuggestions> {
  const spelling = spellingSuggestion(index, query, (product) =>
    isVisible(product, viewer.shopper, viewer.isAdmin),
  );
  const words = [...new Set([...queryTokens(query), ...(spelling ? queryTokens(spelling) : [])])].filter(
    (word) => word.length >= 3 && !/\d/.test(word),
  );
  // By the category's own name: a path would offer every subcategory of "Bögrék és csészék" for "bögre".
  const { items } = await findCategories(
    deps,
    { page: 1, pageSize: Number.MAX_SAFE_INTEGER, sort: 'path', order: 'asc' },
    viewer.isAdmin,
  );
  const categories = items
    .map((category) => {
      const title = foldText(category.title);
      const titleWords = wordsOf(category.title);
      return {
        category,
        named: words.some((word) => title.includes(word)),
        starts: words.some((word) => titleWords.some((titleWord) => titleWord.startsWith(word))),
      };
    })
    .filter(({ named }) => named)
    .sort((a, b) => Number(b.starts) - Number(a.starts))
    .slice(0, SUGGESTED_CATEGORIES)
    .map(({ category: { id, title, path, urlPath } }) => ({ id, title, path, urlPath }));
  const popular = await popularProducts(deps, viewer.shopper);
  return { spelling, categories, popular: popular.items.slice(0, SUGGESTED_PRODUCTS) };
}

/** What the plain list's filters select. */
async function listSelection(
  deps: Deps,
  viewer: Viewer,
  index: CatalogueIndex,
  input: TProductListFilters,
): Promise<Selection & { hits: SearchHits | null }> {
  const search = input.search?.trim();
  return {
    categories:
      input.categoryId === undefined ? null : await categoryScope(deps, input.categoryId, viewer.isAdmin),
    hits: search ? await searchProducts(deps.prisma, index, search, SEARCH_LIMIT) : null,
    inStock: false,
    featured: input.featured,
    enabled: viewer.isAdmin && input.state !== 'all' ? input.state === 'enabled' : undefined,
    priceMin: undefined,
    priceMax: undefined,
    minRating: undefined,
    properties: new Map(),
  };
}

/** POST /api/product: the plain paged list; admins also see and filter disabled products. */
export async function listProducts(
  deps: Deps,
  viewer: Viewer,
  input: TProductListInput,
): Promise<TProductListOutput> {
  const index = await getCatalogueIndex(deps);
  const key = answerKey('list', input, viewer, await categoryGeneration(deps));
  const found = await cachedAsyncAnswer(index, key, async () => {
    const selection = await listSelection(deps, viewer, index, input);
    const { matched } = evaluate(index, viewer, selection);
    const items = sortedPage(index, viewer, matched, input.sort, selection.hits, input.page, input.pageSize);
    return {
      items: items.map((product) => toCard(product, viewer.shopper)),
      total: matched.length,
      page: input.page,
      pageSize: input.pageSize,
    };
  });
  return viewer.isAdmin ? { ...found, items: liveStock(index, found.items) } : found;
}

/** The ids of every product the plain list's filters match, in the list's order (the admin's export). */
export async function listedProductIds(
  deps: Deps,
  viewer: Viewer,
  input: TProductListFilters,
): Promise<number[]> {
  const index = await getCatalogueIndex(deps);
  const selection = await listSelection(deps, viewer, index, input);
  const { matched } = evaluate(index, viewer, selection);
  return sortedPage(index, viewer, matched, input.sort, selection.hits, 1, matched.length).map(
    (product) => product.id,
  );
}

function topCards(
  index: CatalogueIndex,
  shopper: Shopper,
  order: Int32Array,
  limit: number,
  accept: (product: IndexedProduct) => boolean,
): TProductCard[] {
  const cards: TProductCard[] = [];
  for (let i = 0; i < order.length && cards.length < limit; i++) {
    const product = index.products[order[i]!]!;
    if (isVisible(product, shopper, false) && accept(product)) cards.push(toCard(product, shopper));
  }
  return cards;
}

/** GET /api/product/featured: the featured products in stock first, best sellers first. */
export async function featuredProducts(deps: Deps, shopper: Shopper): Promise<{ items: TProductCard[] }> {
  const index = await getCatalogueIndex(deps);
  const segment = shopperSegment(shopper);
  return cachedAnswer(index, segment === null ? null : `featured:${segment}`, () => {
    const featured = (product: IndexedProduct) => product.featured;
    const inStock = topCards(
      index,
      shopper,
      index.orders.popularity,
      FEATURED_LIMIT,
      (p) => featured(p) && p.stock > 0,
    );
    const rest = topCards(
      index,
      shopper,
      index.orders.popularity,
      FEATURED_LIMIT,
      (p) => featured(p) && p.stock <= 0,
    );
    return { items: [...inStock, ...rest].slice(0, FEATURED_LIMIT) };
  });
}

/**
 * GET /api/product/popular: by units sold; while nothing has sold yet (a new shop) the
 * newest products in stock stand in.
 */
export async function popularProducts(deps: Deps, shopper: Shopper): Promise<{ items: TProductCard[] }> {
  const index = await getCatalogueIndex(deps);
  const segment = shopperSegment(shopper);
  return cachedAnswer(index, segment === null ? null : `popular:${segment}`, () => {
    const sold = topCards(index, shopper, index.orders.popularity, POPULAR_LIMIT, (p) => p.unitsSold > 0);
    const shown = new Set(sold.map((card) => card.id));
    const newest = topCards(
      index,
      shopper,
      index.orders.newest,
      POPULAR_LIMIT - sold.length,
      (p) => p.stock > 0 && !shown.has(p.id),
    );
    return { items: [...sold, ...newest] };
  });
}

/** POST /api/product/quicksearch: an exact product code first, then the best text matches. */
export async function quickSearch(deps: Deps, viewer: Viewer, query: string): Promise<TQuickSearchOutput> {
  const text = query.trim();
  if (!text) return { products: [], categories: [] };
  const index = await getCatalogueIndex(deps);
  // Shoppers typing the same words ("bög", "bögre") share answers until the catalogue changes.
  const key = answerKey('quick', text, viewer, await categoryGeneration(deps));
  const found = await cachedAsyncAnswer(index, key, () => computeQuickSearch(deps, viewer, index, text));
  return viewer.isAdmin ? { ...found, products: liveStock(index, found.products) } : found;
}

async function computeQuickSearch(
  deps: Deps,
  viewer: Viewer,
  index: CatalogueIndex,
  text: string,
): Promise<TQuickSearchOutput> {
  const shown = {
    limit: QUICK_PRODUCTS,
    accept: (product: IndexedProduct) => isVisible(product, viewer.shopper, viewer.isAdmin),
  };
  // Hidden and disabled hits are skipped, so looser typos may add a few more than shown.
  const hits = await searchProducts(deps.prisma, index, text, QUICK_PRODUCTS * 4, shown);
  const products = topRanked(index, hits, shown.limit, shown.accept).map((product) =>
    toCard(product, viewer.shopper),
  );

  const needle = foldText(text);
  const found = await findCategories(
    deps,
    { search: text, page: 1, pageSize: 50, sort: 'path', order: 'asc' },
    viewer.isAdmin,
  );
  const categories = found.items
    .map((category) => ({ category, starts: foldText(category.title).startsWith(needle) }))
    .sort((a, b) => Number(b.starts) - Number(a.starts))
    .slice(0, QUICK_CATEGORIES)
    .map(({ category }) => ({
      id: category.id,
      title: category.title,
      path: category.path,
      urlPath: category.urlPath,
    }));
  return { products, categories };
}

/** POST /api/product/find-multiple-products-by-kuti-id: in the order asked, with what matched nothing. */
export async function findByKutiIds(
  deps: Deps,
  viewer: Viewer,
  ids: string[],
): Promise<{
  items: (TProductCard & { requestedId: string; variant: number | null })[];
  notFound: string[];
}> {
  const index = await getCatalogueIndex(deps);
  const items: (TProductCard & { requestedId: string; variant: number | null })[] = [];
  const notFound: string[] = [];
  const asked = new Set<string>();
  for (const requested of ids) {
    const code = requested.trim().toLowerCase();
    if (asked.has(code)) continue;
    asked.add(code);
    const product = (index.byKutiId.get(code) ?? []).find((candidate) =>
      isVisible(candidate, viewer.shopper, viewer.isAdmin),
    );
    if (product) {
      const card = toCard(product, viewer.shopper);
      items.push({
        ...card,
        stock: viewer.isAdmin ? product.stock : null,
        requestedId: requested,
        variant: null,
      });
      continue;
    }
    // A variant's code: the card of its product, as that variant (its name, code, price and stock).
    const variant = index.variantByKutiId.get(code);
    const parent = variant && index.byId.get(variant.productId);
    if (
      variant &&
      parent &&
      (variant.enabled || viewer.isAdmin) &&
      isVisible(parent, viewer.shopper, viewer.isAdmin)
    ) {
      items.push({
        ...toVariantCard(parent, variant, viewer.shopper),
        stock: viewer.isAdmin ? variant.stock : null,
        requestedId: requested,
        variant: variant.id,
      });
    } else notFound.push(requested);
  }
  return { items, notFound };
}
