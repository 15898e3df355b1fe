import type { Prisma, PrismaClient } from '@shop/db';
import { AskedOnce } from '../../asked-once';
import { bumpCacheVersion, type VersionedCache } from '../../cache';
import { reportCatalogueBuilt } from '../../observability';
import { mediaUrl, productPrettySlug, type TProductCard } from '../../schemas';
import { NET_QUANTITY_UNITS, type TNetQuantityUnit, unitPriceOf } from '../../schemas/unit-price';
import { asVatClass, effectiveVatClass, type TVatClass, vatPercentOf } from '../../schemas/vat';
import { type NameOrder, orderByName } from '../name-order';
import { roundedRating } from '../reviews/shopper-reviews';
import { lowestPricesBeforeSales } from './lowest-price';
import {
  isHiddenFor,
  nextSaleBoundary,
  type PriceTier,
  type ProductPriceData,
  type SaleWindow,
  type Shopper,
  type SpecialPrice,
  saleRunning,
  saleWindowOf,
  shopperSegment,
  unitPriceFor,
} from './pricing';
import { syncRecentStock } from './stock-sync';
import {
  groupVariants,
  type IndexedOption,
  type IndexedVariant,
  loadVariantRows,
  soldTitle,
  variantInStock,
  variantSummary,
  variantUnitPrice,
} from './variants';

/**
 * The catalogue as lists, filters and facets need it, held in memory: one query set
 * builds it, every list answer is then computed without touching the database. At
 * 100 000 products it takes tens of megabytes and answers a filter with facet counts
 * in a few milliseconds, where the same in SQL costs tens of milliseconds of database
 * time per request. Any catalogue write bumps the `catalogue` cache version, which
 * drops the index on this server at once and on every other server within a poll.
 * A scheduled sale changes prices with no write at all: each index knows the next moment a sale starts
 * or ends (`priceChangesAt`) and every server rebuilds its own on the first request after it, so cached
 * answers, price columns and price orders never outlive a sale boundary.
 */
export const CATALOGUE_CACHE_KEY = 'catalogue';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

export type IndexedProduct = ProductPriceData & {
  /** Position in `CatalogueIndex.products`. */
  position: number;
  slug: string;
  kutiId: string | null;
  title: string;
  /** The title folded for search: lower case, no accents. */
  foldedTitle: string;
  /**
   * The folded words of title, code and property values ("kék", "porcelán", "3 dl", the brand),
   * each once: the keys of `CatalogueIndex.words` it is listed under. The first `wholeWordCount`
   * are words of the title, the code or a value of one word; the rest the product has only as part
   * of a value of several words (the brand "Kék Bögre Manufaktúra", "rozsdamentes acél").
   */
  searchWords: readonly string[];
  wholeWordCount: number;
  lowestPrice30d: number | null;
  /**
   * While its own sale runs: the lowest price of the 30 days before the sale started, which the sale is
   * shown against (lowest-price.ts); null otherwise, or when it was never sold dearer before.
   */
  lowestBeforeSale: number | null;
  /** Mutable: orders move it in place (stock-sync.ts). */
  stock: number;
  /** The class it is sold at: AAM for everything when the shop is alanyi adómentes (schemas/vat.ts). */
  vatClass: TVatClass;
  unit: string;
  /** The net quantity of one piece, for the unit price (schemas/unit-price.ts); null: sold by the piece. */
  netQuantity: number | null;
  netQuantityUnit: TNetQuantityUnit | null;
  enabled: boolean;
  featured: boolean;
  unitsSold: number;
  /**
   * The average of its approved reviews rounded to one decimal, as the product page shows it (null: none
   * yet), and their number; the database keeps both (the "Review" trigger), so reviews are never read here.
   */
  rating: number | null;
  ratingCount: number;
  createdAt: number;
  imageId: number | null;
  /** The primary category first. */
  categoryIds: readonly number[];
  /**
   * Its own property values and the option values of its enabled variants. Filters see an option value
   * only while a variant with it is in stock (`refreshVariantSlots`), so "Méret: M" finds what can be bought.
   */
  valueIds: readonly number[];
  groupPrices: ReadonlyMap<number, SpecialPrice>;
  /** Empty for a product sold as itself (services/catalogue/variants.ts). */
  options: readonly IndexedOption[];
  variants: readonly IndexedVariant[];
  /** "4 színben" on its card; null for a product sold as itself. */
  variantSummary: string | null;
};

