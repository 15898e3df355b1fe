import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueWebhookEvent } from '../src/services/webhooks/events';

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});
beforeEach(async () => {
  await db.prisma.webhookEndpoint.deleteMany();
});

function endpoint(events: string[], deletedAt: Date | null = null) {
  return db.prisma.webhookEndpoint.create({
    data: { url: 'https://erp.example.hu/hook', events, secret: 'titok', deletedAt },
  });
}

const paid = {
  order: { id: 7, number: '2026-000007' },
  paymentProvider: 'barion',
  amount: 12_990,
  paidAt: '2026-11-24T10:00:00.000Z',
} as const;

describe('enqueueWebhookEvent', () => {
  it('queues one delivery per live subscribed endpoint, sharing the event id and the exact body', async () => {
    const first = await endpoint(['order.created', 'order.paid']);
    const second = await endpoint(['order.paid']);
    await endpoint(['order.created']);
    await endpoint(['order.paid'], new Date());

    const queued = await db.prisma.$transaction((tx) => enqueueWebhookEvent(tx, 'order.paid', paid));

    expect(queued).toBe(2);
    const rows = await db.prisma.webhookDelivery.findMany({ orderBy: { endpointId: 'asc' } });
    expect(rows.map((row) => row.endpointId)).toEqual([first.id, second.id]);
    const [a, b] = rows;
    expect(a?.eventId).toBe(b?.eventId);
    expect(a?.body).toBe(b?.body);
    expect(a).toMatchObject({ event: 'order.paid', status: 'pending', attempts: 0 });
    const body = JSON.parse(a?.body ?? '');
    expect(Object.keys(body)).toEqual(['id', 'event', 'createdAt', 'data']);
    expect(body).toEqual({
      id: a?.eventId,
      event: 'order.paid',
      createdAt: a?.createdAt.toISOString(),
      data: paid,
    });
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('queues nothing when nobody subscribed, and nothing when the transaction rolls back', async () => {
    expect(await enqueueWebhookEvent(db.prisma, 'stock.changed', { items: [] })).toBe(0);
    await endpoint(['stock.changed']);
    await expect(
      db.prisma.$transaction(async (tx) => {
        await enqueueWebhookEvent(tx, 'stock.changed', { items: [] });
        throw new Error('visszagörgetés');
      }),
    ).rejects.toThrow('visszagörgetés');
    expect(await db.prisma.webhookDelivery.count()).toBe(0);
  });
});
