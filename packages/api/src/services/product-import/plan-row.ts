import { MAX_PRODUCT_IMAGES } from '../../schemas/product';
import type { ProductField } from '../../schemas/product-sheet';
import { codeKey } from '../catalogue/product-codes';
import { placeNewVariant, type VariantOptions } from '../catalogue/variant-combination';
import { csvDate } from '../csv';
import { FIELD_HEADERS, joinList, joinPairs, yesNo } from '../product-transfer/columns';
import {
  type CatalogueState,
  pairKey,
  pathKey,
  type StoredProduct,
  type StoredVariant,
} from './catalogue-state';
import type { ParsedRow, RowValues } from './cells';
import { type ZipDirectory, zipPictureOf } from './pictures-zip';

export type RowOutcome = 'created' | 'changed' | 'unchanged' | 'refused';

/** One changed field as the owner reads it: the column's header, the stored and the new value as text. */
export type FieldChange = { field: string; from: string; to: string };

/**
 * What importing one row would do. The names the shop does not have yet (categories, property values,
 * picture addresses to fetch) are listed, so the dry run can say so and applying can create them first.
 */
export type RowPlan = {
  rowNumber: number;
  sku: string | null;
  name: string | null;
  outcome: RowOutcome;
  changes: FieldChange[];
  message: string | null;
  target:
    | { kind: 'product'; stored: StoredProduct | null }
    | { kind: 'variant'; stored: StoredVariant }
    | { kind: 'newVariant'; stored: null; productCode: string; pairs: [string, string][] }
    | null;
  values: RowValues;
  newCategories: string[][];
  newValues: [string, string][];
  /** The sources (see PictureSourceOf) still to bring in: addresses to fetch, ZIP entries to unpack. */
  newPictures: string[];
  /** Each picture cell's source, in the sheet's order. */
  imageSources: string[];
};

/** A picture cell naming one of this shop's own media ("…/media/12/original"), as our export writes it. */
export function ownMediaId(address: string, publicUrl: string): number | null {
  const base = publicUrl.replace(/\/$/, '');
  const match = /\/media\/(\d+)\/(?:original|full|card|thumb)$/.exec(address);
  if (!match || !(address.startsWith(`${base}/media/`) || address.startsWith('/media/'))) return null;
  return Number(match[1]);
}

/**
 * Where a picture cell's picture comes from: "media:12" (one of the shop's own, by our export's
 * address), an http(s) address to fetch, a "zip:…" entry of the pictures ZIP uploaded beside the
 * sheet, or null when the cell names a file the ZIP does not have.
 */
export type PictureSourceOf = (cell: string) => string | null;

/** What planning a row needs to know of the sheet around it, beyond the shop's stored state. */
export type SheetPass = {
  sourceOf: PictureSourceOf;
  /**
   * Where each code first stands as a product's own row: a later row may add a variant to it. This and
   * the two below are keyed by `codeKey`: "abc-1" and "ABC-1" are one code.
   */
  productRowOfCode: ReadonlyMap<string, number>;
  /** Products' options and variants as the rows planned so far in this pass leave them, by code. */
  variantOptions: Map<string, VariantOptions>;
  /** Codes of new products whose own row this pass refused: their variants' rows cannot go in either. */
  refusedProducts: Set<string>;
};