export type IndexedProperty = {
  id: number;
  code: string;
  title: string;
  position: number;
  filterable: boolean;
  values: { id: number; title: string; position: number; swatch: string | null }[];
};

export type CatalogueIndex = {
  products: IndexedProduct[];
  byId: Map<number, IndexedProduct>;
  /** Lower-cased external code → products (a code may be duplicated by mistake). */
  byKutiId: Map<string, IndexedProduct[]>;
  /** Every variant by its id. */
  variantsById: Map<number, IndexedVariant>;
  /** Lower-cased variant code → variant. */
  variantByKutiId: Map<string, IndexedVariant>;
  properties: IndexedProperty[];
  propertyOfValue: Map<number, number>;
  /**
   * Per position, what filters read, in flat arrays: walking them costs a few nanoseconds per
   * product, where following each product object's own arrays costs a cache miss or more.
   * `flags`: see FLAG_*; `valueSlotList` from `valueOffsets[p]` to `valueOffsets[p + 1]`: the
   * product's value slots.
   */
  columns: { flags: Uint8Array; valueOffsets: Int32Array; valueSlotList: Int32Array };
  /** Per pricing segment: each product's price of one piece and whether it is hidden; built on first use. */
  segmentColumns: Map<string, SegmentColumns>;
  /** Property value id → a dense slot number (0, 1, 2, …). */
  valueSlot: Map<number, number>;
  /** Slot → property value id; the last slot is NO_VALUE's (an option value not in stock now). */
  slotValueIds: Int32Array;
  /** Slot → property id (0 for a value of no known property). */
  slotPropertyIds: Int32Array;
  /** Category id → positions, ascending, of the products directly in it (subcategories not included). */
  byCategory: Map<number, Int32Array>;
  /** Positions, ascending, of the products in a set of categories, by the set's sorted ids; built on first use. */
  scopes: Map<string, Int32Array>;
  /** Folded word of a title, code or property value → positions of the products that have it (text search). */
  words: Map<string, number[]>;
  /** Property value id → the folded words of its title, for search (a value without a title has none). */
  valueWords: Map<number, readonly string[]>;
  /** Presorted product positions per sort. */
  orders: {
    name: Int32Array;
    newest: Int32Array;
    popularity: Int32Array;
    relevance: Int32Array;
    rating: Int32Array;
  };
  /** Price orders per pricing segment, built on first use. */
  priceOrders: Map<string, Int32Array>;
  /** Answers cached by request hash; they live exactly as long as this index. */
  answers: Map<string, unknown>;
  /** Answer keys asked once lately: an answer is kept from its second ask. */
  askedOnce: AskedOnce;
  /** Distinguishes this build from every other one in the process (see `catalogueGeneration`). */
  generation: number;
  /** Moves when stock applied in place changes what answers show (see stock-sync.ts). */
  stockVersion: number;
  /** The shop is alanyi adómentes (ShopSetting.vatExempt): every line it sells is AAM (schemas/vat.ts). */
  vatExempt: boolean;
  /** The next moment (ms) a scheduled sale starts or ends; the index is stale from then on (Infinity: none). */
  priceChangesAt: number;
};

export type SegmentColumns = { prices: Int32Array; hidden: Uint8Array };

export const FLAG_ENABLED = 1;
export const FLAG_FEATURED = 2;
export const FLAG_IN_STOCK = 4;

const MAX_CACHED_ANSWERS = 5000;
const MAX_CACHED_SCOPES = 1000;
let nextGeneration = 1;
/** The name order of the last build, which the next one starts from (see name-order.ts). */
let lastNameOrder: NameOrder | null = null;

/** Lower case without accents, as `shop_fold` in the database: "Bögre" → "bogre". */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * A word of search text: a number with its decimals ("2,5" or "2.5"), or letters and digits. A
 * number is cut from the letters written after it, so "3dl" is the two words of "3 dl".
 */
const SEARCH_WORD = /\p{N}+(?:[.,]\p{N}+)?|[\p{L}\p{N}]+/gu;

