import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFor } from '../src/cache';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import { mediaUrl, type TOfferInput } from '../src/schemas';
import { CHOOSE_VARIANT, NOT_SOLD_IN_VARIANTS, VARIANT_NOT_FOUND } from '../src/services/cart/line-variant';
import { bumpCatalogue, invalidateCatalogue } from '../src/services/catalogue/in-memory-index';
import { formTokenSecret, issueFormToken, MIN_FILL_MS } from '../src/services/contact/form-token';
import { budapestDay } from '../src/services/dashboard';
import { createVariantProduct, type VariantProduct } from '../src/testing/variant-fixtures';
import { type Caller, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

// Offer requests and quotes per variant: "Póló, kék, M" is asked for, quoted, put into the cart at the
// quoted price and ordered under its name; the quote's price belongs to that variant only.
const ENCRYPTION_KEY = Buffer.alloc(32, 24);
const UNLIMITED_INQUIRIES = {
  inquiryPerIp: { limit: 100_000, windowMs: 60_000 },
  inquiryPerEmail: { limit: 100_000, windowMs: 60_000 },
};

let db: Database;
let shop: Shop;
let admin: SignedIn;
let shirt: VariantProduct;
let mug: VariantProduct;
let picture: number;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  picture = (
    await db.prisma.media.create({ data: { originalName: 'kek.jpg', mimeType: 'image/jpeg', sizeBytes: 1 } })
  ).id;
  shirt = await createVariantProduct(
    db.prisma,
    { slug: 'polo', title: 'Póló', grossPrice: 4990 },
    [
      { title: 'Szín', values: ['kék', 'piros'] },
      { title: 'Méret', values: ['S', 'M'] },
    ],
    [
      { kutiId: 'POLO-KEK-S', values: ['kék', 'S'], stock: 50 },
      { kutiId: 'POLO-KEK-M', values: ['kék', 'M'], stock: 50, mediaId: picture },
      { kutiId: 'POLO-PIROS-M', values: ['piros', 'M'], stock: 50, grossPrice: 5490 },
      { kutiId: 'POLO-PIROS-S', values: ['piros', 'S'], stock: 5, enabled: false },
    ],
  );
  mug = await createVariantProduct(
    db.prisma,
    { slug: 'szines-bogre', title: 'Színes bögre', grossPrice: 2990 },
    [{ title: 'Szín', values: ['sárga'] }],
    [{ kutiId: 'BOGRE-SARGA', values: ['sárga'], stock: 6 }],
  );
});
afterAll(() => db?.close());

const inDays = (days: number) => budapestDay(new Date(Date.now() + days * 24 * 60 * 60 * 1000));

/** POST /api/contact/offer as the form sends it, signed in or not, with a token filled in by a person. */
async function offerCaller(token?: string): Promise<Caller> {
  return createCaller(
    await createContext({
      prisma: db.prisma,
      headers: new Headers(token ? { token } : {}),
      ip: '10.24.0.1',
      encryptionKey: ENCRYPTION_KEY,
      publicUrl: 'https://bolt.example.hu',
      requestLimits: UNLIMITED_INQUIRIES,
    }),
  );
}

function offerInput(email: string, lines: TOfferInput['lines']): TOfferInput {
  return {
    name: 'Kovács Anna',
    email,
    companyName: 'Minta Kft.',
    lines,
    consent: true,
    formToken: issueFormToken(formTokenSecret(ENCRYPTION_KEY), new Date(Date.now() - MIN_FILL_MS - 1000))
      .token,
  };
}

/** The newest quote e-mail to `email`: its text and the token of its link. */
async function sentMail(email: string): Promise<{ token: string; html: string }> {
  const mail = await db.prisma.emailOutbox.findFirstOrThrow({
    where: { to: email, templateKey: 'quote_sent' },
    orderBy: { id: 'desc' },
  });
  const token = /\/quote\/([A-Za-z0-9_-]+)/.exec(mail.html)?.[1];
  if (!token) throw new Error('A levélben nincs árajánlat-link.');
  return { token, html: mail.html };
}

