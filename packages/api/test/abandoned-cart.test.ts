import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import { NEWSLETTER_CONSENT_VERSION } from '../src/schemas/newsletter';
import { RESTORE_LINK_INVALID } from '../src/services/abandoned-carts/guest-carts';
import { sendCartRemindersOnce } from '../src/services/abandoned-carts/reminders';
import { redactSecretLinks } from '../src/services/email/secret-links';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

/** The rules of services/abandoned-carts/reminders.ts, numbered as there. */

const HOUR_MS = 60 * 60 * 1000;
const SHOP = 'https://bolt.example.hu';

let db: Database;
let shop: Shop;
let admin: SignedIn;
let ipCounter = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
});
afterAll(() => db?.close());
beforeEach(async () => {
  await admin.caller.abandonedCart.updateSettings({ enabled: true, delayHours: 4 });
});

/** A visitor from a network of its own (the signup is limited per network), as the HTTP layer builds it. */
async function visitor(token?: string): Promise<Caller> {
  ipCounter += 1;
  return createCaller(
    await createContext({
      prisma: db.prisma,
      headers: new Headers(token ? { token } : {}),
      ip: `10.2.0.${ipCounter}`,
      publicUrl: SHOP,
    }),
  );
}

/** The job as it runs `hours` from now. */
const runIn = (hours: number) =>
  sendCartRemindersOnce(
    { prisma: db.prisma, publicUrl: SHOP },
    { now: new Date(Date.now() + hours * HOUR_MS) },
  );

const remindersTo = (email: string) =>
  db.prisma.emailOutbox.findMany({
    where: { to: email, templateKey: 'abandoned_cart' },
    select: { subject: true, html: true, text: true, headers: true },
  });

/** The restore token of the newest reminder to `email`, read from its link as the shopper would. */
async function restoreToken(email: string): Promise<string> {
  const mail = await db.prisma.emailOutbox.findFirstOrThrow({
    where: { to: email, templateKey: 'abandoned_cart' },
    orderBy: { id: 'desc' },
  });
  const token = /\/hirlevel\/kosar\?token=([A-Za-z0-9_-]+)/.exec(mail.html)?.[1];
  if (!token) throw new Error('Az emlékeztetőben nincs visszaállító link.');
  return token;
}

async function confirmedSubscriber(email: string, userId: number | null = null) {
  await db.prisma.newsletterSubscription.create({
    data: {
      email,
      userId,
      status: 'confirmed',
      source: 'footer',
      consentVersion: NEWSLETTER_CONSENT_VERSION,
      requestedAt: new Date(),
      confirmedAt: new Date(),
    },
  });
}

/** A customer with the mug (2) and the plate (1) in the server cart; subscribed when `consent`. */
async function customerWithCart({ consent }: { consent: boolean }) {
  const customer = await createCustomer(db.prisma);
  if (consent) await confirmedSubscriber(customer.email, customer.id);
  await customer.caller.cart.add({ product: shop.products.mug, quantity: 2 });
  await customer.caller.cart.add({ product: shop.products.plate, quantity: 1 });
  return customer;
}

const guestCart = (shopTest: Shop) => [
  { product: shopTest.products.mug, quantity: 1 },
  { product: shopTest.products.plate, quantity: 3 },
];

