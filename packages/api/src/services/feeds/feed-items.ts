import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { CATEGORY_PATH_SEPARATOR, mediaUrl, productPrettySlug, type TCategoryTreeNode } from '../../schemas';
import type { TFeedProblem, TFeedReason } from '../../schemas/feed';
import type { TNetQuantityUnit } from '../../schemas/unit-price';
import { vatPercentOf } from '../../schemas/vat-rules';
import { type CatalogueIndex, getCatalogueIndex, type IndexedProduct } from '../catalogue/in-memory-index';
import { GUEST, isHiddenFor, type SaleWindow, saleRunning, unitPriceFor } from '../catalogue/pricing';
import { type IndexedVariant, soldTitle, variantInStock, variantPriceData } from '../catalogue/variants';
import { getCategoryTree } from '../category';
import { getCheckoutMethods } from '../checkout/methods';
import { shippingEstimate } from '../checkout/shipping-estimate';
import { plainText } from '../seo';
import { ITEMS_PER_TURN } from './xml';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

/**
 * One line of a feed: a product sold as itself, or one enabled variant of a product sold in variants
 * (Google and Meta group those by `groupId`). Every feed renders the same items in its own format, so
 * what a shopper is offered on Árukereső, Google and Facebook is the same, at the price the shop asks.
 */
export type FeedItem = {
  /** Stable while the product lives: "123", a variant "123-456". */
  id: string;
  /** The product's id for a variant, null for a product sold as itself. */
  groupId: string | null;
  productId: number;
  /** "Póló, kék, M" for a variant, as the order names it. */
  title: string;
  /** The product's own title ("Póló"), for the admin's report. */
  productTitle: string;
  /** Plain text of the Hungarian description. */
  description: string;
  /** Absolute; a variant's preselects it (`?variant=`). */
  link: string;
  /** Absolute picture addresses, the main one first. */
  images: string[];
  /** What a guest pays for one piece without a sale (quantity 1: list price, or a tier from 1). */
  price: number;
  /** While a sale runs and takes the price lower: what a guest pays now, with the sale's window. */
  sale: { price: number; startsAt: number | null; endsAt: number | null } | null;
  /** The VAT per cent the prices contain: 0 for TAM and AAM, and for everything in an alanyi adómentes shop. */
  vatPercent: number;
  inStock: boolean;
  /** The value of the product's Márka property; the shop's name when it has none (see reasons). */
  brand: string;
  gtin: string | null;
  /** "Konyha > Bögrék": the primary visible category's path; null without one (Árukereső leaves it out). */
  category: string | null;
  /** The cheapest home delivery at this price (free above its threshold); null: the shop delivers nowhere. */
  shipping: { service: string; fee: number; deliveryTime: string | null } | null;
  unitPricing: { measure: number; unit: TNetQuantityUnit } | null;
};

export type FeedCatalogue = {
  items: FeedItem[];
  /** Sellable products every feed leaves out, with why. */
  leftOut: TFeedProblem[];
  /** Products in the feeds with something missing that the channels would like. */
  incomplete: TFeedProblem[];
  /** The shop's name: the channels' title, and the brand of a product without one. */
  shopName: string;
};

/** The property codes whose value is a product's brand (the seed's "Márka" is `marka`). */
const BRAND_CODES = new Set(['marka', 'brand', 'gyarto']);

export const FEED_REASON_LABELS: Record<TFeedReason, string> = {
  excluded: 'kihagyva kézzel',
  'no-image': 'nincs képe',
  'no-description': 'nincs leírása',
  'no-gtin': 'nincs EAN/GTIN (Google: identifier_exists=no)',
  'no-brand': 'nincs márkája (a bolt neve áll helyette)',
  'no-category': 'nincs kategóriája',
};

export function feedProblem(productId: number, title: string, reasons: readonly TFeedReason[]): TFeedProblem {
  return { productId, title, reasons: reasons.map((code) => ({ code, label: FEED_REASON_LABELS[code] })) };
}

/** The longest description any of the feeds takes (Google's 5 000 characters). */
const DESCRIPTION_MAX = 5000;

type ProductExtras = {
  ean: string | null;
  feedExcluded: boolean;
  /** The description as feeds write it (plain text), made once per index rather than per build. */
  description: string;
  imageIds: number[];
};

