import { escapeHtml } from '../../html-escape';

/** One feed line: a product sold as itself, or one enabled variant of a product. */
export interface FeedItem {
  id: string;
  /** The product's id when the item is a variant, so Google groups the variants as one offer. */
  groupId: string | null;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  inStock: boolean;
  /** Guest price in whole forints. */
  price: number;
  brand: string | null;
  gtin: string | null;
  /** Cheapest home-delivery price in whole forints, or null when the shop has none. */
  shippingPrice: number | null;
}

/** Google wants the amount with an ISO 4217 code, `12990 HUF`; forints have no decimals. */
export function googlePrice(forints: number): string {
  return `${forints} HUF`;
}

function tag(name: string, value: string): string {
  return `<g:${name}>${escapeHtml(value)}</g:${name}>`;
}

/**
 * One `<item>` of the Merchant Center RSS 2.0 feed. Sold-out items stay in the feed as `out_of_stock`
 * (Google's own advice: removing them loses the item's history); without a GTIN we say
 * `identifier_exists=no` instead of inventing one, as Google asks for products without a barcode.
 */
export function googleItemXml(item: FeedItem): string {
  const lines = [
    tag('id', item.id),
    tag('title', item.title),
    tag('description', item.description),
    tag('link', item.link),
    tag('image_link', item.imageLink),
    tag('availability', item.inStock ? 'in_stock' : 'out_of_stock'),
    tag('price', googlePrice(item.price)),
    tag('condition', 'new'),
  ];
  if (item.groupId) lines.push(tag('item_group_id', item.groupId));
  if (item.brand) lines.push(tag('brand', item.brand));
  lines.push(item.gtin ? tag('gtin', item.gtin) : tag('identifier_exists', 'no'));
  if (item.shippingPrice !== null) {
    lines.push(
      `<g:shipping>${tag('country', 'HU')}${tag('price', googlePrice(item.shippingPrice))}</g:shipping>`,
    );
  }
  return `<item>${lines.join('')}</item>`;
}
