import type { TFeedReportOutput } from '@shop/api/schemas';
import { createVariantProduct, type FeedItemFields, missingRequired, parseFeed } from '@shop/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createShippingMethod,
  createUser,
  signIn,
  startTestServer,
  TEST_PUBLIC_URL,
  type TestServer,
} from './test-server';

type Feed = 'google' | 'facebook' | 'arukereso';
type ErrorBody = { message: string; issues?: { path: string; message: string }[] };

// The product feeds as Árukereső, Merchant Center and Commerce Manager fetch them: XML over HTTP, every
// item with every attribute its format requires, whole-forint prices, an item per variant, nothing the
// shop does not sell, a price change on the next fetch; and the admin's report of what is left out.
let server: TestServer;
let adminToken: string;
let customerToken: string;
const ids: Record<string, number> = {};
let shirt: { id: number; variants: Record<string, number> };

const update = (body: Record<string, unknown>) =>
  api<{ id: number; admin: { ean: string | null; feedExcluded: boolean } } & ErrorBody>(
    server,
    'POST',
    '/api/product/update',
    { token: adminToken, body },
  );

async function fetchFeed(key: Feed) {
  const response = await fetch(`${server.url}/feeds/${key}.xml`);
  return { status: response.status, type: response.headers.get('content-type'), xml: await response.text() };
}
const items = async (key: Feed) => parseFeed(key, (await fetchFeed(key)).xml);
const idOf = (key: Feed, item: FeedItemFields) =>
  String(key === 'arukereso' ? item.identifier : item['g:id']);

