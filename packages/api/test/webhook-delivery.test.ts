import { createHmac } from 'node:crypto';
import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_ATTEMPTS,
  runWebhooksOnce,
  WEBHOOK_RETENTION_MS,
  webhookBackoffMs,
} from '../src/services/webhooks/delivery-worker';
import { deleteWebhookEndpoint } from '../src/services/webhooks/endpoints';
import { enqueueWebhookEvent } from '../src/services/webhooks/events';
import { RESPONSE_EXCERPT_LENGTH } from '../src/services/webhooks/send';
import { verifyWebhookSignature } from '../src/services/webhooks/signature';
import { PRIVATE_TARGET_REFUSED } from '../src/services/webhooks/target';
import { startWebhookReceiver, type WebhookReceiver } from '../src/testing';

const SECRET = 'whsec_teszt-titok';
const allowLocal = { allowPrivateTargets: true } as const;

let db: Database;
let receiver: WebhookReceiver;

beforeAll(async () => {
  db = await createTestDatabase();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await db?.close();
});
beforeEach(async () => {
  await db.prisma.webhookDelivery.deleteMany();
  await db.prisma.webhookEndpoint.deleteMany();
  receiver.clear();
});

function endpoint(path = '/hook', events = ['stock.changed'], url = `${receiver.url}${path}`) {
  return db.prisma.webhookEndpoint.create({ data: { url, events, secret: SECRET } });
}

function stockEvent(stock = 5) {
  return enqueueWebhookEvent(db.prisma, 'stock.changed', {
    items: [{ product: 1, variant: null, kutiId: 'KB-1', stock }],
  });
}

const onlyDelivery = () => db.prisma.webhookDelivery.findFirstOrThrow();

