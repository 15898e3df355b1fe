import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheFor } from '../src/cache';
import { ZAnalyticsSettingsUpdateInput } from '../src/schemas';
import {
  MAX_META_CONVERSION_ATTEMPTS,
  normalizePhone,
  runMetaConversionsOnce,
} from '../src/services/analytics/meta-capi';
import { CAPI_ENCRYPTION_KEY_MISSING, getAnalyticsPageConfig } from '../src/services/analytics/settings';
import { createMetaStandIn, type MetaStandIn } from '../src/stand-ins/meta';
import { serveStandIn } from '../src/stand-ins/serve';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

const KEY = randomBytes(32);
const TOKEN = 'EAAGm0PX4ZCpsBAKZBZCtest0token1234567890';
const PIXEL = '123456789012345';

let db: Database;
let shop: Shop;
let admin: SignedIn;
let adminWithKey: Caller;
let guest: Caller;
let standIn: MetaStandIn;
let graph: { url: string; close(): Promise<void> };

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  adminWithKey = await callerFor(db.prisma, { token: admin.token, encryptionKey: KEY });
  guest = await callerFor(db.prisma);
  standIn = createMetaStandIn();
  graph = await serveStandIn(standIn, {});
});
afterAll(async () => {
  await graph?.close();
  await db?.close();
});

const settings = {
  ga4Enabled: true,
  ga4MeasurementId: 'G-AB12CD34EF',
  metaPixelEnabled: true,
  metaPixelId: PIXEL,
};

describe('analytics settings', () => {
  it('validates the GA4 measurement id and the Pixel id, and needs an id to switch a service on', () => {
    const parse = (input: object) => ZAnalyticsSettingsUpdateInput.safeParse({ ...settings, ...input });
    expect(parse({ ga4MeasurementId: ' g-ab12cd34ef ' }).data?.ga4MeasurementId).toBe('G-AB12CD34EF');
    for (const wrong of ['UA-12345-1', 'AB12CD34EF', 'G-', 'G-AB 12']) {
      const result = parse({ ga4MeasurementId: wrong });
      expect(result.success, wrong).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['ga4MeasurementId'] });
    }
    expect(parse({ metaPixelId: '12345abc' }).error?.issues[0]).toMatchObject({ path: ['metaPixelId'] });
    expect(parse({ ga4Enabled: true, ga4MeasurementId: '' }).error?.issues[0]).toMatchObject({
      path: ['ga4MeasurementId'],
      message: expect.stringContaining('mérési azonosító'),
    });
    expect(parse({ metaPixelEnabled: true, metaPixelId: null }).success).toBe(false);
    // Switched off, an empty id is fine.
    expect(parse({ ga4Enabled: false, ga4MeasurementId: '' }).data?.ga4MeasurementId).toBeNull();
  });

  it('is for staff with settings rights only', async () => {
    await expectTrpcError(guest.analytics.get(), 'UNAUTHORIZED');
    const customer = await createCustomer(db.prisma);
    await expectTrpcError(customer.caller.analytics.update(settings), 'FORBIDDEN');
  });

  it('seals the Conversions API token, never answers it, keeps it when left out and removes it with null', async () => {
    const saved = await adminWithKey.analytics.update({ ...settings, metaCapiToken: TOKEN });
    expect(saved).toMatchObject({ ...settings, metaCapiTokenSet: true, canStoreCapiToken: true });
    expect(JSON.stringify(saved)).not.toContain(TOKEN);
    expect(JSON.stringify(await adminWithKey.analytics.get())).not.toContain(TOKEN);
    const row = await db.prisma.analyticsSetting.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.metaCapiTokenEncrypted).toMatch(/^v1:/);
    expect(row.metaCapiTokenEncrypted).not.toContain(TOKEN);

    // Sending back what was read (with its read-only fields) keeps the token.
    const read = await adminWithKey.analytics.get();
    expect(await adminWithKey.analytics.update(read)).toMatchObject({ metaCapiTokenSet: true });
    // A read-only field that differs from the stored one is refused, not silently ignored.
    await expectTrpcError(adminWithKey.analytics.update({ ...read, metaCapiTokenSet: false }), 'BAD_REQUEST');

    expect(await adminWithKey.analytics.update({ ...settings, metaCapiToken: null })).toMatchObject({
      metaCapiTokenSet: false,
    });
    expect(
      (await db.prisma.analyticsSetting.findUniqueOrThrow({ where: { id: 1 } })).metaCapiTokenEncrypted,
    ).toBeNull();
  });

  it('refuses a token without an encryption key rather than storing it in clear', async () => {
    const error = await expectTrpcError(
      admin.caller.analytics.update({ ...settings, metaCapiToken: TOKEN }),
      'CONFLICT',
    );
    expect(error.message).toBe(CAPI_ENCRYPTION_KEY_MISSING);
    expect(await admin.caller.analytics.get()).toMatchObject({ canStoreCapiToken: false });
  });

  it("names on the shop's pages only the services switched on", async () => {
    const cache = cacheFor(db.prisma);
    await adminWithKey.analytics.update({ ...settings, metaPixelEnabled: false });
    expect(await getAnalyticsPageConfig({ prisma: db.prisma, cache })).toEqual({
      ga4: 'G-AB12CD34EF',
      metaPixel: null,
    });
    await adminWithKey.analytics.update({ ...settings, ga4Enabled: false });
    expect(await getAnalyticsPageConfig({ prisma: db.prisma, cache })).toEqual({
      ga4: null,
      metaPixel: PIXEL,
    });
  });
});

