import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFor, VersionedCache } from '../src/cache';
import { DEFAULT_PUBLIC_URL } from '../src/context';
import type { TFeedKey } from '../src/schemas/feed';
import { getFeedXml } from '../src/services/feeds';
import { createVariantProduct, type FeedItemFields, missingRequired, parseFeed } from '../src/testing';
import { arukeresoBadValues } from '../src/testing/feed-xml';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

// The product feeds built from the in-memory catalogue: every item of every format carries what its
// specification requires, prices are whole forints, a product in variants gives an item per enabled
// variant, what the shop does not sell (or the owner left out) is absent, and the admin's report says
// what is left out and why.
// The address the callers' context gives the shop (context.ts), as the report writes the feeds' URLs.
const PUBLIC_URL = DEFAULT_PUBLIC_URL;
const FEEDS: TFeedKey[] = ['google', 'facebook', 'arukereso'];
const DAY_MS = 24 * 60 * 60 * 1000;

let db: Database;
let admin: SignedIn;
let guest: Caller;
const ids: Record<string, number> = {};
let shirt: { id: number; variants: Record<string, number> };
let photos: number[] = [];

const deps = () => ({ prisma: db.prisma, cache: cacheFor(db.prisma) });
const feed = async (key: TFeedKey, cache = cacheFor(db.prisma)) =>
  parseFeed(key, await getFeedXml({ prisma: db.prisma, cache }, key, PUBLIC_URL));
const idOf = (key: TFeedKey, item: FeedItemFields) =>
  String(key === 'arukereso' ? item.identifier : item['g:id']);
const itemOf = async (key: TFeedKey, id: string) => (await feed(key)).find((item) => idOf(key, item) === id);

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
  guest = await callerFor(db.prisma);
  const media = (name: string) =>
    db.prisma.media.create({
      data: { originalName: name, mimeType: 'image/jpeg', width: 800, height: 800, sizeBytes: 10 },
      select: { id: true },
    });
  photos = [(await media('a.jpg')).id, (await media('b.jpg')).id, (await media('c.jpg')).id];
  await db.prisma.shippingMethod.createMany({
    data: [
      { name: 'Házhozszállítás', grossPrice: 1490, needsAddress: true, deliveryTime: '1–2 munkanap' },
      { name: 'Foxpost automata', grossPrice: 990, needsAddress: false, pickupCarrier: 'foxpost' },
      { name: 'Személyes átvétel', grossPrice: 0, needsAddress: false },
    ],
  });
  const brand = await db.prisma.property.create({
    data: {
      code: 'marka',
      descriptions: { create: { language: 'hu', title: 'Márka' } },
      values: {
        create: { position: 0, descriptions: { create: { language: 'hu', title: 'Pannon Porcelán' } } },
      },
    },
    select: { values: { select: { id: true } } },
  });
  const brandValue = brand.values[0]!.id;
  const kitchen = (
    await admin.caller.category.create({ descriptions: [{ language: 'hu', title: 'Konyha' }] })
  ).id;
  const hidden = (
    await admin.caller.category.create({
      enabled: false,
      descriptions: [{ language: 'hu', title: 'Rejtett' }],
    })
  ).id;

  const save = async (key: string, title: string, fields: Record<string, unknown>) => {
    ids[key] = (
      await admin.caller.product.update({
        price: 2990,
        stock: 5,
        categoryIds: [kitchen],
        imageIds: [photos[0]!, photos[1]!],
        propertyValueIds: [brandValue],
        descriptions: [
          { language: 'hu', title, body: `<p>${title}: kézzel festett, <b>mosogatógépbe</b> tehető.</p>` },
        ],
        ...fields,
      })
    ).id;
  };
  await save('mug', 'Kék bögre', { ean: '5999881234565', netQuantity: 0.3, netQuantityUnit: 'l' });
  await save('excluded', 'Kihagyott tál', { feedExcluded: true });
  await save('disabled', 'Letiltott tányér', { enabled: false });
  await save('pictureless', 'Kép nélküli kancsó', { imageIds: [] });
  await save('undescribed', 'Leírás nélküli csésze', {
    descriptions: [{ language: 'hu', title: 'Leírás nélküli csésze', body: '<p> </p>' }],
  });
  await save('soldOut', 'Elfogyott pohár', { stock: 0 });
  await save('hiddenCategory', 'Rejtett kategóriás váza', { categoryIds: [hidden] });
  await save('uncategorised', 'Kategória nélküli alátét', { categoryIds: [] });
  await save('nasty', 'Fedős tál', {});
  // A title pasted from a word processor, stored as an import may store it: a backspace, a vertical tab, a unit separator.
  await db.prisma.description.updateMany({
    where: { productId: ids.nasty },
    data: { title: 'Tál\u0008 & <fedő>\u000b "nagy" \'kerek\'\u001f' },
  });
  await save('sale', 'Akciós tányér', {
    salePrice: 2490,
    saleStartsAt: new Date(Date.now() - DAY_MS).toISOString(),
    saleEndsAt: new Date(Date.now() + 7 * DAY_MS).toISOString(),
  });

  shirt = await createVariantProduct(
    db.prisma,
    { slug: 'feed-polo', title: 'Póló', grossPrice: 4990 },
    [{ title: 'Méret', values: ['S', 'M', 'L'] }],
    [
      { kutiId: 'FP-S', values: ['S'], stock: 3, mediaId: photos[2] },
      { kutiId: 'FP-M', values: ['M'], stock: 0, grossPrice: 5490 },
      { kutiId: 'FP-L', values: ['L'], stock: 9, enabled: false },
    ],
  );
  await db.prisma.productVariant.update({
    where: { id: shirt.variants['FP-S']! },
    data: { ean: '4006381333931' },
  });
  await admin.caller.product.update({
    id: shirt.id,
    categoryIds: [kitchen],
    imageIds: [photos[0]!],
    propertyValueIds: [brandValue],
    descriptions: [{ language: 'hu', title: 'Póló', body: '<p>Pamut póló.</p>' }],
  });
});
afterAll(() => db?.close());

