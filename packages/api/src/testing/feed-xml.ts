import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { TFeedKey } from '../schemas/feed';

/** One item of a parsed feed: element name (with its g: prefix) → its text, or texts when repeated. */
export type FeedItemFields = Record<string, string | string[] | Record<string, string>>;

/**
 * What each format requires of every item, from its published specification: Google Merchant Center's
 * product data specification (with gtin or identifier_exists, and shipping as the shop delivers), Meta's
 * catalogue feed (id, title, description, availability, condition, price, link, image_link, brand) and
 * Árukereső's product list as its public sources give it (services/feeds/arukereso.ts): identifier,
 * name, price, net_price and product_url required by the list; image_url and description required by
 * its Marketplace; category and manufacturer, which the list recommends and our feed always writes
 * (it leaves an uncategorised product out, and names the shop as the brand of one without).
 */
export const FEED_REQUIRED: Record<TFeedKey, string[]> = {
  google: [
    'g:id',
    'g:title',
    'g:description',
    'g:link',
    'g:image_link',
    'g:availability',
    'g:price',
    'g:condition',
    'g:brand',
    'g:shipping',
  ],
  facebook: [
    'g:id',
    'g:title',
    'g:description',
    'g:availability',
    'g:condition',
    'g:price',
    'g:link',
    'g:image_link',
    'g:brand',
  ],
  arukereso: [
    'identifier',
    'name',
    'price',
    'net_price',
    'product_url',
    'image_url',
    'description',
    'category',
    'manufacturer',
  ],
};

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => name === 'item' || name === 'product' || name === 'g:additional_image_link',
});

/** The feed's items; throws when the XML is not well-formed. */
export function parseFeed(key: TFeedKey, xml: string): FeedItemFields[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`A feed XML-je hibás: ${valid.err.msg} (sor ${valid.err.line})`);
  const document = parser.parse(xml) as {
    rss?: { channel?: { item?: FeedItemFields[] } };
    products?: { product?: FeedItemFields[] } | string;
  };
  // An empty list parses to its text (whitespace), not to an object.
  if (key === 'arukereso')
    return typeof document.products === 'object' ? (document.products.product ?? []) : [];
  return document.rss?.channel?.item ?? [];
}

/** The required attributes an item lacks (empty: complete). */
export function missingRequired(key: TFeedKey, item: FeedItemFields): string[] {
  const missing = FEED_REQUIRED[key].filter((name) => item[name] === undefined || item[name] === '');
  if (key === 'google' && item['g:gtin'] === undefined && item['g:identifier_exists'] !== 'no') {
    missing.push('g:gtin vagy g:identifier_exists');
  }
  return missing;
}

/** Árukereső's value formats (services/feeds/arukereso.ts), as a pattern per element. */
const ARUKERESO_FORMATS: Record<string, RegExp> = {
  // Gross and net, whole forints.
  price: /^[1-9]\d*$/,
  net_price: /^[1-9]\d*$/,
  // Whole working days, not a range; "NO" for what cannot be ordered.
  delivery_time: /^([1-9]\d*|NO)$/,
  // Gross forints, or free.
  delivery_cost: /^([1-9]\d*|ingyenes)$/,
  ean_code: /^\d{8,13}$/,
  product_url: /^https?:\/\//,
  image_url: /^https?:\/\//,
  image_url_2: /^https?:\/\//,
  image_url_3: /^https?:\/\//,
};

/** The Árukereső item's values that break the list's formats, as "element: value" (empty: all fit). */
export function arukeresoBadValues(item: FeedItemFields): string[] {
  const bad = Object.entries(ARUKERESO_FORMATS).flatMap(([name, format]) => {
    const value = item[name];
    return value === undefined || (typeof value === 'string' && format.test(value))
      ? []
      : [`${name}: ${JSON.stringify(value)}`];
  });
  if (Number(item.net_price) > Number(item.price))
    bad.push(`net_price ${item.net_price} > price ${item.price}`);
  return bad;
}
