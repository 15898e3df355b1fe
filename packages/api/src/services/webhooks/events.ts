import { randomUUID } from 'node:crypto';
import type { Prisma, PrismaClient } from '@shop/db';
import type { TWebhookEvent } from '../../schemas/webhook';

export { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '../../schemas/webhook';
export type WebhookEvent = TWebhookEvent;

/** A Prisma client or the transaction of the change that causes the event. */
export type WebhookDb = Prisma.TransactionClient | PrismaClient;

/** One event as it is delivered: the id and body shared by every endpoint's delivery of it. */
export type WebhookMessage = { eventId: string; event: string; createdAt: Date; body: string };

/**
 * Builds the exact JSON every subscriber receives, `{id, event, createdAt, data}`. It is stored as
 * text and sent byte for byte, because the signature covers these bytes.
 */
export function buildWebhookMessage(
  event: string,
  data: unknown,
  createdAt: Date = new Date(),
): WebhookMessage {
  const eventId = randomUUID();
  const body = JSON.stringify({ id: eventId, event, createdAt: createdAt.toISOString(), data });
  return { eventId, event, createdAt, body };
}

/**
 * Queues an event for every live endpoint subscribed to it, inside the caller's transaction, so the
 * deliveries exist exactly when the change that caused them was committed. One INSERT … SELECT:
 * when nobody subscribed (the usual shop) it inserts nothing and costs one small round trip.
 * Answers the number of deliveries queued.
 */
export async function enqueueWebhookEvent(
  db: WebhookDb,
  event: WebhookEvent,
  data: unknown,
): Promise<number> {
  const message = buildWebhookMessage(event, data);
  const at = message.createdAt.toISOString();
  return db.$executeRaw`
    INSERT INTO "WebhookDelivery" ("endpointId", "eventId", "event", "body", "nextAttemptAt", "createdAt")
    SELECT "id", ${message.eventId}, ${message.event}, ${message.body}, ${at}::timestamp, ${at}::timestamp
    FROM "WebhookEndpoint"
    WHERE "deletedAt" IS NULL AND ${message.event}::text = ANY ("events")`;
}