describe('the product feeds', () => {
  it('are well-formed and every item carries every attribute its format requires', async () => {
    for (const key of FEEDS) {
      const items = await feed(key);
      expect(items.length, key).toBeGreaterThan(0);
      for (const item of items) expect(missingRequired(key, item), `${key} ${idOf(key, item)}`).toEqual([]);
    }
    for (const item of await feed('arukereso')) {
      expect(arukeresoBadValues(item), `arukereso ${idOf('arukereso', item)}`).toEqual([]);
    }
  });

  it('write prices in whole forints: "2990 HUF" for Google and Meta, 2990 for Árukereső', async () => {
    for (const key of ['google', 'facebook'] as const) {
      for (const item of await feed(key)) {
        expect(item['g:price']).toMatch(/^[1-9]\d* HUF$/);
        if (item['g:sale_price'] !== undefined) expect(item['g:sale_price']).toMatch(/^[1-9]\d* HUF$/);
      }
    }
    for (const item of await feed('arukereso')) expect(item.price).toMatch(/^[1-9]\d*$/);
    expect(await itemOf('google', String(ids.mug))).toMatchObject({
      'g:price': '2990 HUF',
      'g:availability': 'in_stock',
      'g:condition': 'new',
      'g:brand': 'Pannon Porcelán',
      'g:gtin': '5999881234565',
      'g:product_type': 'Konyha',
      'g:link': `${PUBLIC_URL}/kek-bogre-${ids.mug}`,
      'g:image_link': `${PUBLIC_URL}/media/${photos[0]}/full`,
      'g:additional_image_link': [`${PUBLIC_URL}/media/${photos[1]}/full`],
      'g:description': 'Kék bögre: kézzel festett, mosogatógépbe tehető.',
      'g:unit_pricing_measure': '0.3l',
      'g:unit_pricing_base_measure': '1l',
    });
  });

  it("ship to HU at the cheapest home delivery's fee, not a pickup point's", async () => {
    const mug = await itemOf('google', String(ids.mug));
    expect(mug?.['g:shipping']).toEqual({
      'g:country': 'HU',
      'g:service': 'Házhozszállítás',
      'g:price': '1490 HUF',
    });
    // Árukereső takes whole working days: "1–2 munkanap" is written as its longer end.
    expect(await itemOf('arukereso', String(ids.mug))).toMatchObject({
      price: '2990',
      net_price: '2354',
      delivery_cost: '1490',
      delivery_time: '2',
      ean_code: '5999881234565',
      image_url: `${PUBLIC_URL}/media/${photos[0]}/full`,
      image_url_2: `${PUBLIC_URL}/media/${photos[1]}/full`,
    });
  });

  it('give a product in variants one item per enabled variant, grouped by item_group_id', async () => {
    const items = (await feed('google')).filter((item) => item['g:item_group_id'] === String(shirt.id));
    const small = shirt.variants['FP-S'];
    const medium = shirt.variants['FP-M'];
    expect(items.map((item) => item['g:id'])).toEqual([`${shirt.id}-${small}`, `${shirt.id}-${medium}`]);
    expect(items[0]).toMatchObject({
      'g:title': 'Póló, S',
      'g:link': `${PUBLIC_URL}/feed-polo-${shirt.id}?variant=${small}`,
      'g:image_link': `${PUBLIC_URL}/media/${photos[2]}/full`,
      'g:gtin': '4006381333931',
      'g:price': '4990 HUF',
      'g:availability': 'in_stock',
    });
    expect(items[1]).toMatchObject({
      'g:title': 'Póló, M',
      'g:identifier_exists': 'no',
      'g:price': '5490 HUF',
      'g:availability': 'out_of_stock',
    });
    const meta = (await feed('facebook')).filter((item) => item['g:item_group_id'] === String(shirt.id));
    expect(meta.map((item) => item['g:availability'])).toEqual(['in stock', 'out of stock']);
  });

  it('leave out what the owner excluded, what the shop does not sell, and keep what is sold out', async () => {
    for (const key of FEEDS) {
      const present = new Set((await feed(key)).map((item) => idOf(key, item)));
      for (const absent of ['excluded', 'disabled', 'pictureless', 'undescribed', 'hiddenCategory']) {
        expect(present.has(String(ids[absent])), `${key}: ${absent}`).toBe(false);
      }
      expect(present.has(String(ids.soldOut)), key).toBe(true);
    }
    expect((await itemOf('google', String(ids.soldOut)))?.['g:availability']).toBe('out_of_stock');
    expect((await itemOf('arukereso', String(ids.soldOut)))?.delivery_time).toBe('NO');
  });

  it('escape markup characters and drop the control characters XML forbids', async () => {
    const xml = await getFeedXml(deps(), 'google', PUBLIC_URL);
    for (const forbidden of ['\u0008', '\u000b', '\u001f']) expect(xml).not.toContain(forbidden);
    expect(xml).toContain('<g:title>Tál &amp; &lt;fedő&gt; &quot;nagy&quot; &apos;kerek&apos;</g:title>');
    expect((await itemOf('google', String(ids.nasty)))?.['g:title']).toBe('Tál & <fedő> "nagy" \'kerek\'');
  });

  it('carry a running sale as sale_price with its effective dates', async () => {
    const item = await itemOf('google', String(ids.sale));
    expect(item).toMatchObject({ 'g:price': '2990 HUF', 'g:sale_price': '2490 HUF' });
    expect(item?.['g:sale_price_effective_date']).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\dZ\/\d{4}-\d\d-\d\dT\d\d:\d\dZ$/,
    );
    expect((await itemOf('arukereso', String(ids.sale)))?.price).toBe('2490');
  });

  it('show a price change on the next request, also on a server that built the feed before it', async () => {
    const other = new VersionedCache(db.prisma, { pollIntervalMs: 0 });
    expect((await feed('google', other)).find((item) => item['g:id'] === String(ids.mug))?.['g:price']).toBe(
      '2990 HUF',
    );
    await admin.caller.product.update({ id: ids.mug, price: 3490 });
    expect((await itemOf('google', String(ids.mug)))?.['g:price']).toBe('3490 HUF');
    expect((await feed('google', other)).find((item) => item['g:id'] === String(ids.mug))?.['g:price']).toBe(
      '3490 HUF',
    );
    await admin.caller.product.update({ id: ids.mug, price: 2990 });
  });

  it('answer the same text until the catalogue changes', async () => {
    const first = await getFeedXml(deps(), 'facebook', PUBLIC_URL);
    expect(await getFeedXml(deps(), 'facebook', PUBLIC_URL)).toBe(first);
    await admin.caller.product.update({ id: ids.excluded, feedExcluded: false });
    const after = await getFeedXml(deps(), 'facebook', PUBLIC_URL);
    expect(after).not.toBe(first);
    expect(after).toContain(`<g:id>${ids.excluded}</g:id>`);
    await admin.caller.product.update({ id: ids.excluded, feedExcluded: true });
  });
  it("take the shop's new name as the channel's title on the next request", async () => {
    const before = await getFeedXml(deps(), 'google', PUBLIC_URL);
    expect(before).toContain(`<title>${new URL(PUBLIC_URL).hostname}</title>`);
    await admin.caller.shop.update({
      shopName: 'Kék Bögre Kft. boltja',
      companyName: 'Kék Bögre Kft.',
      address: '1051 Budapest, Október 6. utca 7.',
      taxNumber: '',
      registrationNumber: '',
      email: '',
      phone: '',
      phoneHours: '',
      mapUrl: null,
    });
    expect(await getFeedXml(deps(), 'google', PUBLIC_URL)).toContain('<title>Kék Bögre Kft. boltja</title>');
  });
});

