import type { FeedItem } from './feed-items';
import { element, writeInTurns, XML_DECLARATION } from './xml';

/**
 * Árukereső's product list (<products><product>…), as its feed format describes it: identifier,
 * manufacturer, name, category, product_url, price (gross, whole forints), image_url, description,
 * delivery_time and delivery_cost, and ean_code when the article has one. The price is what a shopper
 * pays now, a running sale included: Árukereső compares the price at the till.
 */
function arukeresoItem(item: FeedItem): string {
  return [
    '<product>',
    element('identifier', item.id),
    element('manufacturer', item.brand),
    element('name', item.title),
    element('category', item.category),
    element('product_url', item.link),
    element('price', item.sale?.price ?? item.price),
    element('image_url', item.images[0]),
    element('description', item.description),
    // Out of stock goes in as such: Árukereső shows the delivery time as the shop writes it.
    element('delivery_time', item.inStock ? item.shipping?.deliveryTime : 'Jelenleg nincs készleten'),
    element('delivery_cost', item.shipping?.fee),
    element('ean_code', item.gtin),
    '</product>\n',
  ].join('');
}

export async function arukeresoFeed(items: readonly FeedItem[]): Promise<string> {
  const products = await writeInTurns(items, arukeresoItem);
  return [XML_DECLARATION, '<products>\n', ...products, '</products>\n'].join('');
}