describe('an offer request per variant (POST /api/contact/offer)', () => {
  it('stores "Póló, kék, M" with its variant, and the admin sees it so', async () => {
    const email = 'keres-kek-m@example.hu';
    const visitor = await offerCaller();
    await visitor.contact.offer(
      offerInput(email, [
        { product: shirt.id, variant: shirt.variants['POLO-KEK-M'], quantity: 20 },
        { product: shirt.id, variant: shirt.variants['POLO-PIROS-M'], quantity: 5 },
        { product: shirt.id, variant: shirt.variants['POLO-KEK-M'], quantity: 10 },
        { product: shop.products.mug, quantity: 2 },
      ]),
    );
    const listed = await admin.caller.contact.offerList({ search: email });
    const request = await admin.caller.contact.offerById({ id: listed.items[0]!.id });
    expect(request.lines).toEqual([
      {
        productId: shirt.id,
        variantId: shirt.variants['POLO-KEK-M'],
        productTitle: 'Póló, kék, M',
        quantity: 30,
      },
      {
        productId: shirt.id,
        variantId: shirt.variants['POLO-PIROS-M'],
        productTitle: 'Póló, piros, M',
        quantity: 5,
      },
      { productId: shop.products.mug, variantId: null, productTitle: 'Kék bögre', quantity: 2 },
    ]);
    const shopMail = await db.prisma.emailOutbox.findFirstOrThrow({
      where: { to: email, templateKey: 'offer_received' },
    });
    expect(shopMail.html).toContain('Póló, kék, M – 30 db');
  });

  it('refuses a line that does not name one sellable variant, as the cart does: 400, or 404 for one not sold', async () => {
    const email = 'rossz-valtozat@example.hu';
    const visitor = await offerCaller();
    const refused = await expectTrpcError(
      visitor.contact.offer(offerInput(email, [{ product: shirt.id, quantity: 1 }])),
      'BAD_REQUEST',
      CHOOSE_VARIANT,
    );
    expect(refused.cause).toMatchObject({ issues: [{ path: 'lines.0.variant', message: CHOOSE_VARIANT }] });
    await expectTrpcError(
      visitor.contact.offer(
        offerInput(email, [
          { product: shop.products.plate, quantity: 1 },
          { product: shop.products.mug, variant: shirt.variants['POLO-KEK-S'], quantity: 1 },
        ]),
      ),
      'BAD_REQUEST',
      NOT_SOLD_IN_VARIANTS,
    );
    // Another product's variant, a switched-off one, one that does not exist.
    for (const variant of [mug.variants['BOGRE-SARGA']!, shirt.variants['POLO-PIROS-S']!, 999_999]) {
      await expectTrpcError(
        visitor.contact.offer(offerInput(email, [{ product: shirt.id, variant, quantity: 1 }])),
        'NOT_FOUND',
        VARIANT_NOT_FOUND,
      );
    }
    expect(await db.prisma.offerRequest.count({ where: { email } })).toBe(0);
  });
});