describe('webhook delivery', () => {
  it('POSTs the stored body as JSON, signed over "<t>.<raw body>" with the endpoint secret, with the event id', async () => {
    await endpoint();
    await stockEvent();
    const before = Math.floor(Date.now() / 1000);

    expect(await runWebhooksOnce(db.prisma, allowLocal)).toEqual({ delivered: 1, failed: 0 });

    const stored = await onlyDelivery();
    const [request] = receiver.received;
    expect(receiver.received).toHaveLength(1);
    expect(request?.path).toBe('/hook');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['webhook-id']).toBe(stored.eventId);
    expect(request?.body).toBe(stored.body);
    const header = String(request?.headers['webhook-signature']);
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
    expect(match, header).not.toBeNull();
    const [, t, v1] = match as RegExpExecArray;
    expect(Number(t)).toBeGreaterThanOrEqual(before);
    expect(Number(t)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    // What a receiver computes, written out independently of the shop's code.
    expect(v1).toBe(createHmac('sha256', SECRET).update(`${t}.${request?.body}`).digest('hex'));
    expect(verifyWebhookSignature(SECRET, header, request?.body ?? '')).toBe(true);
    expect(verifyWebhookSignature('whsec_mas', header, request?.body ?? '')).toBe(false);
    expect(verifyWebhookSignature(SECRET, header, `${request?.body} `)).toBe(false);
    expect(
      verifyWebhookSignature(SECRET, header, request?.body ?? '', {
        now: new Date(Date.now() + 10 * 60_000),
      }),
    ).toBe(false);

    expect(JSON.parse(request?.body ?? '')).toEqual({
      id: stored.eventId,
      event: 'stock.changed',
      createdAt: stored.createdAt.toISOString(),
      data: {
        items: [{ product: 1, variant: null, kutiId: 'KB-1', stock: 5 }],
      },
    });
    expect(stored).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastResponse: 'ok',
    });
    expect(stored.deliveredAt).toBeInstanceOf(Date);
    // Delivered is delivered: never sent again.
    expect(await runWebhooksOnce(db.prisma, allowLocal)).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('retries after a 500 with back-off, the same event id, then delivers', async () => {
    await endpoint();
    await stockEvent();
    receiver.answerWith({ status: 500, body: 'Belső hiba a fogadónál' });
    const now = new Date(Date.now() + 1000);

    expect(await runWebhooksOnce(db.prisma, { ...allowLocal, now: () => now })).toEqual({
      delivered: 0,
      failed: 1,
    });
    const failed = await onlyDelivery();
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastResponse: 'Belső hiba a fogadónál',
    });
    expect(failed.nextAttemptAt.getTime()).toBe(now.getTime() + webhookBackoffMs(1));
    expect(webhookBackoffMs(1)).toBe(60_000);
    expect(webhookBackoffMs(2)).toBe(120_000);

    // Not due yet: nothing is sent.
    const early = new Date(now.getTime() + webhookBackoffMs(1) - 1000);
    expect(await runWebhooksOnce(db.prisma, { ...allowLocal, now: () => early })).toEqual({
      delivered: 0,
      failed: 0,
    });
    expect(receiver.received).toHaveLength(1);

    const due = new Date(now.getTime() + webhookBackoffMs(1));
    expect(await runWebhooksOnce(db.prisma, { ...allowLocal, now: () => due })).toEqual({
      delivered: 1,
      failed: 0,
    });
    expect(await onlyDelivery()).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([
      failed.eventId,
      failed.eventId,
    ]);
    expect(receiver.received[0]?.body).toBe(receiver.received[1]?.body);
  });

  it('gives up after the last attempt, keeping the answer for the log', async () => {
    await endpoint();
    await stockEvent();
    await db.prisma.webhookDelivery.updateMany({ data: { attempts: MAX_ATTEMPTS - 1 } });
    receiver.answerWith({ status: 503, body: 'x'.repeat(5000) });

    await runWebhooksOnce(db.prisma, allowLocal);

    const row = await onlyDelivery();
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastStatusCode: 503 });
    expect(row.lastResponse).toHaveLength(RESPONSE_EXCERPT_LENGTH);
    expect(await runWebhooksOnce(db.prisma, allowLocal)).toEqual({ delivered: 0, failed: 0 });
  });

  it('counts a receiver that does not answer in time, or a redirect, as a failed attempt', async () => {
    await endpoint();
    await stockEvent();
    receiver.answerWith('hang');
    await runWebhooksOnce(db.prisma, { ...allowLocal, timeoutMs: 300 });
    expect(await onlyDelivery()).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect((await onlyDelivery()).lastResponse).toMatch(/Nem érkezett válasz/);

    receiver.answerWith({ status: 302, body: '' });
    await runWebhooksOnce(db.prisma, { ...allowLocal, now: () => new Date(Date.now() + 61_000) });
    expect(await onlyDelivery()).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 302 });
  });

  it('never sends a delivery twice when two workers run at once', async () => {
    const endpoints = await Promise.all(['/a', '/b', '/c'].map((path) => endpoint(path)));
    for (let event = 0; event < 12; event++) await stockEvent(event);
    expect(await db.prisma.webhookDelivery.count()).toBe(36);

    const [first, second] = await Promise.all([
      runWebhooksOnce(db.prisma, { ...allowLocal, batchSize: 4 }),
      runWebhooksOnce(db.prisma, { ...allowLocal, batchSize: 4 }),
    ]);

    expect(first.delivered + second.delivered).toBe(36);
    const sent = receiver.received.map((request) => `${request.path} ${request.headers['webhook-id']}`);
    expect(sent).toHaveLength(36);
    expect(new Set(sent).size).toBe(36);
    expect(await db.prisma.webhookDelivery.count({ where: { status: 'delivered', attempts: 1 } })).toBe(36);
    expect(endpoints).toHaveLength(3);
  });

  it('refuses loopback and private targets unless they are allowed, by address and by name', async () => {
    await endpoint('/ip');
    await endpoint('/name', ['stock.changed'], `${receiver.url.replace('127.0.0.1', 'localhost')}/name`);
    await stockEvent();

    await runWebhooksOnce(db.prisma, { allowPrivateTargets: false });

    expect(receiver.received).toHaveLength(0);
    const rows = await db.prisma.webhookDelivery.findMany();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastResponse: PRIVATE_TARGET_REFUSED });
    }
  });

  it('sends nothing more to a deleted endpoint: its waiting deliveries are given up', async () => {
    const hook = await endpoint();
    await stockEvent();
    await deleteWebhookEndpoint(db.prisma, hook.id);

    expect(await runWebhooksOnce(db.prisma, allowLocal)).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.received).toHaveLength(0);
    expect(await onlyDelivery()).toMatchObject({ status: 'failed', attempts: 0 });
    expect((await db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).secret).toBe('');
    expect(await stockEvent()).toBe(0);
  });

  it('deletes finished deliveries after the retention period, never pending or younger ones', async () => {
    const hook = await endpoint();
    const now = new Date('2026-06-01T12:00:00Z');
    const old = new Date(now.getTime() - WEBHOOK_RETENTION_MS - 60_000);
    const recent = new Date(now.getTime() - WEBHOOK_RETENTION_MS + 60_000);
    const row = (status: 'pending' | 'delivered' | 'failed', createdAt: Date) =>
      db.prisma.webhookDelivery.create({
        data: {
          endpointId: hook.id,
          eventId: crypto.randomUUID(),
          event: 'stock.changed',
          body: '{}',
          status,
          createdAt,
          nextAttemptAt: new Date(now.getTime() + 60_000),
        },
      });
    const oldDelivered = await row('delivered', old);
    const oldFailed = await row('failed', old);
    const oldPending = await row('pending', old);
    const recentDelivered = await row('delivered', recent);

    await runWebhooksOnce(db.prisma, { ...allowLocal, now: () => now });

    const left = (await db.prisma.webhookDelivery.findMany({ select: { id: true } })).map((r) => r.id).sort();
    expect(left).toEqual([oldPending.id, recentDelivered.id].sort());
    expect(left).not.toContain(oldDelivered.id);
    expect(left).not.toContain(oldFailed.id);
  });
});