export function pictureSources(publicUrl: string, zip: ZipDirectory | null): PictureSourceOf {
  return (cell) => {
    const own = ownMediaId(cell, publicUrl);
    if (own !== null) return `media:${own}`;
    if (/^https?:\/\//i.test(cell)) return cell;
    return zipPictureOf(zip, cell)?.source ?? null;
  };
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
/**
 * Whether a cell changes what is stored. A sheet's cells are read trimmed, so a stored text that ends in a
 * space (typed before the shop trimmed its fields, or written by an older seed) is no change: re-importing an
 * unchanged export must change nothing.
 */
const differs = (stored: string, read: string) => stored.trim() !== read;
const dateText = (value: Date | null | undefined) => text(csvDate(value ?? null));
const sameTime = (a: Date | null | undefined, b: Date | null | undefined) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

function refused(row: ParsedRow, message: string): RowPlan {
  return {
    rowNumber: row.rowNumber,
    sku: row.values.sku ?? null,
    name: row.values.name ?? null,
    outcome: 'refused',
    changes: [],
    message,
    target: null,
    values: row.values,
    newCategories: [],
    newValues: [],
    newPictures: [],
    imageSources: [],
  };
}

/** Compares one read row with the shop and says what importing it would change. */
export function planRow(row: ParsedRow, state: CatalogueState, sheet: SheetPass): RowPlan {
  const { values } = row;
  const { sourceOf } = sheet;
  if (row.problems.length) return refused(row, row.problems.join(' '));
  if (!values.sku) {
    return refused(row, 'Hiányzik a cikkszám: a sorokat a cikkszámuk köti a termékekhez.');
  }
  if (values.parentSku) return planVariantRow(row, state, sheet);
  if (state.variants.has(values.sku)) {
    return refused(row, `A(z) „${values.sku}” egy változat cikkszáma: a sorában a Fő cikkszám is kell.`);
  }

  const stored = state.products.get(values.sku) ?? null;
  if (!stored && (values.price === undefined || !values.name)) {
    return refused(row, 'Új termékhez a név és a bruttó ár is kell.');
  }
  if (stored?.hasVariants && values.stock !== undefined && values.stock !== stored.stock) {
    return refused(row, 'Ez a termék változatokban kapható: a készletét a változatok soraiban add meg.');
  }
  const sale = saleProblem(values, stored);
  if (sale) return refused(row, sale);

  const changes: FieldChange[] = [];
  const change = (field: ProductField, from: string, to: string) => {
    if (differs(from, to)) changes.push({ field: FIELD_HEADERS[field], from, to });
  };
  const scalar = <K extends keyof RowValues & keyof StoredProduct & ProductField>(field: K, show = text) => {
    if (values[field] === undefined) return;
    change(field, stored ? show(stored[field] as never) : '', show(values[field] as never));
  };
  scalar('name');
  scalar('price');
  scalar('salePrice');
  if (values.saleStartsAt !== undefined && !sameTime(values.saleStartsAt, stored?.saleStartsAt)) {
    change('saleStartsAt', dateText(stored?.saleStartsAt), dateText(values.saleStartsAt));
  }
  if (values.saleEndsAt !== undefined && !sameTime(values.saleEndsAt, stored?.saleEndsAt)) {
    change('saleEndsAt', dateText(stored?.saleEndsAt), dateText(values.saleEndsAt));
  }
  scalar('vatClass');
  scalar('stock');
  scalar('unit');
  scalar('netQuantity');
  scalar('netQuantityUnit');
  scalar('weightGrams');
  scalar('ean');
  const flag = (value: boolean) => yesNo(value);
  scalar('enabled', flag as never);
  scalar('featured', flag as never);
  scalar('feedExcluded', flag as never);
  scalar('description');
  scalar('metaTitle');
  scalar('metaDescription');
  scalar('slug');

  const newCategories: string[][] = [];
  if (values.categories) {
    const wanted = values.categories.map((path) => {
      const id = state.categoryByPath.get(pathKey(path));
      if (id === undefined) newCategories.push(path);
      return path.join(' > ');
    });
    const storedPaths = (stored?.categoryIds ?? []).map((id) => state.categoryPathById.get(id) ?? '');
    if (
      !sameSet(
        storedPaths.map((path) => path.toLowerCase()),
        wanted.map((path) => path.toLowerCase()),
      )
    ) {
      change('categories', joinList(storedPaths), joinList(wanted));
    }
  }

  const newValues: [string, string][] = [];
  if (values.properties) {
    const wanted = values.properties.map(([property, value]) => {
      if (!state.valueByPair.has(pairKey(property, value))) newValues.push([property, value]);
      return `${property}: ${value}`;
    });
    const storedPairs = (stored?.propertyValueIds ?? []).map((id) => state.pairByValueId.get(id) ?? '');
    if (
      !sameSet(
        storedPairs.map((pair) => pair.toLowerCase()),
        wanted.map((pair) => pair.toLowerCase()),
      )
    ) {
      change('properties', joinList(storedPairs), joinList(wanted));
    }
  }

  if (values.tiers) {
    const show = (tiers: readonly { minQuantity: number; price: number }[]) =>
      joinPairs(
        [...tiers]
          .sort((a, b) => a.minQuantity - b.minQuantity)
          .map((tier) => [String(tier.minQuantity), tier.price]),
      );
    change('tiers', show(stored?.tiers ?? []), show(values.tiers));
  }

  if (values.groupPrices) {
    const unknown = values.groupPrices.find(([group]) => !state.groupByName.has(group.toLowerCase()));
    if (unknown)
      return refused(row, `Nincs „${unknown[0]}” nevű vevőcsoport: előbb a Vásárlók között vedd fel.`);
    const show = (pairs: [string, number][]) =>
      joinPairs([...pairs].sort((a, b) => a[0].localeCompare(b[0], 'hu')));
    const storedPairs: [string, number][] = [...(stored?.groupPrices ?? new Map())].map(([id, price]) => [
      state.groupNameById.get(id) ?? '',
      price,
    ]);
    const wantedPairs: [string, number][] = values.groupPrices.map(([group, price]) => [
      state.groupNameById.get(state.groupByName.get(group.toLowerCase()) as number) ?? group,
      price,
    ]);
    change('groupPrices', show(storedPairs), show(wantedPairs));
  }

  const newPictures: string[] = [];
  const imageSources: string[] = [];
  if (values.images) {
    if (values.images.length > MAX_PRODUCT_IMAGES) {
      return refused(
        row,
        `Egy terméknek legfeljebb ${MAX_PRODUCT_IMAGES} képe lehet; ebben a sorban ${values.images.length} van.`,
      );
    }
    const missing = values.images.filter((cell) => sourceOf(cell) === null);
    if (missing.length) {
      return refused(
        row,
        `Nincs ilyen kép a feltöltött képcsomagban (ZIP), és nem is webcím: ${missing.map((cell) => `„${cell}”`).join(', ')}.`,
      );
    }
    const wanted = values.images.map((cell) => {
      const source = sourceOf(cell) as string;
      imageSources.push(source);
      const own = source.startsWith('media:') ? Number(source.slice('media:'.length)) : null;
      if (own !== null) return state.mediaIds.has(own) ? own : null;
      const stored = state.mediaBySource.get(source);
      if (stored !== undefined) return stored;
      if (!newPictures.includes(source)) newPictures.push(source);
      return null;
    });
    const unknownOwn = wanted.some((id, index) => id === null && imageSources[index]?.startsWith('media:'));
    if (unknownOwn) return refused(row, 'A Képek oszlop a bolt egy már nem létező képére hivatkozik.');
    const same =
      newPictures.length === 0 &&
      wanted.length === (stored?.imageIds.length ?? 0) &&
      wanted.every((id, index) => id === stored?.imageIds[index]);
    if (!same) change('images', `${stored?.imageIds.length ?? 0} kép`, `${values.images.length} kép`);
  }

  return {
    rowNumber: row.rowNumber,
    sku: values.sku,
    name: values.name ?? stored?.name ?? null,
    outcome: !stored ? 'created' : changes.length ? 'changed' : 'unchanged',
    changes,
    message: null,
    target: { kind: 'product', stored },
    values,
    newCategories,
    newValues,
    newPictures,
    imageSources,
  };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
}

/** A sale price must be below the list price it will stand beside, and end after it starts. */
function saleProblem(
  values: RowValues,
  stored: { price: number | null; salePrice: number | null } | null,
): string | null {
  const listPrice = values.price ?? stored?.price ?? null;
  const salePrice = values.salePrice === undefined ? stored?.salePrice : values.salePrice;
  if (salePrice && listPrice !== null && salePrice >= listPrice) {
    return `Az akciós ár (${salePrice} Ft) a listaárnál (${listPrice} Ft) kisebb legyen.`;
  }
  if (values.saleStartsAt && values.saleEndsAt && values.saleEndsAt <= values.saleStartsAt) {
    return 'Az akció vége a kezdete után legyen.';
  }
  return null;
}

function planVariantRow(row: ParsedRow, state: CatalogueState, sheet: SheetPass): RowPlan {
  const { values } = row;
  const stored = state.variants.get(values.sku as string);
  if (!stored) return planNewVariant(row, state, sheet);
  // Compared as products, so the codes' letters need not match.
  if (state.products.get(values.parentSku as string)?.id !== stored.productId) {
    return refused(row, `A(z) „${values.sku}” változat nem a(z) „${values.parentSku}” termékhez tartozik.`);
  }
  const sale = saleProblem(values, { price: stored.price, salePrice: stored.salePrice });
  if (sale) return refused(row, sale);
  const changes: FieldChange[] = [];
  const change = (field: ProductField, from: string, to: string) => {
    if (differs(from, to)) changes.push({ field: FIELD_HEADERS[field], from, to });
  };
  if (values.price !== undefined) change('price', text(stored.price), text(values.price));
  if (values.salePrice !== undefined) change('salePrice', text(stored.salePrice), text(values.salePrice));
  if (values.saleStartsAt !== undefined && !sameTime(values.saleStartsAt, stored.saleStartsAt)) {
    change('saleStartsAt', dateText(stored.saleStartsAt), dateText(values.saleStartsAt));
  }
  if (values.saleEndsAt !== undefined && !sameTime(values.saleEndsAt, stored.saleEndsAt)) {
    change('saleEndsAt', dateText(stored.saleEndsAt), dateText(values.saleEndsAt));
  }
  if (values.stock !== undefined) change('stock', text(stored.stock), text(values.stock));
  if (values.weightGrams !== undefined)
    change('weightGrams', text(stored.weightGrams), text(values.weightGrams));
  if (values.ean !== undefined) change('ean', text(stored.ean), text(values.ean));
  if (values.enabled !== undefined) change('enabled', yesNo(stored.enabled), yesNo(values.enabled));
  return {
    rowNumber: row.rowNumber,
    sku: values.sku as string,
    name: null,
    outcome: changes.length ? 'changed' : 'unchanged',
    changes,
    message: null,
    target: { kind: 'variant', stored },
    values,
    newCategories: [],
    newValues: [],
    newPictures: [],
    imageSources: [],
  };
}

/** The fields a variant's row may give, as the row's changes: what a new variant starts with. */
function variantChanges(values: RowValues): FieldChange[] {
  const changes: FieldChange[] = [];
  const given = (field: ProductField, value: string) => {
    if (value !== '') changes.push({ field: FIELD_HEADERS[field], from: '', to: value });
  };
  given('options', joinPairs(values.options ?? []));
  given('price', text(values.price));
  given('salePrice', text(values.salePrice));
  given('saleStartsAt', dateText(values.saleStartsAt));
  given('saleEndsAt', dateText(values.saleEndsAt));
  given('stock', text(values.stock));
  given('weightGrams', text(values.weightGrams));
  given('ean', text(values.ean));
  if (values.enabled !== undefined) given('enabled', yesNo(values.enabled));
  return changes;
}

/**
 * A variant row whose code the shop does not have adds a size or colour to its product: one the shop
 * has, or one an earlier row of the sheet creates. Its "Változat" cell must name a value for each of
 * the product's options and a combination the product does not sell yet (variant-combination.ts).
 */
function planNewVariant(row: ParsedRow, state: CatalogueState, sheet: SheetPass): RowPlan {
  const { values } = row;
  const code = values.sku as string;
  const productCode = values.parentSku as string;
  if (state.products.has(code)) {
    return refused(row, `A(z) „${code}” egy termék cikkszáma; változatnak másik cikkszám kell.`);
  }
  const product = state.products.get(productCode);
  const productRow = sheet.productRowOfCode.get(codeKey(productCode));
  if (!product && sheet.refusedProducts.has(codeKey(productCode))) {
    return refused(row, `A(z) „${productCode}” termék sora elutasítva, így a változata sem kerülhet be.`);
  }
  if (!product && (productRow === undefined || productRow > row.rowNumber)) {
    return refused(
      row,
      `Nincs „${productCode}” cikkszámú termék sem a boltban, sem a fájl korábbi soraiban; a változat sora a terméke után jöjjön.`,
    );
  }
  if (!values.options?.length) {
    return refused(
      row,
      `Nincs „${code}” cikkszámú változat; újként a Változat oszlopban kell megadni az opcióit, például „Méret: M | Szín: kék”.`,
    );
  }
  const known = sheet.variantOptions.get(codeKey(productCode)) ??
    product?.variantOptions ?? { titles: [], combinations: [] };
  const placed = placeNewVariant(known, values.options);
  if ('problem' in placed) return refused(row, placed.problem);
  const sale = saleProblem(values, product ? { price: product.price, salePrice: null } : null);
  if (sale) return refused(row, sale);
  sheet.variantOptions.set(codeKey(productCode), {
    titles: placed.options,
    combinations: [...known.combinations, placed.values],
  });
  return {
    rowNumber: row.rowNumber,
    sku: code,
    name: null,
    outcome: 'created',
    changes: variantChanges(values),
    message: null,
    target: { kind: 'newVariant', stored: null, productCode, pairs: values.options },
    values,
    newCategories: [],
    newValues: [],
    newPictures: [],
    imageSources: [],
  };
}
