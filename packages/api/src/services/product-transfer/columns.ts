/**
 * The columns of the product spreadsheet, shared by the export (what it writes) and the import (what
 * our own export's preset reads back), so that exporting and importing an unchanged file is a round
 * trip. Each column is one field of a product or, on a variant's row, of a variant.
 *
 * List cells hold their items separated by " | " (never `;`, the CSV separator Hungarian Excel uses);
 * pair cells hold `key: value` items ("Márka: Kék Bögre | Anyag: kerámia", "5: 1190 | 10: 1090").
 */

import type { Prisma } from '@shop/db';
import type { ProductField } from '../../schemas/product-sheet';

/**
 * The product's own columns behind the sheet's plain fields: what the export reads and what the
 * import reads to compare a row with the catalogue, so that a column added to one is in the other.
 */
export const SHEET_PRODUCT_SELECT = {
  id: true,
  slug: true,
  kutiId: true,
  grossPrice: true,
  salePrice: true,
  saleStartsAt: true,
  saleEndsAt: true,
  vatClass: true,
  stock: true,
  unit: true,
  netQuantity: true,
  netQuantityUnit: true,
  weightGrams: true,
  ean: true,
  enabled: true,
  featured: true,
  feedExcluded: true,
} as const satisfies Prisma.ProductSelect;

/** The variant's own columns behind a variant row's plain fields, as SHEET_PRODUCT_SELECT. */
export const SHEET_VARIANT_SELECT = {
  kutiId: true,
  ean: true,
  stock: true,
  grossPrice: true,
  salePrice: true,
  saleStartsAt: true,
  saleEndsAt: true,
  weightGrams: true,
  enabled: true,
} as const satisfies Prisma.ProductVariantSelect;

/** The Hungarian header of each field in our own export, in column order. */
export const FIELD_HEADERS: Record<ProductField, string> = {
  sku: 'Cikkszám',
  parentSku: 'Fő cikkszám',
  name: 'Név',
  options: 'Változat',
  price: 'Bruttó ár (Ft)',
  salePrice: 'Akciós ár (Ft)',
  saleStartsAt: 'Akció kezdete',
  saleEndsAt: 'Akció vége',
  vatClass: 'ÁFA',
  stock: 'Készlet',
  unit: 'Egység',
  netQuantity: 'Nettó mennyiség',
  netQuantityUnit: 'Egységár egysége',
  weightGrams: 'Tömeg (g)',
  ean: 'EAN',
  enabled: 'Aktív',
  featured: 'Kiemelt',
  feedExcluded: 'Feedből kihagyva',
  categories: 'Kategóriák',
  properties: 'Tulajdonságok',
  tiers: 'Mennyiségi árak',
  groupPrices: 'Csoportárak',
  images: 'Képek',
  description: 'Leírás',
  metaTitle: 'SEO cím',
  metaDescription: 'SEO leírás',
  slug: 'URL-név',
};

/** The fields a variant's row may set; the others belong to its product. */
export const VARIANT_FIELDS: ReadonlySet<ProductField> = new Set([
  'sku',
  'parentSku',
  'options',
  'price',
  'salePrice',
  'saleStartsAt',
  'saleEndsAt',
  'stock',
  'weightGrams',
  'ean',
  'enabled',
]);

export const LIST_SEPARATOR = ' | ';
/** The separator of a category path's levels. */
export const PATH_SEPARATOR = ' > ';

export function joinList(items: readonly string[]): string {
  return items.join(LIST_SEPARATOR);
}

/** Items of a list cell; `;` and `,` are not separators, as names may hold them. */
export function splitList(cell: string): string[] {
  return cell
    .split('|')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function joinPairs(pairs: readonly (readonly [string, string | number])[]): string {
  return joinList(pairs.map(([key, value]) => `${key}: ${value}`));
}

/** `key: value` items of a pair cell, or the item that has no colon. */
export function splitPairs(cell: string): { pairs: [string, string][]; malformed: string | null } {
  const pairs: [string, string][] = [];
  for (const item of splitList(cell)) {
    const colon = item.lastIndexOf(':');
    if (colon <= 0 || colon === item.length - 1) return { pairs, malformed: item };
    pairs.push([item.slice(0, colon).trim(), item.slice(colon + 1).trim()]);
  }
  return { pairs, malformed: null };
}

export function yesNo(value: boolean): string {
  return value ? 'igen' : 'nem';
}

const TRUE_WORDS = new Set(['igen', 'i', 'yes', 'y', 'true', '1', 'aktív', 'aktiv', 'publish', 'visible']);
const FALSE_WORDS = new Set([
  'nem',
  'n',
  'no',
  'false',
  '0',
  'inaktív',
  'inaktiv',
  'draft',
  'hidden',
  'private',
]);

/** A yes/no cell in Hungarian, English or as 1/0; null when it is neither. */
export function parseYesNo(cell: string): boolean | null {
  const word = cell.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}
