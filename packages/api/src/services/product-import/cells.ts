import { GTIN_CHECK_DIGIT_MESSAGE, GTIN_LENGTH_MESSAGE, gtinCheckDigitValid } from '../../schemas/gtin';
import type { ImportField } from '../../schemas/product-sheet';
import { NET_QUANTITY_UNITS } from '../../schemas/unit-price';
import { VAT_CLASSES } from '../../schemas/vat';
import { budapestWallClock } from '../budapest-time';
import { parseYesNo, splitPairs, VARIANT_FIELDS } from '../product-transfer/columns';
import type { Mapping, Preset } from './presets';

/**
 * One data row read into typed values by its mapping. A field is absent when its column is not
 * mapped or, for a field that cannot be empty (price, name, stock …), when the cell is empty; an
 * empty cell of a field that can be empty (sale, EAN, description, a list) clears it, as our own
 * export writes an empty cell for "none". `problems` are the Hungarian reasons the row is refused.
 */
export type RowValues = {
  sku?: string;
  parentSku?: string;
  name?: string;
  options?: [string, string][];
  price?: number;
  salePrice?: number | null;
  saleStartsAt?: Date | null;
  saleEndsAt?: Date | null;
  vatClass?: string;
  stock?: number;
  unit?: string;
  netQuantity?: number | null;
  netQuantityUnit?: string | null;
  weightGrams?: number | null;
  ean?: string | null;
  enabled?: boolean;
  featured?: boolean;
  feedExcluded?: boolean;
  /** Category paths, each from the top level down. */
  categories?: string[][];
  /** [property, value] pairs; a brand column adds ["Márka", brand]. */
  properties?: [string, string][];
  tiers?: { minQuantity: number; price: number }[];
  groupPrices?: [string, number][];
  images?: string[];
  description?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  slug?: string;
};

export type ParsedRow = { rowNumber: number; values: RowValues; problems: string[] };

export const BRAND_PROPERTY = 'Márka';

/**
 * Whole forints from "12 990", "12990", "12 990 Ft", "12990,00", "12.990" or "12990.00"; null for
 * anything else (fillér included: the shop's prices are whole forints).
 */
export function parseForint(cell: string): number | null {
  const text = cell
    .replace(/\s|\u00a0|\u202f/g, '')
    .replace(/(Ft|HUF)$/i, '')
    .trim();
  if (/^\d{1,3}([.,]\d{3})+$/.test(text)) return Number(text.replace(/[.,]/g, ''));
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  if (match[2] && Number(match[2]) !== 0) return null;
  const value = Number(match[1]);
  return Number.isSafeInteger(value) && value <= 100_000_000 ? value : null;
}

/** A whole number of pieces ("12", "12,00"); null for anything else. */
export function parseWhole(cell: string): number | null {
  const match = /^(-?\d+)(?:[.,]0+)?$/.exec(cell.replace(/\s|\u00a0/g, ''));
  if (!match) return null;
  const value = Number(match[1]);
  return Number.isSafeInteger(value) && Math.abs(value) <= 1_000_000_000 ? value : null;
}

/** A decimal with a comma or a point ("0,25", "1.5"); null for anything else. */
export function parseDecimal(cell: string): number | null {
  const text = cell.replace(/\s|\u00a0/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) && value <= 1_000_000 ? value : null;
}

/**
 * A time in Budapest: "2026-03-01 14:05" (our export), "2026-03-01" (start of day, as WooCommerce
 * writes it), "2026.03.01." or an ISO 8601 instant with its zone.
 */