/** The folded words of a text for search: "Bögre, 2,5 dl" → bogre, 2,5, dl. */
export function wordsOf(text: string): string[] {
  return Array.from(foldText(text).matchAll(SEARCH_WORD), ([word]) => word.replace('.', ','));
}

/** The words of a text as `wordsOf` cuts them, as written: "Bögre, 3dl" → Bögre, 3, dl. */
export function typedWordsOf(text: string): string[] {
  return Array.from(text.normalize('NFC').matchAll(SEARCH_WORD), ([word]) => word);
}
const collator = new Intl.Collator('hu');

/** Marks the catalogue changed inside the writer's transaction. */
export function bumpCatalogue(tx: Prisma.TransactionClient): Promise<void> {
  return bumpCacheVersion(tx, CATALOGUE_CACHE_KEY);
}

/** Drops this server's index; call after the transaction that bumped the version committed. */
export function invalidateCatalogue(cache: VersionedCache): void {
  cache.invalidate(CATALOGUE_CACHE_KEY);
}

export async function getCatalogueIndex({ prisma, cache }: Deps): Promise<CatalogueIndex> {
  let index = await cache.get(CATALOGUE_CACHE_KEY, () => timedBuild(prisma));
  if (Date.now() >= index.priceChangesAt) {
    // A sale started or ended since the build: rebuild once (requests meanwhile share the new build).
    if (cache.peek(CATALOGUE_CACHE_KEY) === index) invalidateCatalogue(cache);
    index = await cache.get(CATALOGUE_CACHE_KEY, () => timedBuild(prisma));
  }
  await syncRecentStock(prisma, index);
  return index;
}

/** A cached answer of this index, kept from the second time its key is asked (see `AskedOnce`). */
export function cachedAnswer<T>(index: CatalogueIndex, key: string | null, compute: () => T): T {
  if (key === null) return compute();
  if (index.answers.has(key)) return index.answers.get(key) as T;
  const value = compute();
  if (!index.askedOnce.askedBefore(key)) return value;
  if (index.answers.size >= MAX_CACHED_ANSWERS) index.answers.clear();
  index.answers.set(key, value);
  return value;
}

/** `cachedAnswer` for an answer computed asynchronously: a failed computation is forgotten, so the next request tries again. */
export async function cachedAsyncAnswer<T>(
  index: CatalogueIndex,
  key: string | null,
  compute: () => Promise<T>,
): Promise<T> {
  const answer = cachedAnswer(index, key, compute);
  try {
    return await answer;
  } catch (error) {
    if (key !== null && index.answers.get(key) === answer) index.answers.delete(key);
    throw error;
  }
}

type ProductRow = {
  id: number;
  slug: string;
  kutiId: string | null;
  grossPrice: number;
  salePrice: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  lowestPrice30d: number | null;
  stock: number;
  vatClass: string;
  unit: string;
  netQuantity: number | null;
  netQuantityUnit: string | null;
  enabled: boolean;
  featured: boolean;
  unitsSold: number;
  ratingAverage: number | null;
  ratingCount: number;
  createdAt: Date;
  title: string | null;
};

/** Both or neither: a quantity without a known unit cannot give a unit price. */
function netQuantityOf(row: ProductRow): Pick<IndexedProduct, 'netQuantity' | 'netQuantityUnit'> {
  const unit = row.netQuantityUnit;
  if (row.netQuantity === null || !(NET_QUANTITY_UNITS as readonly (string | null)[]).includes(unit)) {
    return { netQuantity: null, netQuantityUnit: null };
  }
  return { netQuantity: Number(row.netQuantity), netQuantityUnit: unit as TNetQuantityUnit };
}

/** A rebuild, timed for the server's metrics. */
async function timedBuild(prisma: PrismaClient): Promise<CatalogueIndex> {
  const started = performance.now();
  const index = await buildCatalogueIndex(prisma);
  reportCatalogueBuilt((performance.now() - started) / 1000, index.products.length);
  return index;
}

