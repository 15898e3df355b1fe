import { describe, expect, it } from 'vitest';
import { type FeedItem, googleItemXml } from './google-item';

const item: FeedItem = {
  id: 'p1-v2',
  groupId: 'p1',
  title: 'Póló, kék, M',
  description: 'Pamut & puha',
  link: 'https://bolt.example/termek/polo?variant=v2',
  imageLink: 'https://bolt.example/media/polo.jpg',
  inStock: false,
  price: 12990,
  brand: 'Acme',
  gtin: null,
  shippingPrice: 1490,
};

describe('googleItemXml', () => {
  it('writes the required attributes in Google’s forms, escaped', () => {
    const xml = googleItemXml(item);
    expect(xml).toContain('<g:price>12990 HUF</g:price>');
    expect(xml).toContain('<g:availability>out_of_stock</g:availability>');
    expect(xml).toContain('<g:item_group_id>p1</g:item_group_id>');
    expect(xml).toContain('<g:identifier_exists>no</g:identifier_exists>');
    expect(xml).toContain('<g:description>Pamut &amp; puha</g:description>');
    expect(xml).toContain('<g:shipping><g:country>HU</g:country><g:price>1490 HUF</g:price></g:shipping>');
  });

  it('gives the barcode when there is one', () => {
    expect(googleItemXml({ ...item, gtin: '5901234123457' })).toContain('<g:gtin>5901234123457</g:gtin>');
  });
});
