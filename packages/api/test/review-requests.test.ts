import { createHash } from 'node:crypto';
import type { Database } from '@shop/db';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  optOutOfReviewRequests,
  REQUEST_WINDOW_DAYS,
  sendReviewRequestsOnce,
} from '../src/services/reviews/review-requests';
import { createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

/** The rules of services/reviews/review-requests.ts, numbered as there. */

const DAY_MS = 24 * 60 * 60 * 1000;
const PUBLIC_URL = 'https://bolt.example.hu';

let db: Database;
let shop: Shop;
let admin: SignedIn;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
});
afterAll(() => db?.close());
beforeEach(async () => {
  await admin.caller.review.updateSettings({ requestEnabled: true, requestDelayDays: 7 });
});

/** A new customer's order of the mug and the plate, completed `daysAgo` days ago. */
async function completedOrder(daysAgo: number, customer?: SignedIn) {
  const buyer = customer ?? (await createCustomer(db.prisma));
  await buyer.caller.cart.add({ product: shop.products.mug, quantity: 1 });
  await buyer.caller.cart.add({ product: shop.products.plate, quantity: 1 });
  const { order } = await buyer.caller.cart.order(orderInput(shop));
  await admin.caller.order.setStatus({ id: order.id, status: 'completed', notify: false });
  await db.prisma.order.update({
    where: { id: order.id },
    data: { completedAt: new Date(Date.now() - daysAgo * DAY_MS) },
  });
  return { buyer, orderId: order.id, number: order.number };
}

const run = () => sendReviewRequestsOnce({ prisma: db.prisma, publicUrl: PUBLIC_URL });

const requestsTo = (email: string) =>
  db.prisma.emailOutbox.findMany({
    where: { to: email, templateKey: 'review_request' },
    select: { subject: true, html: true, text: true },
  });

describe('the review-request e-mail', () => {
  it('goes once the delay has passed, once, with the order page and an opt-out link (rules 1, 5)', async () => {
    const early = await completedOrder(6);
    const due = await completedOrder(8);
    await run();
    expect(await requestsTo(early.buyer.email)).toHaveLength(0);
    const [sent, ...more] = await requestsTo(due.buyer.email);
    expect(more).toHaveLength(0);
    expect(sent?.subject).toContain(due.number);
    expect(sent?.html).toContain(`${PUBLIC_URL}/order/${due.orderId}`);
    expect(sent?.text).toContain('Kék bögre');
    expect(sent?.html).toMatch(new RegExp(`${PUBLIC_URL}/review-request/unsubscribe\\?token=[0-9a-f]{64}`));

    // A restarted job finds the order already asked.
    expect(await run()).toEqual({ queued: 0 });
    expect(await requestsTo(due.buyer.email)).toHaveLength(1);
    expect(await db.prisma.reviewRequest.count({ where: { orderId: due.orderId } })).toBe(1);
  });

  it('goes once when two servers run the job at the same moment on a newly due order (rule 5)', async () => {
    const due = await completedOrder(8);
    // Both runs start before either has claimed the order, so only the claim itself can keep it to one.
    const results = await Promise.all([run(), run()]);
    expect(results.reduce((sum, result) => sum + result.queued, 0)).toBe(1);
    expect(await requestsTo(due.buyer.email)).toHaveLength(1);
    expect(await db.prisma.reviewRequest.count({ where: { orderId: due.orderId } })).toBe(1);
  });

  it('follows the admin: off sends nothing, a shorter delay sends sooner', async () => {
    const order = await completedOrder(4);
    await admin.caller.review.updateSettings({ requestEnabled: false, requestDelayDays: 3 });
    await run();
    expect(await requestsTo(order.buyer.email)).toHaveLength(0);
    await admin.caller.review.updateSettings({ requestEnabled: true, requestDelayDays: 3 });
    await run();
    expect(await requestsTo(order.buyer.email)).toHaveLength(1);
    expect(await admin.caller.review.settings()).toEqual({ requestEnabled: true, requestDelayDays: 3 });
    await expectTrpcError(
      admin.caller.review.updateSettings({ requestEnabled: true, requestDelayDays: 0 }),
      'BAD_REQUEST',
      /legkorábban 1 nappal/,
    );
  });

  it('never for a cancelled, refunded or long-past order (rule 2)', async () => {
    const cancelled = await completedOrder(8);
    await db.prisma.order.update({ where: { id: cancelled.orderId }, data: { status: 'cancelled' } });
    const refunded = await completedOrder(8);
    await db.prisma.order.update({ where: { id: refunded.orderId }, data: { status: 'refunded' } });
    const longAgo = await completedOrder(7 + REQUEST_WINDOW_DAYS + 1);
    await run();
    for (const order of [cancelled, refunded, longAgo]) {
      expect(await requestsTo(order.buyer.email)).toHaveLength(0);
    }
  });

  it('never to an anonymised account, nor when every product is reviewed already (rule 3)', async () => {
    const anonymised = await completedOrder(8);
    await db.prisma.user.update({
      where: { id: anonymised.buyer.id },
      data: { anonymizedAt: new Date() },
    });
    const reviewed = await completedOrder(8);
    for (const product of [shop.products.mug, shop.products.plate]) {
      await reviewed.buyer.caller.review.create({
        order: reviewed.orderId,
        product,
        rating: 5,
        body: 'Pont olyan, mint a képen, gyorsan megérkezett.',
      });
    }
    await run();
    expect(await requestsTo(anonymised.buyer.email)).toHaveLength(0);
    expect(await requestsTo(reviewed.buyer.email)).toHaveLength(0);
  });

  it('stops for an address that opted out through the link (rule 4)', async () => {
    const first = await completedOrder(9);
    await run();
    expect(await requestsTo(first.buyer.email)).toHaveLength(1);
    const [mail] = await requestsTo(first.buyer.email);
    const token = /\/review-request\/unsubscribe\?token=([0-9a-f]{64})/.exec(mail?.html ?? '')?.[1];
    if (!token) throw new Error('A levélben nincs leiratkozási link.');
    // The database keeps only the token's SHA-256: what it holds opts nobody out.
    const stored = await db.prisma.reviewRequest.findUniqueOrThrow({
      where: { orderId: first.orderId },
      select: { token: true },
    });
    expect(stored.token).not.toBe(token);
    expect(stored.token).toBe(createHash('sha256').update(token).digest('hex'));
    expect(await optOutOfReviewRequests({ prisma: db.prisma }, stored.token)).toBe(false);
    expect(await optOutOfReviewRequests({ prisma: db.prisma }, token)).toBe(true);
    expect(await optOutOfReviewRequests({ prisma: db.prisma }, token)).toBe(true);
    expect(await optOutOfReviewRequests({ prisma: db.prisma }, 'f'.repeat(64))).toBe(false);

    // The same buyer's next order, and the address written in other letters, get nothing.
    await db.prisma.user.update({
      where: { id: first.buyer.id },
      data: { email: first.buyer.email.toUpperCase() },
    });
    const second = await completedOrder(8, first.buyer);
    await run();
    expect(await db.prisma.reviewRequest.count({ where: { orderId: second.orderId } })).toBe(0);
    expect(
      await db.prisma.emailOutbox.count({
        where: { to: { equals: first.buyer.email, mode: 'insensitive' }, templateKey: 'review_request' },
      }),
    ).toBe(1);
  });
});
