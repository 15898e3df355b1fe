import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BarionConfig } from '../src/services/payments/barion-client';
import { BARION_STAND_IN_POS_KEY } from '../src/services/payments/barion-config';
import { type SyncOutcome, syncBarionPayment } from '../src/services/payments/barion-sync';
import { type StartedBarionStandIn, startBarionStandIn } from '../src/stand-ins/barion';
import { type Caller, callerFor } from './factories';
import { createShop, orderInput, PAYEE, type Shop } from './order-fixtures';

const SUCCESS_CARD = '4444 8888 8888 5559';

let db: Database;
let shop: Shop;
let barion: { stand: StartedBarionStandIn; config: BarionConfig };
let guest: Caller;
// The stand-in's clock stands still unless a test moves it, so its 5-second window of two state answers
// per payment (Barion's rule) tells exactly how often the shop asked within it.
let clock = Date.now();

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  const stand = await startBarionStandIn({
    posKey: BARION_STAND_IN_POS_KEY,
    retryDelaysMs: [50],
    now: () => clock,
  });
  barion = { stand, config: { apiUrl: stand.url, posKey: BARION_STAND_IN_POS_KEY, payee: PAYEE } };
  guest = await callerFor(db.prisma, { barion: barion.config });
});
afterAll(async () => {
  await barion?.stand.close();
  await db?.close();
});

async function cardOrder() {
  const placed = await guest.cart.order(
    orderInput(shop, {
      cart: [{ product: shop.products.mug, quantity: 1 }],
      paymentMethod: shop.payment.card,
    }),
  );
  return { order: placed.order, accessKey: placed.accessKey!, paymentId: placed.payment!.paymentId };
}

/** 200 callbacks, twenty at a time, as the security test sent them. */
async function flood(paymentId: string): Promise<SyncOutcome[]> {
  const outcomes: SyncOutcome[] = [];
  for (let batch = 0; batch < 10; batch++) {
    outcomes.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, () =>
          syncBarionPayment({ prisma: db.prisma, barion: barion.config }, paymentId, { callback: true }),
        ),
      )),
    );
  }
  return outcomes;
}

/** The answers Barion still gives in the current window: 2 less the shop's questions (then 429). */
async function stateAnswersLeft(paymentId: string): Promise<number> {
  let answered = 0;
  for (let ask = 0; ask < 3; ask++) {
    const response = await fetch(`${barion.stand.url}/v4/Payment/${paymentId}/PaymentState`, {
      headers: { 'x-pos-key': barion.config.posKey },
    });
    if (response.status === 200) answered++;
  }
  return answered;
}

const timeline = async (paymentId: string) =>
  (
    await db.prisma.payment.findUniqueOrThrow({
      where: { providerPaymentId: paymentId },
      select: { events: { orderBy: { id: 'asc' }, select: { kind: true, detail: true } } },
    })
  ).events;

/** As if the shop's last question was asked more than 5 seconds ago, on both clocks. */
async function fiveSecondsLater(paymentId: string) {
  clock += 5_001;
  await db.prisma.payment.update({
    where: { providerPaymentId: paymentId },
    data: { stateCheckedAt: new Date(Date.now() - 6_000) },
  });
}

describe('forged and replayed Barion callbacks', () => {
  it('cost one state question per payment in 5 seconds and one timeline row, however many arrive', async () => {
    const { order, accessKey, paymentId } = await cardOrder();
    clock += 5_001;
    // The shop's clock stands still too, so however slowly the machine runs the flood it stays within 5 s.
    vi.useFakeTimers({ toFake: ['Date'] });
    const outcomes = await flood(paymentId).finally(() => vi.useRealTimers());
    expect(outcomes.filter((outcome) => outcome !== 'asked' && outcome !== 'busy')).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === 'busy').length).toBeGreaterThan(150);
    // Barion answered the shop once: one of its two answers in the window is left.
    expect(await stateAnswersLeft(paymentId)).toBe(1);

    // A callback row before and after the one state answer, the 200 callbacks counted on them.
    const events = await timeline(paymentId);
    expect(events.map((event) => event.kind)).toEqual(['start', 'callback', 'state', 'callback']);
    const counted = events
      .filter((event) => event.kind === 'callback')
      .reduce((sum, event) => sum + 1 + ((event.detail as { repeats?: number }).repeats ?? 0), 0);
    expect(counted).toBe(200);
    expect((await guest.order.byId({ id: order.id, key: accessKey })).status).toBe('awaiting_payment');
  });

  it('settle a paid payment once, and then ask Barion nothing more unless a refund is under way', async () => {
    const { order, accessKey, paymentId } = await cardOrder();
    barion.stand.standIn.payWithCard(paymentId, SUCCESS_CARD);
    await fiveSecondsLater(paymentId);
    expect(
      await syncBarionPayment({ prisma: db.prisma, barion: barion.config }, paymentId, { callback: true }),
    ).toBe('asked');
    expect(await guest.order.byId({ id: order.id, key: accessKey })).toMatchObject({
      status: 'received',
      paidStatus: 'paid',
      paidTotal: order.total,
    });

    clock += 5_001;
    const outcomes = await flood(paymentId);
    expect(new Set(outcomes)).toEqual(new Set(['settled']));
    expect(await stateAnswersLeft(paymentId)).toBe(2);
    const events = await timeline(paymentId);
    expect(events.map((event) => event.kind)).toEqual(['start', 'callback', 'state', 'callback']);
    expect(events[3]?.detail).toMatchObject({ repeats: 199 });
    expect(
      await db.prisma.emailOutbox.count({
        where: { templateKey: 'payment_succeeded', subject: { contains: order.number } },
      }),
    ).toBe(1);

    // Barion calls back for a refund too (the payment stays Succeeded): then it is worth a look.
    const payment = await db.prisma.payment.findUniqueOrThrow({ where: { providerPaymentId: paymentId } });
    await db.prisma.refund.create({
      data: { orderId: order.id, paymentId: payment.id, provider: 'barion', status: 'pending', amount: 100 },
    });
    await fiveSecondsLater(paymentId);
    expect(
      await syncBarionPayment({ prisma: db.prisma, barion: barion.config }, paymentId, { callback: true }),
    ).toBe('asked');
    expect(await stateAnswersLeft(paymentId)).toBe(1);
    expect((await guest.order.byId({ id: order.id, key: accessKey })).paidTotal).toBe(order.total);
  });
});
