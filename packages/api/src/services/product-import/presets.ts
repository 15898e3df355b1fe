import {
  type ImportField,
  PRESET_LABELS,
  PRODUCT_FIELDS,
  type PresetId,
  type ProductField,
} from '../../schemas/product-sheet';
import { FIELD_HEADERS } from '../product-transfer/columns';

export type Mapping = Record<string, ImportField>;

/**
 * How one engine's product export looks: the headers that tell it apart, what its columns mean, and
 * how its list cells are written (WooCommerce: "Konyha > Bögrék, Ajándék"; UNAS: "Konyha|Bögrék").
 */
export type Preset = {
  id: PresetId;
  label: string;
  /** Headers (normalised) that only this engine's export has; the preset with most of them wins. */
  anchors: readonly string[];
  columns: Readonly<Record<string, ImportField>>;
  /** Between two categories of a product. */
  categorySeparator: string;
  /** Between the levels of one category path. */
  levelSeparator: string;
  /** Between two picture addresses. */
  imageSeparator: string;
};

/** Headers compare trimmed, lower-cased and with inner spaces collapsed. */
export function normaliseHeader(header: string): string {
  return header.trim().toLowerCase().replace(/\s+/g, ' ');
}

const OWN_COLUMNS = Object.fromEntries(
  PRODUCT_FIELDS.map((field) => [normaliseHeader(FIELD_HEADERS[field]), field]),
) as Record<string, ProductField>;

export const PRESETS: Readonly<Record<PresetId, Preset>> = {
  sajat: {
    id: 'sajat',
    label: PRESET_LABELS.sajat,
    anchors: ['fő cikkszám', 'bruttó ár (ft)', 'feedből kihagyva', 'egységár egysége'],
    columns: OWN_COLUMNS,
    categorySeparator: '|',
    levelSeparator: '>',
    imageSeparator: '|',
  },
  unas: {
    id: 'unas',
    label: PRESET_LABELS.unas,
    anchors: ['termék név', 'akciós bruttó ár', 'rövid leírás', 'nettó ár'],
    columns: {
      cikkszám: 'sku',
      'termék név': 'name',
      'bruttó ár': 'price',
      'akciós bruttó ár': 'salePrice',
      'akció kezdete': 'saleStartsAt',
      'akció vége': 'saleEndsAt',
      raktárkészlet: 'stock',
      kategória: 'categories',
      'hosszú leírás': 'description',
      leírás: 'description',
      'kép link': 'images',
      kép: 'images',
      képek: 'images',
      vonalkód: 'ean',
      ean: 'ean',
      súly: 'weightKg',
      gyártó: 'brand',
      márka: 'brand',
      egység: 'unit',
      áfa: 'vatClass',
      státusz: 'enabled',
      'seo title': 'metaTitle',
      'seo description': 'metaDescription',
    },
    categorySeparator: ',',
    levelSeparator: '|',
    imageSeparator: '|',
  },
  shoprenter: {
    id: 'shoprenter',
    label: PRESET_LABELS.shoprenter,
    anchors: ['termék neve', 'gyártó', 'fő kép', 'termék státusza', 'raktárkészlet 1'],
    columns: {
      cikkszám: 'sku',
      'termék neve': 'name',
      név: 'name',
      ár: 'price',
      'bruttó ár': 'price',
      'akciós ár': 'salePrice',
      'akció kezdete': 'saleStartsAt',
      'akció vége': 'saleEndsAt',
      raktárkészlet: 'stock',
      'raktárkészlet 1': 'stock',
      kategória: 'categories',
      kategóriák: 'categories',
      leírás: 'description',
      'fő kép': 'images',
      kép: 'images',
      képek: 'images',
      gtin: 'ean',
      vonalkód: 'ean',
      ean: 'ean',
      súly: 'weightKg',
      gyártó: 'brand',
      'mennyiségi egység': 'unit',
      áfakulcs: 'vatClass',
      'termék státusza': 'enabled',
      státusz: 'enabled',
      'meta title': 'metaTitle',
      'meta description': 'metaDescription',
    },
    categorySeparator: '|',
    levelSeparator: '>',
    imageSeparator: '|',
  },
  woocommerce: {
    id: 'woocommerce',
    label: PRESET_LABELS.woocommerce,
    anchors: [
      'regular price',
      'is featured?',
      'visibility in catalog',
      'in stock?',
      'normál ár',
      'típus',
      'type',
    ],
    columns: {
      sku: 'sku',
      cikkszám: 'sku',
      parent: 'parentSku',
      szülő: 'parentSku',
      name: 'name',
      név: 'name',
      'regular price': 'price',
      'normál ár': 'price',
      'sale price': 'salePrice',
      'akciós ár': 'salePrice',
      'date sale price starts': 'saleStartsAt',
      'akciós ár kezdete': 'saleStartsAt',
      'date sale price ends': 'saleEndsAt',
      'akciós ár vége': 'saleEndsAt',
      stock: 'stock',
      készlet: 'stock',
      published: 'enabled',
      közzétéve: 'enabled',
      'is featured?': 'featured',
      'kiemelt?': 'featured',
      categories: 'categories',
      kategóriák: 'categories',
      images: 'images',
      képek: 'images',
      description: 'description',
      leírás: 'description',
      'weight (kg)': 'weightKg',
      'súly (kg)': 'weightKg',
      'gtin, upc, ean, or isbn': 'ean',
      'gtin, upc, ean vagy isbn': 'ean',
      brands: 'brand',
      márkák: 'brand',
    },
    categorySeparator: ',',
    levelSeparator: '>',
    imageSeparator: ',',
  },
};

/** The preset whose telling headers the sheet has most of, or null when it has none of any. */
export function detectPreset(headers: readonly string[]): PresetId | null {
  const present = new Set(headers.map(normaliseHeader));
  let best: PresetId | null = null;
  let bestScore = 0;
  for (const preset of Object.values(PRESETS)) {
    const score = preset.anchors.filter((anchor) => present.has(anchor)).length;
    if (score > bestScore) {
      best = preset.id;
      bestScore = score;
    }
  }
  return best;
}

/** Every header any preset knows, for a column the detected preset does not name. */
const ANY_COLUMNS: Readonly<Record<string, ImportField>> = Object.assign(
  {},
  ...Object.values(PRESETS)
    .reverse()
    .map((preset) => preset.columns),
);

/**
 * Each header to its field: as the detected preset names it, else as our own sheet or any other
 * engine's export does (a sheet mixes them when an owner edits it); a field is taken from one column.
 */
export function proposeMapping(headers: readonly string[], presetId: PresetId | null): Mapping {
  const columns = presetId ? PRESETS[presetId].columns : OWN_COLUMNS;
  const mapping: Mapping = {};
  const taken = new Set<ImportField>();
  for (const header of headers) {
    const key = normaliseHeader(header);
    const field = columns[key] ?? OWN_COLUMNS[key] ?? ANY_COLUMNS[key];
    if (field && !taken.has(field)) {
      mapping[header] = field;
      taken.add(field);
    }
  }
  return mapping;
}

/** The key a remembered mapping is stored under: the same headers give the same key. */
export function headerKey(headers: readonly string[]): string {
  return headers.map(normaliseHeader).join('\t');
}