/**
 * What feeds need beyond the catalogue index (descriptions, every picture, the GTIN, the feed switch),
 * read for all enabled products in one query per index: a stock move keeps the index and these, so only
 * the XML is written again.
 */
const extrasByIndex = new WeakMap<CatalogueIndex, Promise<Map<number, ProductExtras>>>();

function productExtras(prisma: PrismaClient, index: CatalogueIndex): Promise<Map<number, ProductExtras>> {
  let extras = extrasByIndex.get(index);
  if (!extras) {
    extras = loadExtras(prisma);
    extrasByIndex.set(index, extras);
    extras.catch(() => {
      if (extrasByIndex.get(index) === extras) extrasByIndex.delete(index);
    });
  }
  return extras;
}

async function loadExtras(prisma: PrismaClient): Promise<Map<number, ProductExtras>> {
  const rows = await prisma.$queryRaw<
    { id: number; ean: string | null; feedExcluded: boolean; body: string | null; imageIds: number[] }[]
  >`
    SELECT p.id, p.ean, p."feedExcluded",
           (SELECT left(d.body, 50000) FROM "Description" d
             WHERE d."productId" = p.id AND d.body IS NOT NULL AND d.body <> ''
             ORDER BY (d.language = 'hu') DESC, d.id LIMIT 1) AS body,
           coalesce((SELECT array_agg(i."mediaId" ORDER BY i.position, i.id)
                     FROM "ProductImage" i WHERE i."productId" = p.id), '{}') AS "imageIds"
    FROM "Product" p WHERE p.enabled`;
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        ean: row.ean,
        feedExcluded: row.feedExcluded,
        description: feedDescription(row.body),
        imageIds: row.imageIds.map(Number),
      },
    ]),
  );
}

/** Visible category id → its path as feeds write it ("Konyha > Bögrék"). */
function categoryPaths(tree: readonly TCategoryTreeNode[]): Map<number, string> {
  const paths = new Map<number, string>();
  const walk = (nodes: readonly TCategoryTreeNode[]) => {
    for (const node of nodes) {
      paths.set(node.id, node.path.split(CATEGORY_PATH_SEPARATOR).join(' > '));
      walk(node.children);
    }
  };
  walk(tree);
  return paths;
}