async function buildCatalogueIndex(prisma: PrismaClient): Promise<CatalogueIndex> {
  const generation = nextGeneration++;
  const builtAt = Date.now();
  // Set-based queries (hash joins, one pass each) rather than a query per product.
  const [rows, images, categories, values, tiers, groupPrices, properties, shop, variantRows] =
    await Promise.all([
      prisma.$queryRaw<ProductRow[]>`
      SELECT p.id, p.slug, p."kutiId", p."grossPrice", p."salePrice", p."saleStartsAt", p."saleEndsAt", p."lowestPrice30d", p.stock, p."vatClass", p.unit, p."netQuantity", p."netQuantityUnit",
             p.enabled, p.featured, p."unitsSold", p."ratingAverage", p."ratingCount", p."createdAt", d.title
      FROM "Product" p
      LEFT JOIN (
        SELECT DISTINCT ON ("productId") "productId", title FROM "Description"
        WHERE "productId" IS NOT NULL
        ORDER BY "productId", ("language" = 'hu') DESC, id
      ) d ON d."productId" = p.id
      ORDER BY p.id`,
      prisma.$queryRaw<{ productId: number; mediaId: number }[]>`
      SELECT DISTINCT ON ("productId") "productId", "mediaId" FROM "ProductImage"
      ORDER BY "productId", position, id`,
      prisma.$queryRaw<{ productId: number; ids: number[] }[]>`
      SELECT "productId", array_agg("categoryId" ORDER BY "primary" DESC, "categoryId") AS ids
      FROM "ProductCategory" GROUP BY "productId"`,
      prisma.$queryRaw<{ productId: number; ids: number[] }[]>`
      SELECT "productId", array_agg("propertyValueId" ORDER BY "propertyValueId") AS ids
      FROM "ProductPropertyValue" GROUP BY "productId"`,
      prisma.productPriceTier.findMany({
        select: { productId: true, minQuantity: true, grossPrice: true },
        orderBy: [{ productId: 'asc' }, { minQuantity: 'asc' }],
      }),
      prisma.productGroupPrice.findMany({
        select: { productId: true, groupId: true, grossPrice: true, hidden: true },
      }),
      prisma.property.findMany({
        select: {
          id: true,
          code: true,
          position: true,
          filterable: true,
          descriptions: { select: { language: true, title: true, id: true } },
          values: {
            select: {
              id: true,
              position: true,
              swatch: true,
              descriptions: { select: { language: true, title: true, id: true } },
            },
          },
        },
      }),
      prisma.shopSetting.findUnique({ where: { id: 1 }, select: { vatExempt: true } }),
      loadVariantRows(prisma),
    ]);

  const imageOf = new Map(images.map((row) => [row.productId, row.mediaId]));
  const categoriesOf = new Map(categories.map((row) => [row.productId, row.ids.map(Number)]));
  const valuesOf = new Map(values.map((row) => [row.productId, row.ids.map(Number)]));
  const tiersOf = new Map<number, PriceTier[]>();
  for (const tier of tiers) {
    const list = tiersOf.get(tier.productId) ?? [];
    list.push({ minQuantity: tier.minQuantity, grossPrice: tier.grossPrice });
    tiersOf.set(tier.productId, list);
  }
  const groupPricesOf = new Map<number, Map<number, SpecialPrice>>();
  for (const row of groupPrices) {
    const map = groupPricesOf.get(row.productId) ?? new Map<number, SpecialPrice>();
    map.set(row.groupId, { grossPrice: row.grossPrice, hidden: row.hidden });
    groupPricesOf.set(row.productId, map);
  }

  const titleOf = (descriptions: { language: string; title: string; id: number }[], fallback: string) =>
    [...descriptions].sort(
      (a, b) => Number(b.language === 'hu') - Number(a.language === 'hu') || a.id - b.id,
    )[0]?.title ?? fallback;
  const valueWords = new Map<number, readonly string[]>();
  for (const property of properties) {
    for (const value of property.values) valueWords.set(value.id, wordsOf(titleOf(value.descriptions, '')));
  }
  const propertyTitles = new Map(
    properties.map((property) => [property.id, titleOf(property.descriptions, property.code)]),
  );
  const valueTitles = new Map<number, string>();
  const propertyOfValueId = new Map<number, number>();
  for (const property of properties) {
    for (const value of property.values) {
      valueTitles.set(value.id, titleOf(value.descriptions, String(value.id)));
      propertyOfValueId.set(value.id, property.id);
    }
  }
  const runningSince = (entries: Iterable<[number, SaleWindow | null]>) =>
    [...entries].flatMap(([id, sale]) =>
      saleRunning(sale, builtAt) && sale.startsAt !== null ? [{ id, startsAt: sale.startsAt }] : [],
    );
  // A variant's own sale is shown against its own price history only when it has a list price of its own.
  const ownSales = variantRows.variants.flatMap((row): [number, SaleWindow | null][] =>
    row.grossPrice === null ? [] : [[Number(row.id), saleWindowOf(row)]],
  );
  const { variantsOf, optionsOf } = groupVariants(
    variantRows,
    {
      propertyTitle: (id) => propertyTitles.get(id) ?? '',
      valueTitle: (id) => valueTitles.get(id) ?? '',
      propertyOfValue: (id) => propertyOfValueId.get(id),
    },
    await lowestPricesBeforeSales(prisma, runningSince(ownSales), 'variant'),
  );
  const noVariants: IndexedVariant[] = [];
  const noOptions: IndexedOption[] = [];
  /** Own values and the option values of its enabled variants, each once, ascending. */
  const allValuesOf = (productId: number): number[] => {
    const own = valuesOf.get(productId) ?? [];
    const variants = variantsOf.get(productId);
    if (!variants) return own;
    const all = new Set(own);
    for (const variant of variants) if (variant.enabled) for (const id of variant.valueIds) all.add(id);
    return [...all].sort((a, b) => a - b);
  };
  const searchWordsOf = (title: string, codes: string, valueIds: readonly number[]) => {
    const values = valueIds.map((id) => valueWords.get(id) ?? []);
    const whole = new Set([...wordsOf(`${title} ${codes}`), ...values.filter((w) => w.length === 1).flat()]);
    const partial = new Set(values.filter((w) => w.length > 1).flat());
    for (const word of whole) partial.delete(word);
    return { searchWords: [...whole, ...partial], wholeWordCount: whole.size };
  };

  const sales = new Map(rows.map((row) => [Number(row.id), saleWindowOf(row)]));
  const lowestBeforeSale = await lowestPricesBeforeSales(prisma, runningSince(sales));
  let priceChangesAt = Number.POSITIVE_INFINITY;
  for (const sale of [...sales.values(), ...variantRows.variants.map(saleWindowOf)]) {
    priceChangesAt = Math.min(priceChangesAt, nextSaleBoundary(sale, builtAt) ?? Number.POSITIVE_INFINITY);
  }

  const noGroupPrices = new Map<number, SpecialPrice>();
  const products: IndexedProduct[] = rows.map((row, position) => {
    const id = Number(row.id);
    const variants = variantsOf.get(id) ?? noVariants;
    const options = optionsOf.get(id) ?? noOptions;
    const valueIds = allValuesOf(id);
    // A variant's code finds its product, as the product's own code does.
    const codes = [row.kutiId ?? '', ...variants.map((variant) => variant.kutiId ?? '')].join(' ');
    return {
      position,
      id,
      slug: row.slug,
      kutiId: row.kutiId,
      title: row.title ?? row.slug,
      foldedTitle: foldText(row.title ?? row.slug),
      ...searchWordsOf(row.title ?? row.slug, codes, valueIds),
      grossPrice: Number(row.grossPrice),
      sale: sales.get(id) ?? null,
      lowestPrice30d: row.lowestPrice30d === null ? null : Number(row.lowestPrice30d),
      lowestBeforeSale: lowestBeforeSale.get(id) ?? null,
      stock: Number(row.stock),
      vatClass: effectiveVatClass(asVatClass(row.vatClass), shop?.vatExempt ?? false),
      unit: row.unit,
      ...netQuantityOf(row),
      enabled: row.enabled,
      featured: row.featured,
      unitsSold: Number(row.unitsSold),
      rating: roundedRating(row.ratingAverage),
      ratingCount: Number(row.ratingCount),
      createdAt: new Date(row.createdAt).getTime(),
      imageId: imageOf.get(Number(row.id)) ?? null,
      categoryIds: categoriesOf.get(Number(row.id)) ?? [],
      valueIds,
      tiers: tiersOf.get(Number(row.id)) ?? [],
      groupPrices: groupPricesOf.get(Number(row.id)) ?? noGroupPrices,
      options,
      variants,
      variantSummary: variantSummary(options, variants),
    };
  });
  const variantsById = new Map<number, IndexedVariant>();
  const variantByKutiId = new Map<string, IndexedVariant>();
  for (const product of products) {
    for (const variant of product.variants) {
      variantsById.set(variant.id, variant);
      if (variant.kutiId) variantByKutiId.set(variant.kutiId.trim().toLowerCase(), variant);
    }
  }

  const byKutiId = new Map<string, IndexedProduct[]>();
  for (const product of products) {
    if (!product.kutiId) continue;
    const key = product.kutiId.trim().toLowerCase();
    byKutiId.set(key, [...(byKutiId.get(key) ?? []), product]);
  }

  const categoryLists = new Map<number, number[]>();
  for (const product of products) {
    for (const categoryId of new Set(product.categoryIds)) {
      const list = categoryLists.get(categoryId);
      if (list) list.push(product.position);
      else categoryLists.set(categoryId, [product.position]);
    }
  }
  const byCategory = new Map([...categoryLists].map(([id, list]) => [id, Int32Array.from(list)]));

  const words = new Map<string, number[]>();
  for (const product of products) {
    for (const word of product.searchWords) {
      const postings = words.get(word);
      if (postings) postings.push(product.position);
      else words.set(word, [product.position]);
    }
  }

  const indexedProperties: IndexedProperty[] = properties
    .map((property) => ({
      id: property.id,
      code: property.code,
      title: titleOf(property.descriptions, property.code),
      position: property.position,
      filterable: property.filterable,
      values: property.values
        .map((value) => ({
          id: value.id,
          title: titleOf(value.descriptions, String(value.id)),
          position: value.position,
          swatch: value.swatch,
        }))
        .sort((a, b) => a.position - b.position || collator.compare(a.title, b.title) || a.id - b.id),
    }))
    .sort((a, b) => a.position - b.position || collator.compare(a.title, b.title) || a.id - b.id);
  const propertyOfValue = new Map<number, number>();
  for (const property of indexedProperties) {
    for (const value of property.values) propertyOfValue.set(value.id, property.id);
  }

  const valueSlot = new Map<number, number>();
  for (const property of indexedProperties) {
    for (const value of property.values) valueSlot.set(value.id, valueSlot.size);
  }
  for (const product of products) {
    for (const valueId of product.valueIds)
      if (!valueSlot.has(valueId)) valueSlot.set(valueId, valueSlot.size);
  }
  const flags = Uint8Array.from(
    products,
    (product) =>
      (product.enabled ? FLAG_ENABLED : 0) |
      (product.featured ? FLAG_FEATURED : 0) |
      (product.stock > 0 ? FLAG_IN_STOCK : 0),
  );
  const valueOffsets = new Int32Array(products.length + 1);
  for (const product of products) {
    valueOffsets[product.position + 1] = valueOffsets[product.position]! + product.valueIds.length;
  }
  const valueSlotList = new Int32Array(valueOffsets[products.length]!);
  for (const product of products) {
    let at = valueOffsets[product.position]!;
    for (const valueId of product.valueIds) valueSlotList[at++] = valueSlot.get(valueId)!;
  }
  // The last slot is no value's: an option value none of whose variants is in stock points there.
  const slotValueIds = Int32Array.from([...valueSlot.keys(), NO_VALUE]);
  const slotPropertyIds = Int32Array.from(slotValueIds, (valueId) => propertyOfValue.get(valueId) ?? 0);

  const soldOutSlot = slotValueIds.length - 1;
  for (const product of products) {
    if (product.variants.length > 0)
      writeVariantSlots(product, valueOffsets, valueSlotList, valueSlot, soldOutSlot);
  }
  const order = (compare: (a: IndexedProduct, b: IndexedProduct) => number) =>
    Int32Array.from(
      [...products].sort((a, b) => compare(a, b) || a.id - b.id).map((product) => product.position),
    );
  const popularity = (a: IndexedProduct, b: IndexedProduct) => b.unitsSold - a.unitsSold;
  const byId = new Map(products.map((product) => [product.id, product]));
  lastNameOrder = orderByName(products, lastNameOrder);
  return {
    products,
    byId,
    byKutiId,
    variantsById,
    variantByKutiId,
    byCategory,
    scopes: new Map(),
    properties: indexedProperties,
    propertyOfValue,
    columns: { flags, valueOffsets, valueSlotList },
    segmentColumns: new Map(),
    valueSlot,
    slotValueIds,
    slotPropertyIds,
    words,
    valueWords,
    orders: {
      name: Int32Array.from(lastNameOrder.ids, (id) => byId.get(id)!.position),
      newest: order((a, b) => b.createdAt - a.createdAt),
      popularity: order(popularity),
      // Without a search text "relevance" puts featured products first, then the best sellers.
      relevance: order((a, b) => Number(b.featured) - Number(a.featured) || popularity(a, b)),
      rating: order(
        (a, b) => (b.rating ?? 0) - (a.rating ?? 0) || b.ratingCount - a.ratingCount || popularity(a, b),
      ),
    },
    priceOrders: new Map(),
    answers: new Map(),
    askedOnce: new AskedOnce(),
    generation,
    stockVersion: 0,
    vatExempt: shop?.vatExempt ?? false,
    priceChangesAt,
  };
}