describe('the abandoned-cart reminder', () => {
  it('goes to a subscribed customer after the delay, once, with a link that gives the cart back (rules 1, 4, 5)', async () => {
    const customer = await customerWithCart({ consent: true });
    await runIn(3);
    expect(await remindersTo(customer.email)).toHaveLength(0);
    await runIn(5);
    const [sent, ...more] = await remindersTo(customer.email);
    expect(more).toHaveLength(0);
    expect(sent?.text).toContain('Kék bögre – 2 db');
    expect(sent?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    // The admin's outbox shows the message without the token that would open the shopper's cart.
    expect(redactSecretLinks(sent?.html ?? '')).toContain('/hirlevel/kosar?token=[elrejtve]');

    // No second reminder: not on the next run, nor after the cart grows.
    expect(await runIn(6)).toEqual({ queued: 0 });
    await customer.caller.cart.add({ product: shop.products.tiered, quantity: 1 });
    expect(await runIn(12)).toEqual({ queued: 0 });
    expect(await remindersTo(customer.email)).toHaveLength(1);

    // The link restores the lines in any browser, without signing in.
    const stranger = await visitor();
    const restored = await stranger.abandonedCart.restore({ token: await restoreToken(customer.email) });
    expect(restored.lines).toEqual([
      { product: shop.products.mug, quantity: 2 },
      { product: shop.products.plate, quantity: 1 },
    ]);
  });

  it('counts a cart emptied and filled again as a new cart, and a lone removal as the same (rule 4)', async () => {
    const customer = await customerWithCart({ consent: true });
    await runIn(5);
    // Taking the oldest line out leaves a cart older than its reminder: still the same cart.
    await customer.caller.cart.add({ product: shop.products.mug, quantity: 0 });
    expect(await runIn(10)).toEqual({ queued: 0 });
    await customer.caller.cart.clear({});
    await db.prisma.cartLine.create({
      data: {
        cart: { connect: { userId: customer.id } },
        product: { connect: { id: shop.products.tiered } },
        quantity: 1,
        addedAt: new Date(Date.now() + 6 * HOUR_MS),
      },
    });
    await db.prisma.cart.update({
      where: { userId: customer.id },
      data: { updatedAt: new Date(Date.now() + 6 * HOUR_MS) },
    });
    await runIn(11);
    expect(await remindersTo(customer.email)).toHaveLength(2);
  });

  it('goes once when two servers run the job at the same moment (rule 4)', async () => {
    const customer = await customerWithCart({ consent: true });
    const at = new Date(Date.now() + 5 * HOUR_MS);
    const run = () => sendCartRemindersOnce({ prisma: db.prisma, publicUrl: SHOP }, { now: at });
    await Promise.all([run(), run()]);
    expect(await remindersTo(customer.email)).toHaveLength(1);
  });

  it('never without consent: no subscription, or a guest who has not confirmed yet (rule 2)', async () => {
    const unsubscribed = await customerWithCart({ consent: false });
    const guest = await visitor();
    const email = `vendeg.${ipCounter}@example.hu`;
    await guest.abandonedCart.remind({
      email,
      consent: true,
      consentVersion: NEWSLETTER_CONSENT_VERSION,
      cart: guestCart(shop),
    });
    await runIn(5);
    expect(await remindersTo(unsubscribed.email)).toHaveLength(0);
    expect(await remindersTo(email)).toHaveLength(0);

    // The click in the confirmation e-mail gives the consent; then the guest's cart is reminded.
    const confirmation = await db.prisma.emailOutbox.findFirstOrThrow({
      where: { to: email, templateKey: 'newsletter_confirmation' },
    });
    const confirmToken = /megerosites\?token=([A-Za-z0-9_-]+)/.exec(confirmation.html)?.[1] ?? '';
    await guest.newsletter.confirm({ token: confirmToken });
    await runIn(5);
    const [sent] = await remindersTo(email);
    expect(sent?.html).toContain('Kedves Vásárlónk!');
    expect(sent?.text).toContain('Porcelán tányér – 3 db');
  });

  it('never about a cart a stranger attached to an address already subscribed (rule 2)', async () => {
    const email = `feliratkozott.${ipCounter}@example.hu`;
    await confirmedSubscriber(email);
    // Nothing asks the address's owner now, so posting it proves nothing: no cart is kept for it.
    await (await visitor()).abandonedCart.remind({
      email,
      consent: true,
      consentVersion: NEWSLETTER_CONSENT_VERSION,
      cart: guestCart(shop),
    });
    expect(await db.prisma.guestCartSnapshot.count({ where: { email } })).toBe(0);
    await runIn(5);
    expect(await remindersTo(email)).toHaveLength(0);
  });

  it('goes once to an address whose guest cart went into its account on signing in (rule 4)', async () => {
    const customer = await customerWithCart({ consent: true });
    // The cart ticked at checkout as a guest, then taken into the account: one cart, two copies.
    await db.prisma.guestCartSnapshot.create({
      data: { email: customer.email.toLowerCase(), lines: guestCart(shop) },
    });
    await runIn(5);
    await runIn(6);
    expect(await remindersTo(customer.email)).toHaveLength(1);
  });

  it('never after an order from the cart’s account or address (rule 3)', async () => {
    const customer = await customerWithCart({ consent: true });
    const other = await callerFor(db.prisma);
    // A guest order with the account's address counts too, and it leaves the server cart as it was.
    await other.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.mug, quantity: 1 }],
        customer: { email: customer.email, firstName: 'Anna', lastName: 'Kovács', phone: '06 30 123 4567' },
      }),
    );
    expect(await db.prisma.cartLine.count({ where: { cart: { userId: customer.id } } })).toBe(2);

    const email = `rendelo.${ipCounter}@example.hu`;
    await confirmedSubscriber(email);
    const guest = await visitor();
    await guest.abandonedCart.remind({
      email,
      consent: true,
      consentVersion: NEWSLETTER_CONSENT_VERSION,
      cart: guestCart(shop),
    });
    await other.cart.order(
      orderInput(shop, {
        cart: guestCart(shop),
        customer: { email, firstName: 'Béla', lastName: 'Kiss', phone: '06 30 123 4567' },
      }),
    );
    await runIn(5);
    expect(await remindersTo(customer.email)).toHaveLength(0);
    expect(await remindersTo(email)).toHaveLength(0);
  });

  it('follows the admin: off sends nothing, and counts reminded and recovered carts', async () => {
    const before = await admin.caller.abandonedCart.stats();
    await admin.caller.abandonedCart.updateSettings({ enabled: false, delayHours: 2 });
    const customer = await customerWithCart({ consent: true });
    await runIn(5);
    expect(await remindersTo(customer.email)).toHaveLength(0);
    await admin.caller.abandonedCart.updateSettings({ enabled: true, delayHours: 2 });
    expect(await admin.caller.abandonedCart.settings()).toEqual({ enabled: true, delayHours: 2 });
    await runIn(3);
    expect(await remindersTo(customer.email)).toHaveLength(1);

    // The reminder is dated 3 hours ahead: the order placed from the cart must come after it.
    await db.prisma.abandonedCartReminder.updateMany({
      where: { userId: customer.id },
      data: { remindedAt: new Date(Date.now() - HOUR_MS) },
    });
    await customer.caller.cart.order(orderInput(shop));
    expect(await admin.caller.abandonedCart.stats()).toEqual({
      reminded: before.reminded + 1,
      restored: before.restored,
      recovered: before.recovered + 1,
    });
  });
});