/** The description as feeds take it: plain text, cut at a word within the longest any feed takes. */
function feedDescription(body: string | null): string {
  const text = body ? plainText(body) : '';
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * Whether the shop sells the product to the public, as its pages show it: enabled, not hidden from a
 * guest, filed in a category shoppers can open (or in none), and, sold in variants, with one enabled.
 */
function sellable(product: IndexedProduct, visibleCategories: ReadonlyMap<number, string>): boolean {
  if (!product.enabled || isHiddenFor(product, GUEST)) return false;
  if (product.categoryIds.length > 0 && !product.categoryIds.some((id) => visibleCategories.has(id))) {
    return false;
  }
  return product.variants.length === 0 || product.variants.some((variant) => variant.enabled);
}

/** Property value id → its title, for the values of the brand properties. */
function brandValues(index: CatalogueIndex): Map<number, string> {
  const brands = new Map<number, string>();
  for (const property of index.properties) {
    if (!BRAND_CODES.has(property.code.toLowerCase())) continue;
    for (const value of property.values) if (value.title) brands.set(value.id, value.title);
  }
  return brands;
}

function brandOf(brands: ReadonlyMap<number, string>, product: IndexedProduct): string | null {
  for (const valueId of product.valueIds) {
    const brand = brands.get(valueId);
    if (brand !== undefined) return brand;
  }
  return null;
}

/** The guest's price of one piece without a sale, and the running sale's price when it is lower. */
function pricesOf(product: IndexedProduct, variant: IndexedVariant | null, now: number) {
  const data = variantPriceData(product, variant);
  const price = unitPriceFor({ ...data, sale: null }, GUEST, 1, now);
  const sale: SaleWindow | null | undefined = data.sale;
  const paid = unitPriceFor(data, GUEST, 1, now);
  return {
    price,
    sale:
      saleRunning(sale, now) && paid < price
        ? { price: paid, startsAt: sale.startsAt, endsAt: sale.endsAt }
        : null,
  };
}

/**
 * Every item of the feeds and the report of what they leave out, from the in-memory catalogue at this
 * moment. Left out: the owner's switch, and what every channel refuses an item without (a picture, a
 * description). Out of stock is no reason: such items go in as out of stock.
 */
export async function buildFeedCatalogue(
  deps: Deps,
  publicUrl: string,
  shopName: string,
): Promise<FeedCatalogue> {
  const index = await getCatalogueIndex(deps);
  const [extras, tree, methods] = await Promise.all([
    productExtras(deps.prisma, index),
    getCategoryTree(deps),
    getCheckoutMethods(deps),
  ]);
  const now = Date.now();
  const paths = categoryPaths(tree);
  const brands = brandValues(index);
  const homeDelivery = methods.shipping.filter(
    (method) => method.needsAddress && method.pickupCarrier === null,
  );
  const absolute = (path: string) => `${publicUrl}${path}`;

  const items: FeedItem[] = [];
  const leftOut: TFeedProblem[] = [];
  const incomplete: TFeedProblem[] = [];
  let seen = 0;
  for (const product of index.products) {
    // The event loop turns between slices, so shoppers are answered while a large feed is built.
    if (++seen % ITEMS_PER_TURN === 0) await nextTurn();
    if (!sellable(product, paths)) continue;
    const extra = extras.get(product.id);
    const description = extra?.description ?? '';
    const imageIds = extra?.imageIds ?? [];
    const variants = product.variants.filter((variant) => variant.enabled);
    const problem = (reasons: TFeedReason[]) => feedProblem(product.id, product.title, reasons);

    const missing: TFeedReason[] = [];
    if (extra?.feedExcluded) missing.push('excluded');
    const everyVariantPictured = variants.length > 0 && variants.every((variant) => variant.imageId !== null);
    if (imageIds.length === 0 && !everyVariantPictured) missing.push('no-image');
    if (description === '') missing.push('no-description');
    if (missing.length > 0) {
      leftOut.push(problem(missing));
      continue;
    }

    const brand = brandOf(brands, product);
    const primaryCategory = product.categoryIds.find((id) => paths.has(id));
    const category = primaryCategory === undefined ? null : paths.get(primaryCategory)!;
    const gaps: TFeedReason[] = [];
    const productLink = absolute(`/${productPrettySlug(product.slug, product.id)}`);
    const productImages = imageIds.map((id) => absolute(mediaUrl(id, 'full')));
    const itemOf = (variant: IndexedVariant | null): FeedItem => {
      const { price, sale } = pricesOf(product, variant, now);
      const estimate = shippingEstimate(homeDelivery, sale?.price ?? price);
      const ownImage = variant?.imageId ?? null;
      const images =
        ownImage === null
          ? productImages
          : [
              absolute(mediaUrl(ownImage, 'full')),
              ...productImages.filter((url) => !url.endsWith(`/${ownImage}/full`)),
            ];
      return {
        id: variant ? `${product.id}-${variant.id}` : String(product.id),
        groupId: variant ? String(product.id) : null,
        productId: product.id,
        title: soldTitle(product.title, variant),
        productTitle: product.title,
        description,
        link: variant ? `${productLink}?variant=${variant.id}` : productLink,
        images,
        price,
        sale,
        // The index holds the class the product is sold at (AAM throughout an alanyi adómentes shop).
        vatPercent: vatPercentOf(product.vatClass),
        inStock: variant ? variantInStock(variant) : product.stock > 0,
        brand: brand ?? shopName,
        // A variant has its own barcode; the product's would name every variant as the same article.
        gtin: variant ? variant.ean : (extra?.ean ?? null),
        category,
        shipping: estimate
          ? { service: estimate.method.name, fee: estimate.fee, deliveryTime: estimate.method.deliveryTime }
          : null,
        unitPricing:
          product.netQuantity !== null && product.netQuantityUnit !== null
            ? { measure: product.netQuantity, unit: product.netQuantityUnit }
            : null,
      };
    };
    const productItems = variants.length > 0 ? variants.map(itemOf) : [itemOf(null)];
    items.push(...productItems);

    if (productItems.some((item) => item.gtin === null)) gaps.push('no-gtin');
    if (brand === null) gaps.push('no-brand');
    if (gaps.length > 0) incomplete.push(problem(gaps));
  }
  return { items, leftOut, incomplete, shopName };
}