export function parseDateTime(cell: string): Date | null {
  const text = cell.trim();
  if (/^\d{4}-\d{2}-\d{2}T.+(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const instant = new Date(text);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const match = /^(\d{4})[-.](\d{2})[-.](\d{2})\.?(?:[ T](\d{1,2}):(\d{2})(?::\d{2})?)?$/.exec(text);
  if (!match) return null;
  const [, year = '', month = '', day = '', hour = '0', minute = '0'] = match;
  if (+month < 1 || +month > 12 || +day < 1 || +day > 31 || +hour > 23 || +minute > 59) return null;
  return budapestWallClock(`${year}-${month}-${day}`, +hour, +minute);
}

/** "27", "27%", "27 %" or "TAM"/"AAM" as the shop's VAT class; null for anything else. */
export function parseVatClass(cell: string): string | null {
  const text = cell.replace(/\s|%/g, '').toUpperCase();
  return (VAT_CLASSES as readonly string[]).includes(text) ? text : null;
}

function split(cell: string, separator: string): string[] {
  return cell
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const NULLABLE_TEXT = new Set<ImportField>(['description', 'metaTitle', 'metaDescription']);

/**
 * Reads one row through its mapping. A variant's row (one with a parent code) takes only the fields
 * a variant has; its product's cells, which our export leaves empty there, are not read.
 */
export function parseRow(
  rowNumber: number,
  headers: readonly string[],
  cells: readonly string[],
  mapping: Mapping,
  preset: Preset,
): ParsedRow {
  const values: RowValues = {};
  const problems: string[] = [];
  const cellOf = new Map<ImportField, string>();
  headers.forEach((header, index) => {
    const field = mapping[header];
    if (field) cellOf.set(field, cells[index] ?? '');
  });
  const parentSku = cellOf.get('parentSku')?.trim();
  const isVariant = Boolean(parentSku);
  const refuse = (what: string, cell: string) =>
    problems.push(`${what}: „${cell.slice(0, 60)}” nem értelmezhető.`);

  for (const [field, cell] of cellOf) {
    if (isVariant && !VARIANT_FIELDS.has(field as never)) continue;
    const empty = cell === '';
    switch (field) {
      case 'sku':
      case 'parentSku':
        if (!empty) values[field] = cell;
        break;
      case 'name':
      case 'unit':
      case 'slug':
        if (!empty) values[field] = cell;
        break;
      case 'description':
      case 'metaTitle':
      case 'metaDescription':
        if (NULLABLE_TEXT.has(field)) values[field] = empty ? null : cell;
        break;
      case 'price': {
        if (empty) break;
        const price = parseForint(cell);
        if (price === null || price === 0) refuse('Ár', cell);
        else values.price = price;
        break;
      }
      case 'salePrice': {
        const price = empty ? null : parseForint(cell);
        if (!empty && (price === null || price === 0)) refuse('Akciós ár', cell);
        else values.salePrice = price;
        break;
      }
      case 'saleStartsAt':
      case 'saleEndsAt': {
        const instant = empty ? null : parseDateTime(cell);
        if (!empty && !instant) refuse(field === 'saleStartsAt' ? 'Akció kezdete' : 'Akció vége', cell);
        else values[field] = instant;
        break;
      }
      case 'vatClass': {
        if (empty) break;
        const vatClass = parseVatClass(cell);
        if (!vatClass) problems.push(`ÁFA: „${cell}” helyett 27, 18, 5, TAM vagy AAM lehet.`);
        else values.vatClass = vatClass;
        break;
      }
      case 'stock': {
        if (empty) break;
        const stock = parseWhole(cell);
        if (stock === null || stock < 0) refuse('Készlet', cell);
        else values.stock = stock;
        break;
      }
      case 'netQuantity': {
        const quantity = empty ? null : parseDecimal(cell);
        if (!empty && !quantity) refuse('Nettó mennyiség', cell);
        else values.netQuantity = quantity;
        break;
      }
      case 'netQuantityUnit': {
        const unit = empty ? null : cell.trim().toLowerCase().replace('²', '2');
        if (unit !== null && !(NET_QUANTITY_UNITS as readonly string[]).includes(unit)) {
          problems.push(`Egységár egysége: „${cell}” helyett kg, l, m vagy m2 lehet.`);
        } else values.netQuantityUnit = unit;
        break;
      }
      case 'weightGrams':
      case 'weightKg': {
        const amount = empty ? null : field === 'weightKg' ? parseDecimal(cell) : parseWhole(cell);
        if (!empty && amount === null) refuse('Tömeg', cell);
        else
          values.weightGrams =
            amount === null ? null : Math.round(field === 'weightKg' ? amount * 1000 : amount);
        break;
      }
      case 'ean': {
        const ean = empty ? null : cell.replace(/\s/g, '');
        if (ean !== null && !/^(\d{8}|\d{12,14})$/.test(ean)) {
          problems.push(`EAN „${cell}”: ${GTIN_LENGTH_MESSAGE}`);
        } else if (ean !== null && !gtinCheckDigitValid(ean)) {
          problems.push(`EAN „${cell}”: ${GTIN_CHECK_DIGIT_MESSAGE}`);
        } else values.ean = ean;
        break;
      }
      case 'enabled':
      case 'featured':
      case 'feedExcluded': {
        if (empty) break;
        const flag = parseYesNoCell(cell);
        if (flag === null) problems.push(`„${cell}” helyett igen vagy nem kell (${FLAG_NAMES[field]}).`);
        else values[field] = flag;
        break;
      }
      case 'categories':
        values.categories = split(cell, preset.categorySeparator).map((path) =>
          split(path, preset.levelSeparator),
        );
        break;
      case 'images':
        values.images = split(cell, preset.imageSeparator);
        break;
      case 'brand':
        if (!empty) values.properties = [...(values.properties ?? []), [BRAND_PROPERTY, cell]];
        break;
      case 'options':
      case 'properties': {
        const { pairs, malformed } = splitPairs(cell);
        if (malformed !== null) {
          problems.push(`„${malformed}”: név: érték alakban kell (például Szín: kék).`);
        } else if (field === 'options') values.options = pairs;
        else values.properties = [...pairs, ...(values.properties ?? [])];
        break;
      }
      case 'tiers':
      case 'groupPrices': {
        const { pairs, malformed } = splitPairs(cell);
        if (malformed !== null) {
          problems.push(`„${malformed}”: darabszám: ár alakban kell (például 5: 1190).`);
          break;
        }
        const priced = pairs.map(([key, price]) => [key, parseForint(price)] as const);
        const wrong = priced.find(([, price]) => price === null);
        if (wrong) {
          problems.push(`„${wrong[0]}” ára nem egész forint.`);
        } else if (field === 'groupPrices') {
          values.groupPrices = priced.map(([group, price]) => [group, price as number]);
        } else {
          const tiers = priced.map(([minimum, price]) => ({
            minQuantity: parseWhole(minimum) ?? Number.NaN,
            price: price as number,
          }));
          const bad = tiers.find((tier) => !(tier.minQuantity >= 2));
          if (bad) problems.push('Mennyiségi ár: a darabszám legalább 2 egész szám.');
          else values.tiers = tiers;
        }
        break;
      }
    }
  }
  return { rowNumber, values, problems };
}

const FLAG_NAMES: Record<'enabled' | 'featured' | 'feedExcluded', string> = {
  enabled: 'Aktív',
  featured: 'Kiemelt',
  feedExcluded: 'Feedből kihagyva',
};

/** WooCommerce writes -1 for a draft; the rest is yes/no in any of its spellings. */
function parseYesNoCell(cell: string): boolean | null {
  if (cell.trim() === '-1') return false;
  return parseYesNo(cell);
}