describe('a quote per variant', () => {
  let customer: SignedIn;
  let requestId: number;

  beforeAll(async () => {
    customer = await createCustomer(db.prisma);
    await (await offerCaller(customer.token)).contact.offer(
      offerInput(customer.email, [
        { product: shirt.id, variant: shirt.variants['POLO-KEK-M'], quantity: 20 },
      ]),
    );
    requestId = (await db.prisma.offerRequest.findFirstOrThrow({ where: { email: customer.email } })).id;
  });

  it('proposes the variant asked for at its list price; the quote refuses lines a cart would refuse', async () => {
    const proposal = await admin.caller.quote.proposal({ offerRequest: requestId });
    expect(proposal.lines).toEqual([
      {
        product: shirt.id,
        variant: shirt.variants['POLO-KEK-M'],
        title: 'Póló, kék, M',
        quantity: 20,
        unitPrice: 4990,
        lineTotal: 20 * 4990,
      },
    ]);

    const base = { offerRequestId: requestId, validUntil: inDays(7) };
    const refused = await expectTrpcError(
      admin.caller.quote.create({ ...base, lines: [{ product: shirt.id, quantity: 20, unitPrice: 3990 }] }),
      'BAD_REQUEST',
      CHOOSE_VARIANT,
    );
    expect(refused.cause).toMatchObject({ issues: [{ path: 'lines.0.variant' }] });
    await expectTrpcError(
      admin.caller.quote.create({
        ...base,
        lines: [
          { product: shop.products.mug, variant: shirt.variants['POLO-KEK-M'], quantity: 1, unitPrice: 1 },
        ],
      }),
      'BAD_REQUEST',
      NOT_SOLD_IN_VARIANTS,
    );
    for (const variant of [mug.variants['BOGRE-SARGA']!, shirt.variants['POLO-PIROS-S']!]) {
      await expectTrpcError(
        admin.caller.quote.create({
          ...base,
          lines: [{ product: shirt.id, variant, quantity: 1, unitPrice: 1 }],
        }),
        'NOT_FOUND',
        VARIANT_NOT_FOUND,
      );
    }
    // Two variants of one product are two lines; the same variant twice is one too many.
    await expectTrpcError(
      admin.caller.quote.create({
        ...base,
        lines: [
          { product: shirt.id, variant: shirt.variants['POLO-KEK-M'], quantity: 1, unitPrice: 1 },
          { product: shirt.id, variant: shirt.variants['POLO-KEK-M'], quantity: 2, unitPrice: 1 },
        ],
      }),
      'BAD_REQUEST',
      /csak egyszer/,
    );
    expect(await db.prisma.quote.count({ where: { offerRequestId: requestId } })).toBe(0);
  });

  it('is accepted into the cart as that variant at the quoted price, and ordered as "Póló, kék, M"', async () => {
    const quote = await admin.caller.quote.create({
      offerRequestId: requestId,
      lines: [
        { product: shirt.id, variant: shirt.variants['POLO-KEK-M'], quantity: 20, unitPrice: 3990 },
        { product: shirt.id, variant: shirt.variants['POLO-PIROS-M'], quantity: 2, unitPrice: 4500 },
      ],
      validUntil: inDays(7),
    });
    expect(quote.lines.map((line) => [line.variant, line.title])).toEqual([
      [shirt.variants['POLO-KEK-M'], 'Póló, kék, M'],
      [shirt.variants['POLO-PIROS-M'], 'Póló, piros, M'],
    ]);
    // Switching a line to another variant makes a new line; the kept variant keeps its line.
    const updated = await admin.caller.quote.update({
      id: quote.id,
      lines: [
        { product: shirt.id, variant: shirt.variants['POLO-KEK-M'], quantity: 20, unitPrice: 3990 },
        { product: shirt.id, variant: shirt.variants['POLO-KEK-S'], quantity: 2, unitPrice: 4500 },
      ],
      validUntil: inDays(7),
    });
    expect(updated.lines[0]?.id).toBe(quote.lines[0]?.id);
    expect(updated.lines[1]).toMatchObject({ variant: shirt.variants['POLO-KEK-S'], title: 'Póló, kék, S' });
    expect(updated.lines[1]?.id).not.toBe(quote.lines[1]?.id);
    const kept = await admin.caller.quote.update({
      id: quote.id,
      lines: [{ product: shirt.id, variant: shirt.variants['POLO-KEK-M'], quantity: 20, unitPrice: 3990 }],
      validUntil: inDays(7),
    });
    await admin.caller.quote.send({ id: quote.id });
    const { token, html } = await sentMail(customer.email);
    expect(html).toContain('Póló, kék, M');

    const view = await customer.caller.quote.view({ token });
    expect(view.lines).toEqual([
      expect.objectContaining({
        product: shirt.id,
        variant: shirt.variants['POLO-KEK-M'],
        title: 'Póló, kék, M',
        unitPrice: 3990,
        image: mediaUrl(picture, 'thumb'),
      }),
    ]);

    // Another variant of the same product, already in the cart, stays at the shop's price.
    await customer.caller.cart.add({
      product: shirt.id,
      variant: shirt.variants['POLO-KEK-S'],
      quantity: 20,
    });
    const cart = await customer.caller.quote.accept({ token });
    expect(cart.lines.map((line) => [line.variant, line.title, line.quantity, line.unitPrice])).toEqual([
      [shirt.variants['POLO-KEK-S'], 'Póló, kék, S', 20, 4990],
      [shirt.variants['POLO-KEK-M'], 'Póló, kék, M', 20, 3990],
    ]);
    expect(cart.lines[0]?.quoteLineId).toBeNull();
    expect(cart.lines[1]?.quoteLineId).toBe(kept.lines[0]?.id);

    // A line of another variant that points at the quote line (as a stale or forged cart would) is not
    // priced at the quote either.
    await db.prisma.cartLine.updateMany({
      where: { cart: { userId: customer.id }, variantId: shirt.variants['POLO-KEK-S'] },
      data: { quoteLineId: kept.lines[0]!.id },
    });
    const forged = await customer.caller.cart.get();
    expect(forged.lines.map((line) => [line.title, line.unitPrice, line.quoteLineId])).toEqual([
      ['Póló, kék, S', 4990, null],
      ['Póló, kék, M', 3990, kept.lines[0]!.id],
    ]);

    const { order } = await customer.caller.cart.order(orderInput(shop));
    expect(order.lines.map((line) => [line.variant, line.title, line.kutiId, line.unitPrice])).toEqual([
      [shirt.variants['POLO-KEK-S'], 'Póló, kék, S', 'POLO-KEK-S', 4990],
      [shirt.variants['POLO-KEK-M'], 'Póló, kék, M', 'POLO-KEK-M', 3990],
    ]);
    const stored = await db.prisma.orderLine.findMany({
      where: { orderId: order.id },
      orderBy: { id: 'asc' },
      select: { productTitle: true, quoteLineId: true },
    });
    expect(stored).toEqual([
      { productTitle: 'Póló, kék, S', quoteLineId: null },
      { productTitle: 'Póló, kék, M', quoteLineId: kept.lines[0]!.id },
    ]);
    expect(await admin.caller.quote.byId({ id: quote.id })).toMatchObject({
      status: 'used',
      orderId: order.id,
    });
  });

  it('proposes a line whose variant is no longer sold without one, under the title asked for', async () => {
    const other = await createCustomer(db.prisma);
    await (await offerCaller(other.token)).contact.offer(
      offerInput(other.email, [{ product: shirt.id, variant: shirt.variants['POLO-PIROS-M'], quantity: 3 }]),
    );
    const request = await db.prisma.offerRequest.findFirstOrThrow({ where: { email: other.email } });
    await db.prisma.$transaction(async (tx) => {
      await tx.productVariant.update({
        where: { id: shirt.variants['POLO-PIROS-M'] },
        data: { enabled: false },
      });
      await bumpCatalogue(tx);
    });
    invalidateCatalogue(cacheFor(db.prisma));
    const proposal = await admin.caller.quote.proposal({ offerRequest: request.id });
    expect(proposal.lines).toEqual([
      {
        product: shirt.id,
        variant: null,
        title: 'Póló, piros, M',
        quantity: 3,
        unitPrice: 4990,
        lineTotal: 3 * 4990,
      },
    ]);
  });
});