describe('the reminder’s endpoints', () => {
  it('restore a cart for 30 days after its reminder', async () => {
    const customer = await customerWithCart({ consent: true });
    await runIn(5);
    const token = await restoreToken(customer.email);
    await db.prisma.abandonedCartReminder.updateMany({
      where: { userId: customer.id },
      data: { remindedAt: new Date(Date.now() - 31 * 24 * HOUR_MS) },
    });
    await expectTrpcError(
      (await visitor()).abandonedCart.restore({ token }),
      'NOT_FOUND',
      RESTORE_LINK_INVALID,
    );
  });

  it('restore only with a known token, with a Hungarian 404 otherwise', async () => {
    const guest = await visitor();
    await expectTrpcError(
      guest.abandonedCart.restore({ token: 'ismeretlen-token-1234567890' }),
      'NOT_FOUND',
      RESTORE_LINK_INVALID,
    );
    await expectTrpcError(guest.abandonedCart.restore({ token: 'rövid' }), 'BAD_REQUEST', /link/);
  });

  it('refuse an empty cart or a missing consent with a Hungarian 400', async () => {
    const guest = await visitor();
    const input = {
      email: 'ures@example.hu',
      consent: true as const,
      consentVersion: NEWSLETTER_CONSENT_VERSION,
    };
    await expectTrpcError(guest.abandonedCart.remind({ ...input, cart: [] }), 'BAD_REQUEST', /Üres kosár/);
    await expectTrpcError(
      // @ts-expect-error: the consent must be given
      guest.abandonedCart.remind({ ...input, consent: false, cart: guestCart(shop) }),
      'BAD_REQUEST',
    );
  });

  it('let only the shop’s staff read or change the settings (401 stranger, 403 shopper)', async () => {
    const customer = await createCustomer(db.prisma);
    const stranger = await visitor();
    await expectTrpcError(stranger.abandonedCart.settings(), 'UNAUTHORIZED');
    await expectTrpcError(stranger.abandonedCart.stats(), 'UNAUTHORIZED');
    await expectTrpcError(customer.caller.abandonedCart.settings(), 'FORBIDDEN');
    await expectTrpcError(
      customer.caller.abandonedCart.updateSettings({ enabled: false, delayHours: 4 }),
      'FORBIDDEN',
    );
    await expectTrpcError(
      admin.caller.abandonedCart.updateSettings({ enabled: true, delayHours: 0 }),
      'BAD_REQUEST',
      /legalább 1 óra/,
    );
  });
});
