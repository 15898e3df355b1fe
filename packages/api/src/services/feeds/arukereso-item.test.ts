import { describe, expect, it } from 'vitest';
import { arukeresoItemXml } from './arukereso-item';
import type { FeedItem } from './google-item';

const item: FeedItem = {
  id: 'p1',
  groupId: null,
  title: 'Bögre <nagy>',
  description: 'Kerámia',
  link: 'https://bolt.example/termek/bogre',
  imageLink: 'https://bolt.example/media/bogre.jpg',
  inStock: true,
  price: 2490,
  brand: 'Acme',
  gtin: '5901234123457',
  shippingPrice: 1490,
};

describe('arukeresoItemXml', () => {
  it('writes Árukereső’s tags with a plain forint price, escaped', () => {
    const xml = arukeresoItemXml(item);
    expect(xml).toContain('<identifier>p1</identifier>');
    expect(xml).toContain('<name>Bögre &lt;nagy&gt;</name>');
    expect(xml).toContain('<price>2490</price>');
    expect(xml).toContain('<ean_code>5901234123457</ean_code>');
    expect(xml).toContain('<delivery_time>1</delivery_time>');
    expect(xml).toContain('<delivery_cost>1490</delivery_cost>');
  });

  it('gives no delivery time for a sold-out item', () => {
    expect(arukeresoItemXml({ ...item, inStock: false })).not.toContain('delivery_time');
  });
});