describe('Meta Conversions API purchases', () => {
  const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
  const worker = () =>
    runMetaConversionsOnce({
      prisma: db.prisma,
      setup: { graphUrl: graph.url, encryptionKey: KEY, shopUrl: 'https://kekbogre.hu/' },
    });
  const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

  /** A visitor's recorded cookie choice, as the banner sends it to POST /api/consent. */
  async function consent(marketing: boolean, consentId: string = crypto.randomUUID()): Promise<string> {
    const visitor = await callerFor(db.prisma, { userAgent: BROWSER });
    await visitor.consent.record({ consentId, statistics: true, marketing, policyVersion: '2026-11-24' });
    return consentId;
  }

  async function paidOrder(consentId: string | null) {
    const { order } = await guest.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.mug, quantity: 2 }],
        paymentMethod: shop.payment.transfer,
        customer: { ...orderInput(shop).customer, email: ' Vevo.Elek@Example.HU ', phone: '+36 30 123 4567' },
        consentId,
      }),
    );
    await admin.caller.order.recordPayment({ id: order.id, amount: order.total });
    return order;
  }

  const sentFor = (number: string) =>
    standIn
      .received()
      .flatMap((request) => request.events.map((event) => ({ request, event })))
      .filter(({ event }) => event.event_id === `order-${number}`);

  beforeEach(async () => {
    await adminWithKey.analytics.update({ ...settings, metaCapiToken: TOKEN });
  });

  it('sends a paid order once, under the browser’s event id, with hashed e-mail and phone', async () => {
    const order = await paidOrder(await consent(true));
    // Paying again (an admin's second click, a replayed callback) adds nothing to send.
    expect(await db.prisma.metaConversion.count({ where: { orderId: order.id } })).toBe(1);

    expect((await worker()).sent).toBeGreaterThanOrEqual(1);
    expect(await worker()).toEqual({ sent: 0, failed: 0, retrying: 0 });

    const sent = sentFor(order.number);
    expect(sent).toHaveLength(1);
    const [{ request, event }] = sent as [(typeof sent)[number]];
    expect(request).toMatchObject({ pixelId: PIXEL, tokenPresent: true });
    // The stand-in's read-back is open to whoever reaches it: the token is checked, never kept.
    expect(JSON.stringify(standIn.received())).not.toContain(TOKEN);
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_id: `order-${order.number}`,
      action_source: 'website',
      // Meta asks a website event for the page and the browser: the checkout, and the consenting browser.
      event_source_url: 'https://kekbogre.hu/order/checkout',
      user_data: {
        client_user_agent: BROWSER,
        em: [sha256('vevo.elek@example.hu')],
        ph: [sha256('36301234567')],
      },
      custom_data: { currency: 'HUF', value: order.total, order_id: order.number },
    });
    expect(JSON.stringify(event)).not.toMatch(/example\.hu|301234567/i);
    expect(await db.prisma.metaConversion.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({
      status: 'sent',
      attempts: 1,
    });
  });

  it('sends nothing without marketing consent, or when it was withdrawn before sending', async () => {
    const declined = await paidOrder(await consent(false));
    const unknown = await paidOrder(null);
    const notRecorded = await paidOrder(crypto.randomUUID());
    for (const order of [declined, unknown, notRecorded]) {
      expect(await db.prisma.metaConversion.count({ where: { orderId: order.id } })).toBe(0);
      expect(
        (await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).marketingConsentId,
      ).toBeNull();
    }

    const consentId = await consent(true);
    const withdrawn = await paidOrder(consentId);
    await consent(false, consentId);
    await worker();
    for (const order of [declined, unknown, notRecorded, withdrawn])
      expect(sentFor(order.number)).toEqual([]);
    expect(
      await db.prisma.metaConversion.findUniqueOrThrow({ where: { orderId: withdrawn.id } }),
    ).toMatchObject({
      status: 'failed',
      attempts: 0,
    });
  });

  it('queues nothing while the Pixel is off or no token is saved', async () => {
    await adminWithKey.analytics.update({ ...settings, metaCapiToken: null });
    const order = await paidOrder(await consent(true));
    expect(await db.prisma.metaConversion.count({ where: { orderId: order.id } })).toBe(0);
  });

  it('retries a server error with the same event id and gives up on a refusal', async () => {
    const order = await paidOrder(await consent(true));
    standIn.failNext(1, 503);
    let now = new Date();
    expect(
      await runMetaConversionsOnce(
        { prisma: db.prisma, setup: { graphUrl: graph.url, encryptionKey: KEY } },
        { now: () => now },
      ),
    ).toMatchObject({ retrying: 1 });
    expect(sentFor(order.number)).toEqual([]);
    now = new Date(now.getTime() + 2 * 60_000);
    expect(
      await runMetaConversionsOnce(
        { prisma: db.prisma, setup: { graphUrl: graph.url, encryptionKey: KEY } },
        { now: () => now },
      ),
    ).toMatchObject({ sent: 1 });
    expect(sentFor(order.number)).toHaveLength(1);

    const refused = await paidOrder(await consent(true));
    await db.prisma.analyticsSetting.update({ where: { id: 1 }, data: { metaPixelId: 'not-a-pixel' } });
    expect(await worker()).toMatchObject({ failed: 1 });
    const row = await db.prisma.metaConversion.findUniqueOrThrow({ where: { orderId: refused.id } });
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toContain('HTTP 400');
    expect(MAX_META_CONVERSION_ATTEMPTS).toBeGreaterThan(1);
  });

  it('normalises phone numbers as Meta asks', () => {
    expect(normalizePhone('+36 30 123 4567')).toBe('36301234567');
    expect(normalizePhone('06-30/123-4567')).toBe('36301234567');
    expect(normalizePhone('0036 1 234 5678')).toBe('3612345678');
    expect(normalizePhone('12')).toBeNull();
  });
});
