import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '@shop/db';
import type { z } from 'zod';
import { DomainError } from '../../errors';
import {
  type TWebhookCreateInput,
  type TWebhookCreateOutput,
  type TWebhookDelivery,
  type TWebhookDeliveryListOutput,
  type TWebhookEndpoint,
  type TWebhookEvent,
  type TWebhookTestOutput,
  WEBHOOK_TEST_EVENT,
  type ZWebhookDeliveryListInput,
} from '../../schemas/webhook';
import { attemptDelivery, ENDPOINT_DELETED } from './delivery-worker';
import { webhookBody, webhookEnvelope } from './events';
import { type WebhookTargetPolicy, webhookUrlRefusal } from './target';

export const WEBHOOK_NOT_FOUND = 'A webhook-végpont nem található.';
/** Every event is sent to every subscriber; a handful of integrations is plenty, hundreds would be a mistake. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
const TOO_MANY = `Legfeljebb ${MAX_WEBHOOK_ENDPOINTS} webhook-végpont lehet; törölj egy nem használtat!`;
/** Keeps a test delivery away from the worker while the request sends it itself. */
const TEST_SEND_LEASE_MS = 5 * 60_000;

const endpointSelect = { id: true, url: true, events: true, createdAt: true } as const;

function toEndpointDto(row: {
  id: number;
  url: string;
  events: string[];
  createdAt: Date;
}): TWebhookEndpoint {
  return { ...row, events: row.events as TWebhookEvent[], createdAt: row.createdAt.toISOString() };
}

/** GET /api/webhook: the live endpoints, newest first; never their secrets. */
export async function listWebhookEndpoints(prisma: PrismaClient): Promise<TWebhookEndpoint[]> {
  const rows = await prisma.webhookEndpoint.findMany({
    where: { deletedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: endpointSelect,
  });
  return rows.map(toEndpointDto);
}

/** A signing secret: 32 random bytes, prefixed so a leaked one is recognisable. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** POST /api/webhook: answers the secret this once; the list never shows it again. */
export async function createWebhookEndpoint(
  prisma: PrismaClient,
  input: TWebhookCreateInput,
  policy: WebhookTargetPolicy,
): Promise<TWebhookCreateOutput> {
  const refusal = webhookUrlRefusal(input.url, policy);
  if (refusal) {
    throw new DomainError('invalid_input', `Hibás adat: url – ${refusal}`, [
      { path: 'url', message: refusal },
    ]);
  }
  return prisma.$transaction(async (tx) => {
    // Serialises creations, so two at once cannot both pass the limit.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('webhook-endpoint-create'))`;
    const live = await tx.webhookEndpoint.count({ where: { deletedAt: null } });
    if (live >= MAX_WEBHOOK_ENDPOINTS) throw new DomainError('conflict', TOO_MANY);
    const secret = newSecret();
    const row = await tx.webhookEndpoint.create({
      data: { url: input.url, events: [...new Set(input.events)], secret },
      select: { id: true },
    });
    return { id: row.id, secret };
  });
}

/**
 * DELETE /api/webhook/{id}: the endpoint receives nothing more (its waiting deliveries are given up)
 * and its secret is wiped; its delivery log stays until it ages out. Deleting it again changes nothing.
 */
export async function deleteWebhookEndpoint(prisma: PrismaClient, id: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id, deletedAt: null },
      data: { deletedAt: new Date(), secret: '' },
    });
    if (count === 0) {
      if (await tx.webhookEndpoint.count({ where: { id } })) return;
      throw new DomainError('not_found', WEBHOOK_NOT_FOUND);
    }
    await tx.webhookDelivery.updateMany({
      where: { endpointId: id, status: 'pending' },
      data: { status: 'failed', lastResponse: ENDPOINT_DELETED },
    });
  });
}

const deliverySelect = {
  id: true,
  eventId: true,
  event: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastStatusCode: true,
  lastResponse: true,
  deliveredAt: true,
  createdAt: true,
  body: true,
} satisfies Prisma.WebhookDeliverySelect;

type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof deliverySelect }>;

