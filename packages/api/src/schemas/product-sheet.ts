/**
 * The fields of the product spreadsheet that export writes and import reads, with the words the import
 * screen shows beside them (browser-safe: the mapping step lists them). The column headers and cell
 * conventions live with the export and import (services/product-transfer/columns.ts).
 */

export const PRODUCT_FIELDS = [
  'sku',
  'parentSku',
  'name',
  'options',
  'price',
  'salePrice',
  'saleStartsAt',
  'saleEndsAt',
  'vatClass',
  'stock',
  'unit',
  'netQuantity',
  'netQuantityUnit',
  'weightGrams',
  'ean',
  'enabled',
  'featured',
  'feedExcluded',
  'categories',
  'properties',
  'tiers',
  'groupPrices',
  'images',
  'description',
  'metaTitle',
  'metaDescription',
  'slug',
] as const;

export type ProductField = (typeof PRODUCT_FIELDS)[number];

/** What a field means, shown beside it in the import's column mapping. */
export const FIELD_LABELS: Record<ProductField, string> = {
  sku: 'Cikkszám (a termék vagy változat kódja)',
  parentSku: 'Fő cikkszám (változat sorában a termék kódja)',
  name: 'Terméknév',
  options: 'Változat opciói (Méret: M | Szín: kék)',
  price: 'Bruttó ár (Ft)',
  salePrice: 'Akciós ár (Ft)',
  saleStartsAt: 'Akció kezdete',
  saleEndsAt: 'Akció vége',
  vatClass: 'ÁFA-kulcs (27, 18, 5, TAM, AAM)',
  stock: 'Készlet',
  unit: 'Mennyiségi egység (db)',
  netQuantity: 'Nettó mennyiség (egységárhoz)',
  netQuantityUnit: 'Egységár egysége (kg, l, m, m2)',
  weightGrams: 'Tömeg grammban',
  ean: 'EAN / GTIN vonalkód',
  enabled: 'Aktív (igen/nem)',
  featured: 'Kiemelt (igen/nem)',
  feedExcluded: 'Kihagyás a termékfeedekből (igen/nem)',
  categories: 'Kategóriák (Konyha > Bögrék | Ajándék)',
  properties: 'Tulajdonságok (Márka: Kék Bögre | Anyag: kerámia)',
  tiers: 'Mennyiségi árak (5: 1190 | 10: 1090)',
  groupPrices: 'Vevőcsoport-árak (Viszonteladó: 9900)',
  images: 'Képek (webcímek vagy a ZIP-ben levő fájlnevek, | jellel)',
  description: 'Leírás (HTML)',
  metaTitle: 'SEO cím',
  metaDescription: 'SEO leírás',
  slug: 'URL-név',
};

/**
 * What a column can be taken in as: a field of our own sheet, or one that other engines' exports
 * carry in another shape (a weight in kilograms, a brand column that is a property here).
 */
export const IMPORT_FIELDS = [...PRODUCT_FIELDS, 'weightKg', 'brand'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  ...FIELD_LABELS,
  weightKg: 'Tömeg kilogrammban',
  brand: 'Márka (gyártó)',
};

/** The engines whose product export the import recognises, and our own. */
export const PRESET_IDS = ['sajat', 'unas', 'shoprenter', 'woocommerce'] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export const PRESET_LABELS: Record<PresetId, string> = {
  sajat: 'Saját export (Kék Bögre)',
  unas: 'UNAS termékexport',
  shoprenter: 'Shoprenter termékexport',
  woocommerce: 'WooCommerce termékexport',
};