/** The value id of the slot that stands for "no value" (an option value not in stock now). */
export const NO_VALUE = 0;

/**
 * Points a product's option values that no variant in stock has at the "no value" slot, and the others
 * at their own: a filter then finds the product only by a size or colour it can sell now.
 */
function writeVariantSlots(
  product: IndexedProduct,
  valueOffsets: Int32Array,
  valueSlotList: Int32Array,
  valueSlot: ReadonlyMap<number, number>,
  soldOutSlot: number,
): void {
  const optionValues = new Set(product.options.flatMap((option) => option.valueIds));
  const inStock = new Set(product.variants.filter(variantInStock).flatMap((variant) => variant.valueIds));
  let at = valueOffsets[product.position]!;
  for (const valueId of product.valueIds) {
    valueSlotList[at++] =
      optionValues.has(valueId) && !inStock.has(valueId) ? soldOutSlot : valueSlot.get(valueId)!;
  }
}

/**
 * After a variant's stock moved in place (stock-sync.ts): which of the product's option values filters
 * find follows what is in stock now.
 */
export function refreshVariantSlots(index: CatalogueIndex, product: IndexedProduct): void {
  const { valueOffsets, valueSlotList } = index.columns;
  writeVariantSlots(product, valueOffsets, valueSlotList, index.valueSlot, index.slotValueIds.length - 1);
}