function toDeliveryDto(row: DeliveryRow): TWebhookDelivery {
  return {
    ...row,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function requireEndpoint(db: PrismaClient, id: number, { live }: { live: boolean }) {
  const endpoint = await db.webhookEndpoint.findUnique({
    where: { id },
    select: { id: true, url: true, secret: true, deletedAt: true },
  });
  if (!endpoint || (live && endpoint.deletedAt)) throw new DomainError('not_found', WEBHOOK_NOT_FOUND);
  return endpoint;
}

/** GET /api/webhook/{id}/delivery: one endpoint's delivery log, newest first, paged. */
export async function listWebhookDeliveries(
  prisma: PrismaClient,
  input: z.output<typeof ZWebhookDeliveryListInput>,
): Promise<TWebhookDeliveryListOutput> {
  await requireEndpoint(prisma, input.id, { live: false });
  const where: Prisma.WebhookDeliveryWhereInput = {
    endpointId: input.id,
    ...(input.status ? { status: input.status } : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.webhookDelivery.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
      select: deliverySelect,
    }),
    prisma.webhookDelivery.count({ where }),
  ]);
  return { items: rows.map(toDeliveryDto), total, page: input.page, pageSize: input.pageSize };
}

export const DELIVERY_NOT_FOUND = 'Nincs ilyen kézbesítés ennél a végpontnál.';
export const DELIVERY_ALREADY_DELIVERED = 'Ez a kézbesítés sikerült, nincs mit újraküldeni.';

/**
 * POST /api/webhook/{id}/delivery/{delivery}/redeliver: a failed delivery goes back to the queue with
 * a fresh round of attempts, the same event id and the same bytes (re-signed when sent), so a receiver
 * that got it after all drops the repeat. One still waiting stays as it is, so pressing twice queues it
 * once; a delivered one is refused (409).
 */
export async function redeliverWebhook(
  prisma: PrismaClient,
  input: { id: number; delivery: number },
): Promise<TWebhookDelivery> {
  await requireEndpoint(prisma, input.id, { live: true });
  await prisma.webhookDelivery.updateMany({
    where: { id: input.delivery, endpointId: input.id, status: 'failed' },
    data: { status: 'pending', attempts: 0, nextAttemptAt: new Date() },
  });
  const row = await prisma.webhookDelivery.findFirst({
    where: { id: input.delivery, endpointId: input.id },
    select: deliverySelect,
  });
  if (!row) throw new DomainError('not_found', DELIVERY_NOT_FOUND);
  if (row.status === 'delivered') throw new DomainError('conflict', DELIVERY_ALREADY_DELIVERED);
  return toDeliveryDto(row);
}

export const TEST_MESSAGE = 'Teszt a webáruház adminjából: ha ezt olvasod, a webhook működik.';

/**
 * POST /api/webhook/{id}/test: a `webhook.test` delivery to this endpoint alone, sent during the
 * request so the admin sees the answer at once. It is logged like any delivery, but not retried:
 * after one failed attempt it is failed, and the admin presses the button again.
 */
export async function sendTestWebhook(
  prisma: PrismaClient,
  id: number,
  policy: WebhookTargetPolicy & { timeoutMs?: number },
): Promise<TWebhookTestOutput> {
  const endpoint = await requireEndpoint(prisma, id, { live: true });
  const envelope = webhookEnvelope(WEBHOOK_TEST_EVENT);
  const body = webhookBody<typeof WEBHOOK_TEST_EVENT>(envelope, { message: TEST_MESSAGE });
  const created = await prisma.webhookDelivery.create({
    data: {
      endpointId: endpoint.id,
      eventId: envelope.eventId,
      event: envelope.event,
      body,
      createdAt: envelope.createdAt,
      nextAttemptAt: new Date(envelope.createdAt.getTime() + TEST_SEND_LEASE_MS),
    },
    select: { id: true },
  });
  await attemptDelivery(
    prisma,
    { id: created.id, eventId: envelope.eventId, body, attempts: 0, endpoint },
    { ...policy, now: () => new Date(), finalOnFailure: true },
  );
  const row = await prisma.webhookDelivery.findUniqueOrThrow({
    where: { id: created.id },
    select: deliverySelect,
  });
  return {
    delivered: row.status === 'delivered',
    statusCode: row.lastStatusCode,
    response: row.lastResponse,
    delivery: toDeliveryDto(row),
  };
}
