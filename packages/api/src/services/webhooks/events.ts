import { randomUUID } from 'node:crypto';
import { Prisma, type PrismaClient } from '@shop/db';
import type { TWebhookAnyEvent, TWebhookEvent, TWebhookEventData } from '../../schemas/webhook';

export { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '../../schemas/webhook';
export type WebhookEvent = TWebhookEvent;

/** A Prisma client or the transaction of the change that causes the event. */
export type WebhookDb = Prisma.TransactionClient | PrismaClient;

/**
 * One event before its `data` is known: the id and time every endpoint's delivery shares, and the
 * JSON around `data`. A writer that computes `data` in SQL (the stock an order left) puts it between
 * `head` and `tail`; the body is always `{"id":…,"event":…,"createdAt":…,"data":…}`.
 */
export type WebhookEnvelope = {
  eventId: string;
  event: TWebhookAnyEvent;
  createdAt: Date;
  head: string;
  tail: string;
};

export function webhookEnvelope(event: TWebhookAnyEvent, createdAt: Date = new Date()): WebhookEnvelope {
  const eventId = randomUUID();
  const head = `{"id":${JSON.stringify(eventId)},"event":${JSON.stringify(event)},"createdAt":${JSON.stringify(createdAt.toISOString())},"data":`;
  return { eventId, event, createdAt, head, tail: '}' };
}

/** The exact JSON every subscriber receives; stored as text and sent byte for byte (the signature covers it). */
export function webhookBody<E extends TWebhookAnyEvent>(
  envelope: WebhookEnvelope,
  data: TWebhookEventData[E],
): string {
  return `${envelope.head}${JSON.stringify(data)}${envelope.tail}`;
}

/**
 * The INSERT … SELECT that queues `envelope` for every live endpoint subscribed to its event, as a
 * fragment a writer can run alone or as a CTE of its own statement. `body` is the JSON text (an SQL
 * value or expression); `when` an extra condition (e.g. "the order was written").
 */
export function queueDeliveriesSql(
  envelope: WebhookEnvelope,
  body: Prisma.Sql,
  when: Prisma.Sql = Prisma.sql`TRUE`,
): Prisma.Sql {
  const at = envelope.createdAt.toISOString();
  return Prisma.sql`
    INSERT INTO "WebhookDelivery" ("endpointId", "eventId", "event", "body", "nextAttemptAt", "createdAt")
    SELECT "id", ${envelope.eventId}, ${envelope.event}, ${body}, ${at}::timestamp, ${at}::timestamp
    FROM "WebhookEndpoint"
    WHERE "deletedAt" IS NULL AND ${envelope.event}::text = ANY ("events") AND ${when}`;
}

/**
 * Queues an event for every live endpoint subscribed to it, inside the caller's transaction, so the
 * deliveries exist exactly when the change that caused them was committed. One INSERT … SELECT:
 * when nobody subscribed (the usual shop) it inserts nothing and costs one small round trip.
 * Answers the number of deliveries queued.
 */
export async function enqueueWebhookEvent<E extends WebhookEvent>(
  db: WebhookDb,
  event: E,
  data: TWebhookEventData[E],
): Promise<number> {
  const envelope = webhookEnvelope(event);
  return db.$executeRaw(queueDeliveriesSql(envelope, Prisma.sql`${webhookBody<E>(envelope, data)}`));
}
