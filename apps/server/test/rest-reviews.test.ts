import { sendReviewRequestsOnce } from '@shop/api';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createMugShop,
  createUser,
  guestOrder,
  type MugShop,
  signIn,
  startTestServer,
  type TestServer,
} from './test-server';

type ErrorBody = { message: string; code: string };
type Review = { id: number; rating: number; status: string; verified: boolean; answer: string | null };
type ReviewPage = { items: Review[]; total: number; summary: { average: number | null; count: number } };

let server: TestServer;
let adminToken: string;
let buyerToken: string;
let strangerToken: string;
let shop: MugShop;
let orderId: number;

beforeAll(async () => {
  server = await startTestServer();
  await server.database.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES] });
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  buyerToken = await signIn(server, await createUser(server.database, 'customer'));
  strangerToken = await signIn(server, await createUser(server.database, 'customer'));
  shop = await createMugShop(server, adminToken);
  await api(server, 'POST', '/api/cart/add', { token: buyerToken, body: { product: shop.mug, quantity: 1 } });
  const { cart: _guestCart, ...order } = guestOrder({
    product: shop.mug,
    shippingMethod: shop.courier,
    paymentMethod: shop.cod,
  });
  const placed = await api<{ order: { id: number } }>(server, 'POST', '/api/cart/order', {
    token: buyerToken,
    body: order,
  });
  expect(placed.status).toBe(200);
  orderId = placed.body.order.id;
});
afterAll(() => server?.close());

const reviewBody = (rating = 5) => ({
  order: orderId,
  product: shop.mug,
  rating,
  body: 'Szép, strapabíró bögre, ajánlom.',
});

