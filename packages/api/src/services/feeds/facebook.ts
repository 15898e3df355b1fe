import type { FeedItem } from './feed-items';
import { channel, g, huf, saleWindow, shippingElement } from './google-namespace';
import { writeInTurns } from './xml';

/** Commerce Manager caps titles at 200 characters and takes up to 20 additional pictures. */
const TITLE_MAX = 200;
const ADDITIONAL_IMAGES = 20;

/**
 * Meta's catalogue feed in its RSS XML form (the g: vocabulary): the required id, title, description,
 * availability ("in stock" / "out of stock", Meta's values), condition, price, link, image_link and
 * brand, with sale_price and its dates, item_group_id for variants, gtin, product_type and shipping.
 */
function facebookItem(item: FeedItem, now: number): string {
  const [image, ...more] = item.images;
  return [
    '<item>',
    g('id', item.id),
    g('title', item.title.slice(0, TITLE_MAX)),
    g('description', item.description),
    g('availability', item.inStock ? 'in stock' : 'out of stock'),
    g('condition', 'new'),
    g('price', huf(item.price)),
    item.sale ? g('sale_price', huf(item.sale.price)) : '',
    g('sale_price_effective_date', saleWindow(item, now)),
    g('link', item.link),
    g('image_link', image),
    ...more.slice(0, ADDITIONAL_IMAGES).map((url) => g('additional_image_link', url)),
    g('brand', item.brand),
    g('gtin', item.gtin),
    g('item_group_id', item.groupId),
    g('product_type', item.category),
    shippingElement(item),
    '</item>\n',
  ].join('');
}

export async function facebookFeed(
  items: readonly FeedItem[],
  shop: { name: string; url: string },
  now: number,
): Promise<string> {
  return channel(
    shop.name,
    `${shop.url}/`,
    `${shop.name} termékei`,
    await writeInTurns(items, (item) => facebookItem(item, now)),
  );
}
