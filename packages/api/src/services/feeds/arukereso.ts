import { vatContentOf } from '../../schemas/checkout';
import type { FeedItem } from './feed-items';
import { element, writeInTurns, XML_DECLARATION } from './xml';

/**
 * Árukereső's product list: <products><product>…</product></products>. Its own field reference
 * (https://www.arukereso.hu/admin/FeedFormat) needs a partner login; the names, which are required and
 * their formats come from what is public:
 * - Árukereső's Marketplace page, https://www.arukereso.hu/static/marketplace-tags.html: delivery_time,
 *   image_url and description, and delivery_time written as working days ("1", "1 nap", "1 munkanap");
 * - the format as the WordPress plugin "Árukereső for WooCommerce"
 *   (https://wordpress.org/plugins/arukereso-for-woocommerce/) writes it: identifier, name, manufacturer,
 *   ean_code, category, price (gross), net_price, product_url, image_url, description, delivery_cost,
 *   delivery_time, and one <product> per variant with its own name and link;
 * - the field table of a Hungarian price-comparison site's partner page that reads the same list (a page
 *   template in a public repository, its site not named there): identifier, name, price (gross),
 *   net_price and product_url required; ean_code (8 to 13 digits), manufacturer, category ("Műszaki
 *   cikkek > Szórakoztató elektronika > DVD-lejátszók"), image_url, image_url_2, image_url_3,
 *   description, delivery_cost (gross forints, or "ingyenes") and delivery_time (whole working days, not
 *   a range; "NO" for what cannot be ordered) recommended.
 * Prices are what a shopper pays now, a running sale included: Árukereső compares the price at the till.
 */

/** The most pictures the list takes: image_url, image_url_2 and image_url_3. */
const IMAGES = 3;

/**
 * A shipping method's delivery time ("1–2 munkanap", "3 nap", "1 hét") as the whole number of working days
 * the list takes: the longer end of a range, as the field means "delivered within this many working days";
 * a week is five. Null when the text names no number ("azonnal"): the element is then left out rather
 * than guessed.
 */
export function arukeresoDeliveryDays(text: string | null | undefined): number | null {
  if (!text) return null;
  const numbers = (text.match(/\d+/g) ?? []).map(Number).filter((n) => n > 0);
  if (numbers.length === 0) return null;
  const longest = Math.max(...numbers);
  if (/h[eé]t/i.test(text)) return longest * 5;
  if (/[oó]r[aá]/i.test(text)) return Math.max(1, Math.ceil(longest / 24));
  return longest;
}

/**
 * The barcode as ean_code takes it (8 to 13 digits): a GTIN-14 that starts with 0 is the same article's
 * EAN-13; any other GTIN-14 names a carton, not the piece sold, and is left out.
 */
export function arukeresoEan(gtin: string | null): string | null {
  if (gtin === null) return null;
  if (gtin.length <= 13) return gtin;
  return gtin.startsWith('0') ? gtin.slice(1) : null;
}

function arukeresoItem(item: FeedItem): string {
  const price = item.sale?.price ?? item.price;
  const days = arukeresoDeliveryDays(item.shipping?.deliveryTime);
  return [
    '<product>',
    element('identifier', item.id),
    element('manufacturer', item.brand),
    element('name', item.title),
    element('category', item.category),
    element('product_url', item.link),
    element('price', price),
    element('net_price', price - vatContentOf(price, item.vatPercent)),
    ...item.images
      .slice(0, IMAGES)
      .map((url, index) => element(index === 0 ? 'image_url' : `image_url_${index + 1}`, url)),
    element('description', item.description),
    // Out of stock cannot be ordered here, and "NO" is how the list says so.
    element('delivery_time', item.inStock ? days : 'NO'),
    element(
      'delivery_cost',
      item.shipping ? (item.shipping.fee === 0 ? 'ingyenes' : item.shipping.fee) : null,
    ),
    element('ean_code', arukeresoEan(item.gtin)),
    '</product>\n',
  ].join('');
}

export async function arukeresoFeed(items: readonly FeedItem[]): Promise<string> {
  const products = await writeInTurns(items, arukeresoItem);
  return [XML_DECLARATION, '<products>\n', ...products, '</products>\n'].join('');
}