/** Positions, ascending and each once, of the products in any of `categoryIds`. */
export function scopePositions(index: CatalogueIndex, categoryIds: ReadonlySet<number>): Int32Array {
  const ids = [...categoryIds].sort((a, b) => a - b);
  const key = ids.join(',');
  const cached = index.scopes.get(key);
  if (cached) return cached;
  const lists = ids.flatMap((id) => index.byCategory.get(id) ?? []);
  let positions: Int32Array;
  if (lists.length === 1) positions = lists[0]!;
  else {
    const all = new Int32Array(lists.reduce((sum, list) => sum + list.length, 0));
    let offset = 0;
    for (const list of lists) {
      all.set(list, offset);
      offset += list.length;
    }
    all.sort();
    // A product in two categories of the scope is listed once.
    let unique = 0;
    for (let i = 0; i < all.length; i++) {
      if (i === 0 || all[i] !== all[i - 1]) all[unique++] = all[i]!;
    }
    positions = all.slice(0, unique);
  }
  if (index.scopes.size >= MAX_CACHED_SCOPES) index.scopes.clear();
  index.scopes.set(key, positions);
  return positions;
}

/** Product positions by the price this segment of shoppers pays for one piece, cheapest first. */
export function priceOrder(index: CatalogueIndex, shopper: Shopper): Int32Array | null {
  const segment = shopperSegment(shopper);
  if (segment === null) return null;
  let order = index.priceOrders.get(segment);
  if (!order) {
    const { prices } = segmentColumns(index, shopper)!;
    order = Int32Array.from(
      index.products
        .map((product) => product.position)
        .sort((a, b) => prices[a]! - prices[b]! || index.products[a]!.id - index.products[b]!.id),
    );
    index.priceOrders.set(segment, order);
  }
  return order;
}

