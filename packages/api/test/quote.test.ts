import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionedCache } from '../src/cache';
import { removeUser } from '../src/services/account';
import { budapestDay } from '../src/services/dashboard';
import {
  QUOTE_NOT_FOUND,
  QUOTE_OTHER_CUSTOMER,
  QUOTE_USED_FOR_CUSTOMER,
} from '../src/services/quotes/quote-customer';
import {
  QUOTE_PRICE_EXPIRED,
  QUOTE_PRICE_OTHER_CUSTOMER,
  QUOTE_PRICE_USED,
} from '../src/services/quotes/quote-pricing';
import { hashToken } from '../src/services/session';
import { callerFor, createAdmin, createCustomer, createUser, type SignedIn, signIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let shop: Shop;
let admin: SignedIn;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
});
afterAll(() => db?.close());

const inDays = (days: number) => budapestDay(new Date(Date.now() + days * 24 * 60 * 60 * 1000));

/** An offer request as POST /api/contact/offer stores it: the sender's details and the lines asked for. */
async function createOfferRequest(
  email: string,
  lines: { productId: number | null; title: string; quantity: number }[],
) {
  const request = await db.prisma.offerRequest.create({
    data: {
      name: 'Kovács Anna',
      email,
      companyName: 'Minta Kft.',
      lines: {
        create: lines.map((line, position) => ({
          productId: line.productId,
          productTitle: line.title,
          quantity: line.quantity,
          position,
        })),
      },
    },
    select: { id: true },
  });
  return request.id;
}

/** The link of the newest quote e-mail to `email`, and its token. */
async function sentLink(email: string): Promise<{ token: string; html: string }> {
  const mail = await db.prisma.emailOutbox.findFirstOrThrow({
    where: { to: email, templateKey: 'quote_sent' },
    orderBy: { id: 'desc' },
  });
  const token = /\/quote\/([A-Za-z0-9_-]+)/.exec(mail.html)?.[1];
  if (!token) throw new Error('A levélben nincs árajánlat-link.');
  return { token, html: mail.html };
}

/** A customer with an offer request, and a sent quote: 20 mugs at 3000 Ft, 2 plates at 2000 Ft. */
async function sentQuoteFor(customer: SignedIn, validDays = 14) {
  const requestId = await createOfferRequest(customer.email, [
    { productId: shop.products.mug, title: 'Kék bögre', quantity: 20 },
    { productId: shop.products.plate, title: 'Porcelán tányér', quantity: 2 },
  ]);
  const quote = await admin.caller.quote.create({
    offerRequestId: requestId,
    lines: [
      { product: shop.products.mug, quantity: 20, unitPrice: 3000 },
      { product: shop.products.plate, quantity: 2, unitPrice: 2000 },
    ],
    validUntil: inDays(validDays),
    note: 'A szállítás díjtalan.',
  });
  await admin.caller.quote.send({ id: quote.id });
  return { requestId, quote, ...(await sentLink(customer.email)) };
}