beforeAll(async () => {
  server = await startTestServer();
  const { prisma } = server.database;
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
  await createShippingMethod(server, adminToken, { name: 'GLS futár', fee: 1990 });
  const picture = await prisma.media.create({
    data: { originalName: 'bogre.jpg', mimeType: 'image/jpeg', width: 800, height: 800, sizeBytes: 10 },
    select: { id: true },
  });
  const brand = await prisma.property.create({
    data: {
      code: 'marka',
      descriptions: { create: { language: 'hu', title: 'Márka' } },
      values: {
        create: { position: 0, descriptions: { create: { language: 'hu', title: 'Tisza Kerámia' } } },
      },
    },
    select: { values: { select: { id: true } } },
  });
  const category = await api<{ id: number }>(server, 'POST', '/api/category', {
    token: adminToken,
    body: { descriptions: [{ language: 'hu', title: 'Bögrék' }] },
  });
  const product = async (key: string, title: string, fields: Record<string, unknown> = {}) => {
    const saved = await update({
      price: 3990,
      stock: 4,
      categoryIds: [category.body.id],
      imageIds: [picture.id],
      propertyValueIds: [brand.values[0]!.id],
      descriptions: [{ language: 'hu', title, body: `<p>${title}, kézzel készült.</p>` }],
      ...fields,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    ids[key] = saved.body.id;
  };
  await product('mug', 'REST bögre', { ean: '5999881234565', netQuantity: 0.25, netQuantityUnit: 'kg' });
  await product('soldOut', 'REST elfogyott bögre', { stock: 0 });
  await product('excluded', 'REST kihagyott bögre', { feedExcluded: true });
  await product('disabled', 'REST letiltott bögre', { enabled: false });
  await product('pictureless', 'REST kép nélküli bögre', { imageIds: [] });
  shirt = await createVariantProduct(
    prisma,
    { slug: 'rest-feed-polo', title: 'REST póló', grossPrice: 5990 },
    [{ title: 'Méret', values: ['S', 'M', 'L'] }],
    [
      { kutiId: 'RFP-S', values: ['S'], stock: 2 },
      { kutiId: 'RFP-M', values: ['M'], stock: 0 },
      { kutiId: 'RFP-L', values: ['L'], stock: 5, enabled: false },
    ],
  );
  expect(
    (
      await update({
        id: shirt.id,
        categoryIds: [category.body.id],
        imageIds: [picture.id],
        descriptions: [{ language: 'hu', title: 'REST póló', body: '<p>Pamut.</p>' }],
      })
    ).status,
  ).toBe(200);
});
afterAll(() => server?.close());

describe('GET /feeds/{google,facebook,arukereso}.xml', () => {
  it('answers well-formed XML in which every item carries every attribute its format requires', async () => {
    for (const key of ['google', 'facebook', 'arukereso'] as const) {
      const feed = await fetchFeed(key);
      expect(feed.status).toBe(200);
      expect(feed.type).toBe('application/xml; charset=utf-8');
      const parsed = parseFeed(key, feed.xml);
      expect(parsed.map((item) => idOf(key, item))).toEqual([
        String(ids.mug),
        String(ids.soldOut),
        `${shirt.id}-${shirt.variants['RFP-S']}`,
        `${shirt.id}-${shirt.variants['RFP-M']}`,
      ]);
      for (const item of parsed) expect(missingRequired(key, item), `${key} ${idOf(key, item)}`).toEqual([]);
    }
  });

  it('prices in whole forints with HUF, absolute links and full-size pictures', async () => {
    const [mug] = await items('google');
    expect(mug).toMatchObject({
      'g:price': '3990 HUF',
      'g:link': `${TEST_PUBLIC_URL}/rest-bogre-${ids.mug}`,
      'g:gtin': '5999881234565',
      'g:brand': 'Tisza Kerámia',
      'g:shipping': { 'g:country': 'HU', 'g:service': 'GLS futár', 'g:price': '1990 HUF' },
      'g:unit_pricing_measure': '0.25kg',
      'g:unit_pricing_base_measure': '1kg',
    });
    expect(mug?.['g:image_link']).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/media/\\d+/full$`));
    for (const item of await items('facebook')) expect(item['g:price']).toMatch(/^[1-9]\d* HUF$/);
    for (const item of await items('arukereso')) expect(item.price).toMatch(/^[1-9]\d*$/);
  });

  it('gives one item per enabled variant with item_group_id, and sold-out items as out of stock', async () => {
    const google = await items('google');
    const variants = google.filter((item) => item['g:item_group_id'] === String(shirt.id));
    expect(variants.map((item) => [item['g:title'], item['g:availability']])).toEqual([
      ['REST póló, S', 'in_stock'],
      ['REST póló, M', 'out_of_stock'],
    ]);
    expect(google.find((item) => item['g:id'] === String(ids.soldOut))?.['g:availability']).toBe(
      'out_of_stock',
    );
    const meta = await items('facebook');
    expect(meta.find((item) => item['g:id'] === String(ids.soldOut))?.['g:availability']).toBe(
      'out of stock',
    );
  });

  it('shows a price change on the next fetch', async () => {
    const before = (await items('google')).find((item) => item['g:id'] === String(ids.mug));
    expect(before?.['g:price']).toBe('3990 HUF');
    expect((await update({ id: ids.mug, price: 4490 })).status).toBe(200);
    const mug = (await items('google')).find((item) => item['g:id'] === String(ids.mug));
    expect(mug?.['g:price']).toBe('4490 HUF');
    expect((await items('arukereso')).find((item) => item.identifier === String(ids.mug))?.price).toBe(
      '4490',
    );
  });

  it('sends the feed gzipped once written to a client that takes gzip, and plain to one that does not', async () => {
    const gzipped = await fetch(`${server.url}/feeds/google.xml`, { headers: { 'accept-encoding': 'gzip' } });
    const plain = await fetch(`${server.url}/feeds/google.xml`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(gzipped.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await gzipped.text()).toBe(await plain.text());
  });

  it('answers 404 in Hungarian for a feed it does not publish', async () => {
    const response = await fetch(`${server.url}/feeds/idealo.xml`);
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/^Nincs ilyen termékfeed/);
  });
});

describe('GET /api/feed/report', () => {
  it('is for admins: 401 without a session, 403 for a shopper', async () => {
    expect((await api(server, 'GET', '/api/feed/report')).status).toBe(401);
    expect((await api(server, 'GET', '/api/feed/report', { token: customerToken })).status).toBe(403);
  });

  it("gives each feed's URL and size, and what is left out and why, in Hungarian", async () => {
    const { status, body } = await api<TFeedReportOutput>(server, 'GET', '/api/feed/report', {
      token: adminToken,
    });
    expect(status).toBe(200);
    const google = body.feeds.find((feed) => feed.key === 'google');
    expect(google).toMatchObject({
      url: `${TEST_PUBLIC_URL}/feeds/google.xml`,
      items: 4,
      products: 3,
      leftOut: 2,
    });
    expect(
      body.leftOut.items.map((problem) => [problem.productId, problem.reasons.map((reason) => reason.label)]),
    ).toEqual([
      [ids.pictureless, ['nincs képe']],
      [ids.excluded, ['kihagyva kézzel']],
    ]);
    expect(
      body.incomplete.items.find((problem) => problem.productId === ids.soldOut)?.reasons[0]?.label,
    ).toBe('nincs EAN/GTIN (Google: identifier_exists=no)');
  });
});

describe('POST /api/product/update with ean', () => {
  it('refuses a barcode with a wrong check digit with a Hungarian 400 naming the field', async () => {
    const refused = await update({ id: ids.mug, ean: '5999881234566' });
    expect(refused.status).toBe(400);
    expect(refused.body.issues?.[0]?.path).toBe('ean');
    expect(refused.body.message).toMatch(/ellenőrző számjegye/);
    const saved = await update({ id: ids.mug, ean: '4006381333931', feedExcluded: false });
    expect(saved.status).toBe(200);
    expect(saved.body.admin).toMatchObject({ ean: '4006381333931', feedExcluded: false });
  });
});