/** Prices and hiding as this segment of shoppers sees them; null for a customer with own prices. */
export function segmentColumns(index: CatalogueIndex, shopper: Shopper): SegmentColumns | null {
  const segment = shopperSegment(shopper);
  if (segment === null) return null;
  let columns = index.segmentColumns.get(segment);
  if (!columns) {
    columns = {
      prices: Int32Array.from(index.products, (product) => unitPriceFor(product, shopper)),
      hidden: Uint8Array.from(index.products, (product) => (isHiddenFor(product, shopper) ? 1 : 0)),
    };
    index.segmentColumns.set(segment, columns);
  }
  return columns;
}

export function isVisible(product: IndexedProduct, shopper: Shopper, includeDisabled: boolean): boolean {
  return (includeDisabled || product.enabled) && (includeDisabled || !isHiddenFor(product, shopper));
}

/**
 * The cards as an admin (or an API key with catalogue:read) sees them: with the pieces in stock read
 * from the index now. Orders move stock in place without dropping cached answers, so the number is
 * added after the cache, never stored in it.
 */
export function liveStock(index: CatalogueIndex, cards: readonly TProductCard[]): TProductCard[] {
  return cards.map((card) => ({ ...card, stock: index.byId.get(card.id)?.stock ?? card.stock }));
}