describe('admin quotes (/api/quote)', () => {
  it('refuses strangers (401) and shoppers (403)', async () => {
    const stranger = await callerFor(db.prisma);
    const shopper = await createCustomer(db.prisma);
    await expectTrpcError(stranger.quote.list({ page: 1 }), 'UNAUTHORIZED');
    await expectTrpcError(shopper.caller.quote.list({ page: 1 }), 'FORBIDDEN');
    await expectTrpcError(
      shopper.caller.quote.create({
        offerRequestId: 1,
        lines: [{ product: shop.products.mug, quantity: 1, unitPrice: 1 }],
        validUntil: inDays(1),
      }),
      'FORBIDDEN',
    );
    await expectTrpcError(shopper.caller.quote.send({ id: 1 }), 'FORBIDDEN');
  });

  it('proposes the requested lines at list price, and writes a quote with lines added and removed', async () => {
    const customer = await createCustomer(db.prisma);
    const requestId = await createOfferRequest(customer.email, [
      { productId: shop.products.tiered, title: 'Kávéscsésze', quantity: 12 },
      { productId: null, title: 'Egyedi festésű váza', quantity: 3 },
    ]);
    const proposal = await admin.caller.quote.proposal({ offerRequest: requestId });
    expect(proposal.email).toBe(customer.email);
    // The list price at the requested quantity: the tier from 10 pieces.
    expect(proposal.lines).toEqual([
      {
        product: shop.products.tiered,
        variant: null,
        title: 'Kávéscsésze',
        quantity: 12,
        unitPrice: 800,
        lineTotal: 9600,
      },
    ]);
    expect(proposal.unmatched).toEqual([{ title: 'Egyedi festésű váza', quantity: 3 }]);

    const created = await admin.caller.quote.create({
      offerRequestId: requestId,
      lines: [
        { product: shop.products.tiered, quantity: 12, unitPrice: 700 },
        { product: shop.products.mug, quantity: 1, unitPrice: 3500 },
      ],
      validUntil: inDays(3),
    });
    expect(created).toMatchObject({ status: 'draft', total: 12 * 700 + 3500, customerId: customer.id });
    const updated = await admin.caller.quote.update({
      id: created.id,
      lines: [
        { product: shop.products.tiered, quantity: 12, unitPrice: 650 },
        { product: shop.products.plate, quantity: 4, unitPrice: 2000 },
      ],
      validUntil: inDays(5),
      note: 'Módosított ár.',
    });
    expect(updated.lines.map((line) => [line.title, line.unitPrice])).toEqual([
      ['Kávéscsésze', 650],
      ['Porcelán tányér', 2000],
    ]);
    // The kept product keeps its quote line, so a cart holding it keeps the quoted price.
    expect(updated.lines[0]?.id).toBe(created.lines[0]?.id);
    expect(updated).toMatchObject({ validUntil: inDays(5), note: 'Módosított ár.', total: 12 * 650 + 8000 });

    const listed = await admin.caller.quote.list({ offerRequest: requestId, page: 1 });
    expect(listed.items.map((quote) => quote.id)).toEqual([created.id]);
  });

  it('refuses bad input with Hungarian messages', async () => {
    const customer = await createCustomer(db.prisma);
    const requestId = await createOfferRequest(customer.email, []);
    const base = { offerRequestId: requestId, validUntil: inDays(2) };
    await expectTrpcError(
      admin.caller.quote.create({ ...base, lines: [] }),
      'BAD_REQUEST',
      /legalább egy tétele/,
    );
    await expectTrpcError(
      admin.caller.quote.create({
        ...base,
        lines: [
          { product: shop.products.mug, quantity: 1, unitPrice: 1 },
          { product: shop.products.mug, quantity: 2, unitPrice: 1 },
        ],
      }),
      'BAD_REQUEST',
      /csak egyszer/,
    );
    await expectTrpcError(
      admin.caller.quote.create({ ...base, lines: [{ product: 999_999, quantity: 1, unitPrice: 1 }] }),
      'BAD_REQUEST',
      /Nincs ilyen termék/,
    );
    await expectTrpcError(
      admin.caller.quote.create({
        ...base,
        validUntil: inDays(-2),
        lines: [{ product: shop.products.mug, quantity: 1, unitPrice: 1 }],
      }),
      'BAD_REQUEST',
      /nem lehet korábbi a mai napnál/,
    );
    await expectTrpcError(
      admin.caller.quote.create({
        ...base,
        offerRequestId: 999_999,
        lines: [{ product: shop.products.mug, quantity: 1, unitPrice: 1 }],
      }),
      'NOT_FOUND',
      /Nincs ilyen ajánlatkérés/,
    );
  });

  it('sends the lines, prices, validity and a link whose token only the e-mail holds; a resend replaces the link', async () => {
    const customer = await createCustomer(db.prisma);
    const { quote, requestId, token, html } = await sentQuoteFor(customer);
    expect(html).toContain('Kék bögre');
    expect(html).toContain('3\u00a0000\u00a0Ft');
    expect(html).toContain('64\u00a0000\u00a0Ft');
    expect(html).toContain(inDays(14).replaceAll('-', '. '));
    expect(html).toContain('A szállítás díjtalan.');
    const stored = await db.prisma.quote.findUniqueOrThrow({ where: { id: quote.id } });
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const request = await db.prisma.offerRequest.findUniqueOrThrow({ where: { id: requestId } });
    expect(request.status).toBe('answered');

    await admin.caller.quote.send({ id: quote.id });
    const { token: newToken } = await sentLink(customer.email);
    expect(newToken).not.toBe(token);
    await expectTrpcError(customer.caller.quote.view({ token }), 'NOT_FOUND', QUOTE_NOT_FOUND);
    expect((await customer.caller.quote.view({ token: newToken })).status).toBe('sent');
  });
});