describe('reviews over REST and in the product page', () => {
  it('POST /api/review: 401 for a guest, 404 for another shopper, 409 before delivery, in Hungarian', async () => {
    expect((await api(server, 'POST', '/api/review', { body: reviewBody() })).status).toBe(401);
    const stranger = await api<ErrorBody>(server, 'POST', '/api/review', {
      token: strangerToken,
      body: reviewBody(),
    });
    expect(stranger).toMatchObject({
      status: 404,
      body: { message: 'A rendelés nem található a fiókodban.' },
    });
    const early = await api<ErrorBody>(server, 'POST', '/api/review', {
      token: buyerToken,
      body: reviewBody(),
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/teljesítése \(kézbesítése\) után/);
  });

  it('takes one review after delivery, refuses a second with 409, and PATCH /api/review/{id} publishes it', async () => {
    const completed = await api(server, 'POST', `/api/order/${orderId}/status`, {
      token: adminToken,
      body: { status: 'completed', notify: false },
    });
    expect(completed.status).toBe(200);

    const written = await api<Review>(server, 'POST', '/api/review', {
      token: buyerToken,
      body: reviewBody(4),
    });
    expect(written).toMatchObject({ status: 200, body: { rating: 4, status: 'pending', verified: true } });
    const twice = await api<ErrorBody>(server, 'POST', '/api/review', {
      token: buyerToken,
      body: reviewBody(1),
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/^Ezt a terméket már értékelted/);

    const before = await api<ReviewPage>(server, 'GET', `/api/review/product/${shop.mug}`);
    expect(before.body).toMatchObject({ total: 0, summary: { average: null, count: 0 } });

    const queue = await api<{ items: Review[] }>(server, 'GET', '/api/review?status=pending', {
      token: adminToken,
    });
    expect(queue.body.items.map((item) => item.id)).toEqual([written.body.id]);
    expect((await api(server, 'GET', '/api/review', { token: buyerToken })).status).toBe(403);

    const approved = await api<Review>(server, 'PATCH', `/api/review/${written.body.id}`, {
      token: adminToken,
      body: { status: 'approved', answer: 'Köszönjük a véleményt!' },
    });
    expect(approved).toMatchObject({ status: 200, body: { status: 'approved' } });
    const after = await api<ReviewPage>(server, 'GET', `/api/review/product/${shop.mug}?page=1`);
    expect(after.body).toMatchObject({
      total: 1,
      summary: { average: 4, count: 1 },
      items: [{ rating: 4, verified: true, answer: 'Köszönjük a véleményt!' }],
    });

    // What a crawler reads in the product page's HTML: the rating and the review in its JSON-LD.
    const slug = (await server.database.prisma.product.findUniqueOrThrow({ where: { id: shop.mug } })).slug;
    const html = await (await fetch(`${server.url}/${slug}-${shop.mug}`)).text();
    const product = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>)
      .find((item) => item['@type'] === 'Product');
    expect(product).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 },
      review: [{ '@type': 'Review', reviewRating: { ratingValue: 4 }, author: { name: 'Elek T.' } }],
    });
  });

  it('POST /api/product/filters sorts by rating and keeps products of at least so many stars', async () => {
    type Listing = { items: { id: number }[]; total: number };
    const fourUp = await api<Listing>(server, 'POST', '/api/product/filters', {
      body: { minRating: 4, sort: 'rating' },
    });
    expect(fourUp).toMatchObject({ status: 200, body: { total: 1, items: [{ id: shop.mug }] } });
    const five = await api<Listing>(server, 'POST', '/api/product/filters', { body: { minRating: 5 } });
    expect(five.body.total).toBe(0);
    const wrong = await api<ErrorBody>(server, 'POST', '/api/product/filters', { body: { minRating: 0 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/legalább 1 csillag/);
  });

  it('asks the buyer for a review a week later; its link asks before opting out, a one-click POST opts out', async () => {
    const inEightDays = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    const prisma = server.database.prisma;
    const run = () => sendReviewRequestsOnce({ prisma, publicUrl: server.url }, { now: inEightDays });
    expect(await run()).toEqual({ queued: 0 }); // the mug is reviewed already: nothing left to ask about
    await prisma.review.deleteMany({ where: { orderId } });
    expect(await run()).toEqual({ queued: 1 });
    const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { templateKey: 'review_request' } });
    const link = /href="([^"]*\/review-request\/unsubscribe\?token=[0-9a-f]{64})"/.exec(mail.html)?.[1];
    expect(link).toBeDefined();

    // A mail scanner opens every link on delivery: the GET shows a button and changes nothing (RFC 8058).
    const page = await fetch(link ?? '');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Leiratkozás');
    const form =
      /<form method="post" action="([^"]+)"><input type="hidden" name="([^"]+)" value="([^"]+)">/.exec(html);
    expect(form?.[1]).toBe(new URL(link ?? '').pathname + new URL(link ?? '').search);
    expect(await prisma.reviewRequestOptOut.count()).toBe(0);
    const malformed = await fetch(`${server.url}/review-request/unsubscribe?token=nem-token`);
    expect(malformed.status).toBe(404);
    expect(await malformed.text()).toContain('A leiratkozó link nem érvényes');

    // A POST without the one-click body, such as a scanner's empty one, changes nothing either.
    const empty = await fetch(link ?? '', { method: 'POST' });
    expect(empty.status).toBe(400);
    expect(await prisma.reviewRequestOptOut.count()).toBe(0);

    // The page's button posts its form field to the same address…
    const clicked = await fetch(new URL(form?.[1] ?? '', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ [form?.[2] ?? '']: form?.[3] ?? '' }).toString(),
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.text()).toContain('Leiratkoztál az értékelést kérő levelekről');
    expect(await prisma.reviewRequestOptOut.count()).toBe(1);
    const unknown = await fetch(`${server.url}/review-request/unsubscribe?token=${'0'.repeat(64)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('A leiratkozó link nem érvényes');

    // …and a mail client's own button posts the form RFC 8058 names to the List-Unsubscribe address.
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    await prisma.reviewRequestOptOut.deleteMany();
    const posted = await fetch(link ?? '', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(posted.status).toBe(200);
    expect(await prisma.reviewRequestOptOut.count()).toBe(1);
  });

  it('answers a bad status or an unknown review in Hungarian', async () => {
    const wrong = await api<ErrorBody>(server, 'PATCH', '/api/review/1', {
      token: adminToken,
      body: { status: 'published' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/Ismeretlen értékelési állapot/);
    const unknown = await api<ErrorBody>(server, 'PATCH', '/api/review/999999', {
      token: adminToken,
      body: { status: 'hidden' },
    });
    expect(unknown.status).toBe(404);
  });
});
