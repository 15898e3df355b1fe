import { escapeHtml } from '../../html-escape';
import type { FeedItem } from './google-item';

function tag(name: string, value: string): string {
  return `<${name}>${escapeHtml(value)}</${name}>`;
}

/**
 * One `<product>` of Árukereső's feed (lower-case snake_case tags under `<products>`). Árukereső's
 * Marketplace only lists items in stock with `delivery_time` 1, so a sold-out item is written without
 * it; the price is gross whole forints, with no currency, as Árukereső only lists HUF offers.
 */
export function arukeresoItemXml(item: FeedItem): string {
  const lines = [
    tag('identifier', item.id),
    tag('name', item.title),
    tag('product_url', item.link),
    tag('price', String(item.price)),
    tag('image_url', item.imageLink),
    tag('description', item.description),
  ];
  if (item.brand) lines.push(tag('manufacturer', item.brand));
  if (item.gtin) lines.push(tag('ean_code', item.gtin));
  if (item.inStock) lines.push(tag('delivery_time', '1'));
  if (item.shippingPrice !== null) lines.push(tag('delivery_cost', String(item.shippingPrice)));
  return `<product>${lines.join('')}</product>`;
}
