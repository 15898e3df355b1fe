import type { FeedItem } from './feed-items';
import { channel, g, huf, saleWindow, shippingElement } from './google-namespace';
import { writeInTurns } from './xml';

/** Google's unit names for our net quantity units (m² is "sqm"). */
const UNIT_NAMES = { kg: 'kg', l: 'l', m: 'm', m2: 'sqm' } as const;

/** Merchant Center caps titles at 150 characters and takes at most 10 additional pictures. */
const TITLE_MAX = 150;
const ADDITIONAL_IMAGES = 10;

/**
 * Google Merchant Center's product feed (RSS 2.0 with the g: namespace), per its product data
 * specification: id, title, description, link, image_link, availability (in_stock / out_of_stock),
 * price, condition, brand, gtin or identifier_exists=no, item_group_id for variants, sale_price with
 * its effective dates, shipping to HU, and the unit pricing measure of goods sold by weight or volume.
 */
export function googleItem(item: FeedItem, now: number): string {
  const [image, ...more] = item.images;
  return [
    '<item>',
    g('id', item.id),
    g('title', item.title.slice(0, TITLE_MAX)),
    g('description', item.description),
    g('link', item.link),
    g('image_link', image),
    ...more.slice(0, ADDITIONAL_IMAGES).map((url) => g('additional_image_link', url)),
    g('availability', item.inStock ? 'in_stock' : 'out_of_stock'),
    g('price', huf(item.price)),
    item.sale ? g('sale_price', huf(item.sale.price)) : '',
    g('sale_price_effective_date', saleWindow(item, now)),
    g('condition', 'new'),
    g('brand', item.brand),
    item.gtin ? g('gtin', item.gtin) : g('identifier_exists', 'no'),
    g('item_group_id', item.groupId),
    g('product_type', item.category),
    shippingElement(item),
    item.unitPricing
      ? g('unit_pricing_measure', `${item.unitPricing.measure}${UNIT_NAMES[item.unitPricing.unit]}`)
      : '',
    item.unitPricing ? g('unit_pricing_base_measure', `1${UNIT_NAMES[item.unitPricing.unit]}`) : '',
    '</item>\n',
  ].join('');
}

export async function googleFeed(
  items: readonly FeedItem[],
  shop: { name: string; url: string },
  now: number,
): Promise<string> {
  return channel(
    shop.name,
    `${shop.url}/`,
    `${shop.name} termékei`,
    await writeInTurns(items, (item) => googleItem(item, now)),
  );
}
