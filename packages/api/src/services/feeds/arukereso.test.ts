import { describe, expect, it } from 'vitest';
import { arukeresoBadValues, FEED_REQUIRED, missingRequired, parseFeed } from '../../testing/feed-xml';
import { arukeresoDeliveryDays, arukeresoEan, arukeresoFeed } from './arukereso';
import type { FeedItem } from './feed-items';

// The Árukereső list as its public sources give it (arukereso.ts): element names, the required ones,
// gross and net whole forints, delivery time as whole working days or "NO", delivery cost as forints or
// "ingyenes", an EAN of 8 to 13 digits, up to three pictures.

const item = (fields: Partial<FeedItem> = {}): FeedItem => ({
  id: '12',
  groupId: null,
  productId: 12,
  title: 'Kék bögre',
  productTitle: 'Kék bögre',
  description: 'Kézzel festett bögre.',
  link: 'https://bolt.example/kek-bogre-12',
  images: ['https://bolt.example/media/1/full'],
  price: 2990,
  sale: null,
  vatPercent: 27,
  inStock: true,
  brand: 'Pannon Porcelán',
  gtin: '5999881234565',
  category: 'Konyha > Bögrék',
  shipping: { service: 'Házhozszállítás', fee: 1490, deliveryTime: '1–2 munkanap' },
  unitPricing: null,
  ...fields,
});

const written = async (...items: FeedItem[]) => parseFeed('arukereso', await arukeresoFeed(items));

describe('the Árukereső list', () => {
  it('writes every required element under <products><product>, each value in its format', async () => {
    const [product] = await written(item());
    expect(product).toEqual({
      identifier: '12',
      manufacturer: 'Pannon Porcelán',
      name: 'Kék bögre',
      category: 'Konyha > Bögrék',
      product_url: 'https://bolt.example/kek-bogre-12',
      price: '2990',
      // 2990 contains 636 of 27 % VAT.
      net_price: '2354',
      image_url: 'https://bolt.example/media/1/full',
      description: 'Kézzel festett bögre.',
      delivery_time: '2',
      delivery_cost: '1490',
      ean_code: '5999881234565',
    });
    expect(missingRequired('arukereso', product!)).toEqual([]);
    expect(arukeresoBadValues(product!)).toEqual([]);
    expect(FEED_REQUIRED.arukereso).toEqual(expect.arrayContaining(['net_price', 'product_url', 'price']));
  });

  it('writes the price paid now, its net at the product’s own VAT, and a VAT-free price as its own net', async () => {
    const [sale, reduced, exempt] = await written(
      item({ sale: { price: 2490, startsAt: null, endsAt: null } }),
      item({ id: '13', vatPercent: 5 }),
      item({ id: '14', vatPercent: 0 }),
    );
    expect([sale?.price, sale?.net_price]).toEqual(['2490', '1961']);
    expect([reduced?.price, reduced?.net_price]).toEqual(['2990', '2848']);
    expect([exempt?.price, exempt?.net_price]).toEqual(['2990', '2990']);
  });

  it('says "NO" for what cannot be ordered and "ingyenes" for free delivery', async () => {
    const [soldOut, free, nowhere] = await written(
      item({ inStock: false }),
      item({ id: '13', shipping: { service: 'Házhozszállítás', fee: 0, deliveryTime: '3 munkanap' } }),
      item({ id: '14', shipping: null }),
    );
    expect(soldOut?.delivery_time).toBe('NO');
    expect([free?.delivery_time, free?.delivery_cost]).toEqual(['3', 'ingyenes']);
    expect(nowhere?.delivery_cost).toBeUndefined();
    expect(nowhere?.delivery_time).toBeUndefined();
    for (const product of [soldOut!, free!, nowhere!]) expect(arukeresoBadValues(product)).toEqual([]);
  });

  it('gives up to three pictures as image_url, image_url_2 and image_url_3', async () => {
    const images = [1, 2, 3, 4].map((id) => `https://bolt.example/media/${id}/full`);
    const [product] = await written(item({ images }));
    expect([product?.image_url, product?.image_url_2, product?.image_url_3, product?.image_url_4]).toEqual([
      ...images.slice(0, 3),
      undefined,
    ]);
  });

  it('reads the delivery time as whole working days, the longer end of a range', () => {
    expect(arukeresoDeliveryDays('1–2 munkanap')).toBe(2);
    expect(arukeresoDeliveryDays('2-4 nap')).toBe(4);
    expect(arukeresoDeliveryDays('3')).toBe(3);
    expect(arukeresoDeliveryDays('1 hét')).toBe(5);
    expect(arukeresoDeliveryDays('24 órán belül')).toBe(1);
    expect(arukeresoDeliveryDays('48 óra')).toBe(2);
    expect(arukeresoDeliveryDays('azonnal')).toBeNull();
    expect(arukeresoDeliveryDays(null)).toBeNull();
  });

  it('writes an EAN of 8 to 13 digits: a GTIN-14 of the piece loses its leading 0, a carton’s is left out', async () => {
    expect(arukeresoEan('96385074')).toBe('96385074');
    expect(arukeresoEan('012345678905')).toBe('012345678905');
    expect(arukeresoEan('00012345678905')).toBe('0012345678905');
    expect(arukeresoEan('10012345678902')).toBeNull();
    expect(arukeresoEan(null)).toBeNull();
    const [carton] = await written(item({ gtin: '10012345678902' }));
    expect(carton?.ean_code).toBeUndefined();
  });

  it('finds a value out of format', () => {
    expect(
      arukeresoBadValues({
        price: '2990',
        net_price: '2354',
        delivery_time: '1–2 munkanap',
        ean_code: '123',
      }),
    ).toEqual(['delivery_time: "1–2 munkanap"', 'ean_code: "123"']);
  });
});