describe('the customer takes the quote (/quote/{token})', () => {
  it('shows the quote by its link, and only its customer may put it into the cart', async () => {
    const customer = await createCustomer(db.prisma);
    const other = await createCustomer(db.prisma);
    const { token } = await sentQuoteFor(customer);

    const anonymous = await (await callerFor(db.prisma)).quote.view({ token });
    expect(anonymous).toMatchObject({ status: 'sent', blockedBy: 'sign_in', total: 64_000 });
    expect((await other.caller.quote.view({ token })).blockedBy).toBe('other_customer');
    expect((await customer.caller.quote.view({ token })).blockedBy).toBeNull();

    await expectTrpcError((await callerFor(db.prisma)).quote.accept({ token }), 'UNAUTHORIZED');
    await expectTrpcError(other.caller.quote.accept({ token }), 'FORBIDDEN', QUOTE_OTHER_CUSTOMER);
    expect((await other.caller.cart.get()).lines).toEqual([]);

    const cart = await customer.caller.quote.accept({ token });
    expect(
      cart.lines.map((line) => [line.product, line.quantity, line.unitPrice, line.quoteLineId !== null]),
    ).toEqual([
      [shop.products.mug, 20, 3000, true],
      [shop.products.plate, 2, 2000, true],
    ]);
    expect(cart.subtotal).toBe(64_000);
    await customer.caller.cart.clear({});
  });

  it('a customer who signs up with the e-mail after the quote was made becomes its customer', async () => {
    const email = `kesobb-${Date.now()}@example.hu`;
    const requestId = await createOfferRequest(email, []);
    const quote = await admin.caller.quote.create({
      offerRequestId: requestId,
      lines: [{ product: shop.products.mug, quantity: 5, unitPrice: 3100 }],
      validUntil: inDays(7),
    });
    expect(quote.customerId).toBeNull();
    await admin.caller.quote.send({ id: quote.id });
    const { token } = await sentLink(email);
    const user = await createUser(db.prisma, 'customer', { email });
    const caller = await callerFor(db.prisma, { token: await signIn(db.prisma, user) });
    const cart = await caller.quote.accept({ token });
    expect(cart.lines[0]).toMatchObject({ quantity: 5, unitPrice: 3100 });
    expect((await admin.caller.quote.byId({ id: quote.id })).customerId).toBe(user.id);
  });

  it('honours the quoted price only at the quoted quantity', async () => {
    const customer = await createCustomer(db.prisma);
    const { token } = await sentQuoteFor(customer);
    await customer.caller.quote.accept({ token });
    const changed = await customer.caller.cart.add({
      product: shop.products.mug,
      quantity: 25,
      replace: true,
    });
    const mug = changed.lines.find((line) => line.product === shop.products.mug);
    expect(mug).toMatchObject({ unitPrice: 3990, quoteLineId: null, state: 'available' });
    expect(mug?.message).toMatch(/20 db mennyiségre szól/);
    const back = await customer.caller.cart.add({ product: shop.products.mug, quantity: 20, replace: true });
    expect(back.lines.find((line) => line.product === shop.products.mug)?.unitPrice).toBe(3000);
    await customer.caller.cart.clear({});
  });

  it('orders at the quoted price once: the order line keeps its quote line, the quote is used', async () => {
    const customer = await createCustomer(db.prisma);
    const { quote, token } = await sentQuoteFor(customer);
    await customer.caller.quote.accept({ token });
    const { order } = await customer.caller.cart.order(orderInput(shop));
    expect(order.lines.map((line) => [line.product, line.unitPrice, line.quantity])).toEqual([
      [shop.products.mug, 3000, 20],
      [shop.products.plate, 2000, 2],
    ]);
    const lines = await db.prisma.orderLine.findMany({
      where: { orderId: order.id },
      orderBy: { id: 'asc' },
    });
    expect(lines.map((line) => line.quoteLineId)).toEqual(quote.lines.map((line) => line.id));
    const used = await admin.caller.quote.byId({ id: quote.id });
    expect(used).toMatchObject({ status: 'used', orderId: order.id });

    // The link can no longer fill the cart, and a line still tied to the quote costs the shop's price.
    await expectTrpcError(customer.caller.quote.accept({ token }), 'CONFLICT', QUOTE_USED_FOR_CUSTOMER);
    const cartId = (await db.prisma.cart.findUniqueOrThrow({ where: { userId: customer.id } })).id;
    await db.prisma.cartLine.create({
      data: { cartId, productId: shop.products.mug, quantity: 20, quoteLineId: quote.lines[0]!.id },
    });
    const cart = await customer.caller.cart.get();
    expect(cart.lines[0]).toMatchObject({ unitPrice: 3990, quoteLineId: null, message: QUOTE_PRICE_USED });
    const second = await customer.caller.cart.order(orderInput(shop));
    expect(second.order.lines[0]?.unitPrice).toBe(3990);
    await expectTrpcError(
      admin.caller.quote.update({
        id: quote.id,
        lines: [{ product: shop.products.mug, quantity: 1, unitPrice: 1 }],
        validUntil: inDays(3),
      }),
      'CONFLICT',
    );
    await expectTrpcError(admin.caller.quote.delete({ id: quote.id }), 'CONFLICT');
  });

  it('a coupon takes nothing off the quoted lines, only off the rest of the cart', async () => {
    const customer = await createCustomer(db.prisma);
    const { token } = await sentQuoteFor(customer);
    await customer.caller.quote.accept({ token });
    await customer.caller.cart.add({ product: shop.products.tiered, quantity: 1 });
    await admin.caller.promotion.create({
      name: 'Ajánlat mellé 10 %',
      kind: 'percent',
      value: 10,
      automatic: false,
      code: 'AJANLAT10',
      categoryIds: [],
      productIds: [],
      propertyValueIds: [],
      customerGroupIds: [],
      firstOrderOnly: false,
      combines: false,
      paused: false,
    });
    const cart = await customer.caller.cart.coupon({ couponCode: 'AJANLAT10' });
    const tiered = cart.lines.find((line) => line.product === shop.products.tiered);
    expect(cart.lines.filter((line) => line.quoteLineId !== null).map((line) => line.discount)).toEqual([
      0, 0,
    ]);
    expect(tiered?.discount).toBe(Math.round((tiered?.lineTotal ?? 0) / 10));
    const { order } = await customer.caller.cart.order(orderInput(shop, { couponCode: 'AJANLAT10' }));
    expect(order.lines.map((line) => [line.product, line.unitPrice, line.discount])).toEqual([
      [shop.products.mug, 3000, 0],
      [shop.products.plate, 2000, 0],
      [shop.products.tiered, tiered?.unitPrice, tiered?.discount],
    ]);
    // The file's later quotes order 20 mugs each from the shop they share.
    await db.prisma.product.update({ where: { id: shop.products.mug }, data: { stock: { increment: 20 } } });
  });

  it('after the last valid day the cart and the order use the shop price, and the quote stays unused', async () => {
    const customer = await createCustomer(db.prisma);
    const { quote, token } = await sentQuoteFor(customer);
    await customer.caller.quote.accept({ token });
    await db.prisma.quote.update({
      where: { id: quote.id },
      data: { validUntil: new Date(Date.now() - 1000) },
    });

    const cart = await customer.caller.cart.get();
    expect(cart.lines[0]).toMatchObject({ unitPrice: 3990, quoteLineId: null, message: QUOTE_PRICE_EXPIRED });
    expect(cart.subtotal).toBe(20 * 3990 + 2 * 2490);
    const { order } = await customer.caller.cart.order(orderInput(shop));
    expect(order.lines.map((line) => line.unitPrice)).toEqual([3990, 2490]);
    const stored = await db.prisma.quote.findUniqueOrThrow({ where: { id: quote.id } });
    expect(stored.orderId).toBeNull();
    expect((await customer.caller.quote.view({ token })).status).toBe('expired');
    await expectTrpcError(customer.caller.quote.accept({ token }), 'CONFLICT');
    await expectTrpcError(admin.caller.quote.send({ id: quote.id }), 'CONFLICT');
  });

  it("another customer's cart line tied to the quote gets the shop price", async () => {
    const customer = await createCustomer(db.prisma);
    const other = await createCustomer(db.prisma);
    const { quote } = await sentQuoteFor(customer);
    await other.caller.cart.add({ product: shop.products.mug, quantity: 20 });
    await db.prisma.cartLine.updateMany({
      where: { cart: { userId: other.id } },
      data: { quoteLineId: quote.lines[0]!.id },
    });
    const cart = await other.caller.cart.get();
    expect(cart.lines[0]).toMatchObject({ unitPrice: 3990, message: QUOTE_PRICE_OTHER_CUSTOMER });
    const { order } = await other.caller.cart.order(orderInput(shop));
    expect(order.lines[0]?.unitPrice).toBe(3990);
    expect((await db.prisma.quote.findUniqueOrThrow({ where: { id: quote.id } })).orderId).toBeNull();
  });

  it('two servers placing orders with the same quote at once: one order gets the quote', async () => {
    const customer = await createCustomer(db.prisma);
    const { quote, token } = await sentQuoteFor(customer);
    await customer.caller.quote.accept({ token });
    const servers = await Promise.all(
      [0, 1, 2, 3].map(() =>
        callerFor(db.prisma, { token: customer.token, cache: new VersionedCache(db.prisma) }),
      ),
    );
    const results = await Promise.allSettled(servers.map((server) => server.cart.order(orderInput(shop))));
    const placed = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.order] : []));
    const quoted = placed.filter((order) => order.lines.some((line) => line.unitPrice === 3000));
    expect(quoted).toHaveLength(1);
    const stored = await db.prisma.quote.findUniqueOrThrow({ where: { id: quote.id } });
    expect(stored.orderId).toBe(quoted[0]!.id);
    const withQuoteLines = await db.prisma.orderLine.count({
      where: { quoteLineId: { in: quote.lines.map((line) => line.id) } },
    });
    expect(withQuoteLines).toBe(2);
  });

  it('a deleted account leaves no e-mail or note on its quotes', async () => {
    const customer = await createCustomer(db.prisma);
    const { quote } = await sentQuoteFor(customer);
    await removeUser(db.prisma, customer.id);
    const stored = await db.prisma.quote.findUniqueOrThrow({ where: { id: quote.id } });
    expect(stored.email).not.toContain(customer.email.split('@')[0]);
    expect(stored.note).toBeNull();
  });
});