/**
 * The 30-day lowest price a reduced price is shown against (and its "-X %" reckoned from): while the
 * product's own sale runs, the lowest of the 30 days before the sale started (the sale price is no
 * reduction against itself); otherwise the stored lowest price, or the list price without history.
 */
export function referenceLowestPrice(product: IndexedProduct, now = Date.now()): number {
  if (product.lowestBeforeSale !== null && saleRunning(product.sale, now)) return product.lowestBeforeSale;
  return product.lowestPrice30d ?? product.grossPrice;
}

/**
 * The same for a variant: with a list price of its own, its own 30-day lowest price (or, while its own
 * sale runs, the lowest of the 30 days before that sale); without one, its product's.
 */
export function variantReferenceLowestPrice(
  product: IndexedProduct,
  variant: IndexedVariant,
  now = Date.now(),
): number {
  if (variant.grossPrice === null) return referenceLowestPrice(product, now);
  if (variant.lowestBeforeSale !== null && saleRunning(variant.sale, now)) return variant.lowestBeforeSale;
  return variant.lowestPrice30d ?? variant.grossPrice;
}

export function toCard(product: IndexedProduct, shopper: Shopper): TProductCard {
  const price = unitPriceFor(product, shopper);
  const reduced = price < product.grossPrice;
  return {
    id: product.id,
    slug: productPrettySlug(product.slug, product.id),
    title: product.title,
    kutiId: product.kutiId,
    price,
    originalPrice: reduced ? product.grossPrice : null,
    lowestPrice30d: reduced ? referenceLowestPrice(product) : null,
    image: product.imageId === null ? null : mediaUrl(product.imageId, 'card'),
    inStock: product.stock > 0,
    // Cached answers live across stock moves; an admin's answer gets the live number (liveStock).
    stock: null,
    vatRate: vatPercentOf(product.vatClass),
    vatClass: product.vatClass,
    unit: product.unit,
    unitPrice: unitPriceOf(price, product.netQuantity, product.netQuantityUnit),
    enabled: product.enabled,
    featured: product.featured,
    variantSummary: product.variantSummary,
    rating:
      product.rating === null || product.ratingCount === 0
        ? null
        : { average: product.rating, count: product.ratingCount },
  };
}

/**
 * A variant as a card (a quick order by its code, a bookmark of it): its product's card with the
 * variant's name ("Póló, kék, M"), code, price, picture and stock.
 */
export function toVariantCard(
  product: IndexedProduct,
  variant: IndexedVariant,
  shopper: Shopper,
): TProductCard {
  const card = toCard(product, shopper);
  const price = variantUnitPrice(product, variant, shopper);
  const listPrice = variant.grossPrice ?? product.grossPrice;
  return {
    ...card,
    title: soldTitle(product.title, variant),
    kutiId: variant.kutiId,
    price,
    originalPrice: price < listPrice ? listPrice : null,
    lowestPrice30d: price < listPrice ? variantReferenceLowestPrice(product, variant) : null,
    image: variant.imageId === null ? card.image : mediaUrl(variant.imageId, 'card'),
    inStock: variantInStock(variant),
    unitPrice: unitPriceOf(price, product.netQuantity, product.netQuantityUnit),
  };
}
