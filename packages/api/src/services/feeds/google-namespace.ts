import type { FeedItem } from './feed-items';
import { element, XML_DECLARATION, xmlText } from './xml';

/**
 * Google's product data vocabulary in an RSS 2.0 channel (`xmlns:g`), which Merchant Center reads and
 * Meta's catalogue reads too (with its own values for some fields). Prices are whole forints followed by
 * the ISO currency: "12990 HUF".
 */
export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

export const huf = (amount: number) => `${amount} HUF`;

/** ISO 8601 in UTC to the minute, as Google's examples write a moment: 2026-11-29T10:00Z. */
const isoMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16)}Z`;

/**
 * `sale_price_effective_date`: the sale's start/end. A sale running without a stored start began when it
 * was saved, and one without an end runs until further notice, which the attribute cannot say: it is then
 * left out and the channel takes the sale price as current for as long as the feed lists it.
 */
export function saleWindow(item: FeedItem, now: number): string | null {
  if (!item.sale || item.sale.endsAt === null) return null;
  return `${isoMinute(item.sale.startsAt ?? now)}/${isoMinute(item.sale.endsAt)}`;
}

export function channel(title: string, link: string, description: string, items: readonly string[]): string {
  return [
    XML_DECLARATION,
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">\n<channel>\n`,
    `<title>${xmlText(title)}</title>\n<link>${xmlText(link)}</link>\n<description>${xmlText(description)}</description>\n`,
    ...items,
    '</channel>\n</rss>\n',
  ].join('');
}

/** `<g:shipping>` for Hungary at the item's fee; nothing when the shop delivers nowhere. */
export function shippingElement(item: FeedItem): string {
  if (!item.shipping) return '';
  return `<g:shipping>${element('g:country', 'HU')}${element('g:service', item.shipping.service)}${element('g:price', huf(item.shipping.fee))}</g:shipping>`;
}

export const g = (name: string, value: string | number | null | undefined) => element(`g:${name}`, value);