describe('GET /api/feed/report', () => {
  it("lists each feed's address and size, what the feeds leave out and why, and what goes in incomplete", async () => {
    const report = await admin.caller.feed.report();
    const sizes = async (key: TFeedKey) => {
      const items = await feed(key);
      // A variant's id is "{product}-{variant}".
      const products = new Set(items.map((item) => idOf(key, item).split('-')[0]));
      return { items: items.length, products: products.size };
    };
    expect(report.feeds).toEqual([
      {
        key: 'arukereso',
        title: 'Árukereső',
        url: `${PUBLIC_URL}/feeds/arukereso.xml`,
        ...(await sizes('arukereso')),
        leftOut: 4,
        incomplete: 4,
      },
      {
        key: 'google',
        title: 'Google Merchant Center',
        url: `${PUBLIC_URL}/feeds/google.xml`,
        ...(await sizes('google')),
        leftOut: 3,
        incomplete: 5,
      },
      {
        key: 'facebook',
        title: 'Facebook (Meta)',
        url: `${PUBLIC_URL}/feeds/facebook.xml`,
        ...(await sizes('facebook')),
        leftOut: 3,
        incomplete: 5,
      },
    ]);
    // The mug, the sold-out glass, the lid, the sale plate, the coaster and the shirt's two variants.
    expect(report.feeds[1]).toMatchObject({ items: 7, products: 6 });

    // Newest first, each with its reasons and the feeds it concerns.
    expect(
      report.leftOut.items.map(({ productId, reasons, feeds }) => [
        productId,
        reasons.map((r) => r.label),
        feeds,
      ]),
    ).toEqual([
      [ids.uncategorised, ['nincs kategóriája'], ['arukereso']],
      [ids.undescribed, ['nincs leírása'], ['arukereso', 'google', 'facebook']],
      [ids.pictureless, ['nincs képe'], ['arukereso', 'google', 'facebook']],
      [ids.excluded, ['kihagyva kézzel'], ['arukereso', 'google', 'facebook']],
    ]);
    expect(report.leftOut.total).toBe(4);
    expect(report.leftOut.counts.find((count) => count.code === 'no-image')).toEqual({
      code: 'no-image',
      label: 'nincs képe',
      count: 1,
    });

    const incomplete = Object.fromEntries(
      report.incomplete.items.map((problem) => [problem.productId, problem.reasons.map((r) => r.label)]),
    );
    expect(incomplete[ids.soldOut!]).toEqual(['nincs EAN/GTIN (Google: identifier_exists=no)']);
    expect(incomplete[shirt.id]).toEqual(['nincs EAN/GTIN (Google: identifier_exists=no)']);
    expect(incomplete[ids.mug!]).toBeUndefined();
    // Without a barcode: the glass, the lid, the plate, the coaster and the shirt's M.
    expect(report.incomplete.total).toBe(5);
    expect(report.incomplete.items.find((problem) => problem.productId === ids.uncategorised)?.feeds).toEqual(
      ['google', 'facebook'],
    );
  });

  it('is for admins only: 401 for a stranger, 403 for a shopper', async () => {
    await expectTrpcError(guest.feed.report(), 'UNAUTHORIZED');
    await expectTrpcError((await createCustomer(db.prisma)).caller.feed.report(), 'FORBIDDEN');
  });
});

describe('POST /api/product/update with an EAN', () => {
  it('refuses a wrong check digit or length in Hungarian, and saves, answers and clears a valid one', async () => {
    await expectTrpcError(
      admin.caller.product.update({ id: ids.mug, ean: '5999881234560' }),
      'BAD_REQUEST',
      /ellenőrző számjegye/,
    );
    await expectTrpcError(
      admin.caller.product.update({ id: ids.mug, ean: '59998812345' }),
      'BAD_REQUEST',
      /8, 12, 13 vagy 14 számjegyből/,
    );
    for (const ean of ['96385074', '00012345678905', '5999 8812 3456 5']) {
      const saved = await admin.caller.product.update({ id: ids.soldOut, ean });
      expect(saved.admin?.ean).toBe(ean.replace(/\s/g, ''));
    }
    const cleared = await admin.caller.product.update({ id: ids.soldOut, ean: '' });
    expect(cleared.admin).toMatchObject({ ean: null, feedExcluded: false });
  });
});
