import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import type { TPlaceOrderInput } from '../src/schemas';
import { IDEMPOTENCY_KEY_TAKEN } from '../src/services/orders/place-order';
import {
  DEFAULT_REQUEST_LIMITS,
  GUEST_ORDER_EMAIL_RATE_LIMITED_MESSAGE,
  GUEST_ORDER_RATE_LIMITED_MESSAGE,
} from '../src/services/request-limits';
import { createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

/**
 * Guest orders are limited (#21, finding 2: one client placed 302 in 20 s, each holding stock and
 * mailing a confirmation to any address), and an Idempotency-Key retry answers only its placer
 * (finding 11). These callers have the shop's real limits, unlike the other order tests'.
 */
let db: Database;
let shop: Shop;
let customer: SignedIn;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  customer = await createCustomer(db.prisma);
});
afterAll(() => db?.close());
beforeEach(() => db.prisma.rateLimitBucket.deleteMany());

/** A client at `ip`, as the HTTP layer builds it, with the default limits. */
async function client(ip: string, options: { token?: string; idempotencyKey?: string } = {}) {
  const headers = new Headers({
    ...(options.token ? { token: options.token } : {}),
    ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
  });
  return createCaller(await createContext({ prisma: db.prisma, headers, ip }));
}

let orders = 0;
function guestOrder(overrides: Partial<TPlaceOrderInput> = {}): TPlaceOrderInput {
  const email = `vendeg-${++orders}@example.hu`;
  return orderInput(shop, {
    cart: [{ product: shop.products.mug, quantity: 1 }],
    customer: { email, firstName: 'Anna', lastName: 'Kovács', phone: '06 30 123 4567' },
    ...overrides,
  });
}

const PER_NETWORK = DEFAULT_REQUEST_LIMITS.guestOrderPerIp.limit;

describe('guest-order limits', () => {
  it('refuses a flood from one network (an IPv6 /64 as one) with a 429 that says when, holding no stock for it', async () => {
    const stockBefore = (await db.prisma.product.findUniqueOrThrow({ where: { id: shop.products.mug } }))
      .stock;
    for (let host = 1; host <= PER_NETWORK; host++) {
      await (await client(`2001:db8:cafe:1::${host}`)).cart.order(guestOrder());
    }
    const refused = await expectTrpcError(
      (await client('2001:db8:cafe:1::beef')).cart.order(guestOrder()),
      'TOO_MANY_REQUESTS',
      GUEST_ORDER_RATE_LIMITED_MESSAGE,
    );
    expect(refused.message).toMatch(/próbáld újra (59|60) perc múlva, vagy hívj minket telefonon!$/);
    expect((refused.cause as { retryAfterSeconds?: number }).retryAfterSeconds).toBeGreaterThan(3500);
    const stockAfter = (await db.prisma.product.findUniqueOrThrow({ where: { id: shop.products.mug } }))
      .stock;
    expect(stockBefore - stockAfter).toBe(PER_NETWORK);

    // Other networks, and a signed-in customer on the same one, still order.
    await expect((await client('2001:db8:cafe:2::1')).cart.order(guestOrder())).resolves.toHaveProperty(
      'order',
    );
    const signedIn = await client('2001:db8:cafe:1::beef', { token: customer.token });
    await signedIn.cart.add({ product: shop.products.mug, quantity: 1 });
    await expect(signedIn.cart.order(orderInput(shop))).resolves.toHaveProperty('order');
  });

  it('mails one recipient only so many guest confirmations, from however many networks', async () => {
    const victim = {
      email: 'aldozat@example.hu',
      firstName: 'Anna',
      lastName: 'Kovács',
      phone: '06 30 123 4567',
    };
    const limit = DEFAULT_REQUEST_LIMITS.guestOrderPerEmail.limit;
    for (let network = 1; network <= limit; network++) {
      await (await client(`198.51.100.${network}`)).cart.order(guestOrder({ customer: victim }));
    }
    await expectTrpcError(
      (await client('198.51.100.200')).cart.order(guestOrder({ customer: victim })),
      'TOO_MANY_REQUESTS',
      GUEST_ORDER_EMAIL_RATE_LIMITED_MESSAGE,
    );
    expect(await db.prisma.emailOutbox.count({ where: { to: victim.email } })).toBe(limit);
  });
});

describe('Idempotency-Key of a guest order', () => {
  it('answers the first order only to the guest who placed it; anyone else with the key gets a 409 telling nothing', async () => {
    const key = 'vendeg-kulcs-1';
    const input = guestOrder();
    const first = await (await client('192.0.2.10', { idempotencyKey: key })).cart.order(input);

    const stranger = await client('192.0.2.99', { idempotencyKey: key });
    const refused = await expectTrpcError(
      stranger.cart.order(guestOrder()),
      'CONFLICT',
      IDEMPOTENCY_KEY_TAKEN,
    );
    expect(refused.message).not.toContain(first.order.number);
    expect(JSON.stringify(refused.cause)).not.toContain(input.customer.email);
    const signedIn = await client('192.0.2.99', { token: customer.token, idempotencyKey: key });
    await expectTrpcError(signedIn.cart.order(orderInput(shop)), 'CONFLICT', IDEMPOTENCY_KEY_TAKEN);

    // The real retry, from a changed address too (a phone between networks), gets the first order.
    const retry = await (await client('192.0.2.11', { idempotencyKey: key })).cart.order(input);
    expect(retry.order.number).toBe(first.order.number);
    expect(retry.accessKey).toBeNull();
    expect(await db.prisma.order.count({ where: { idempotencyKey: key } })).toBe(1);
  });
});
