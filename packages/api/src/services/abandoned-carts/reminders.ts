import type { Prisma, PrismaClient } from '@shop/db';
import { escapeHtml } from '../../html-escape';
import type {
  TAbandonedCartSettings,
  TAbandonedCartSettingsInput,
  TAbandonedCartStats,
  TRestoredCartLine,
} from '../../schemas/abandoned-cart';
import { composeEmail, loadEmailTemplate } from '../email/outbox';
import { htmlToText } from '../email/render';
import { type MailQueueWorkerOptions, startMailQueueWorker } from '../email/templated-mail';
import { enqueueMarketingEmail } from '../newsletter/marketing-mail';
import type { PeriodicWorker } from '../periodic-worker';
import { generateToken, hashToken } from '../session';

/**
 * The reminder of a left cart (#29). The rules, each tested in test/abandoned-cart*.test.ts:
 *
 * 1. Only while the admin's switch is on (AbandonedCartSetting, on by default), and only once
 *    `delayHours` (4 by default) have passed since the cart last changed. A cart last changed more than
 *    REMINDER_WINDOW_DAYS before that is let go, so switching the reminder on does not mail every old cart.
 * 2. Only with consent: the address must hold a confirmed newsletter subscription (double opt-in), and the
 *    message goes through enqueueMarketingEmail, which refuses any other address, adds the one-click
 *    unsubscribe, and is asked again by the outbox just before sending. A signed-in shopper's cart is the
 *    server cart of their account; a guest's is the copy saved at checkout when they asked for the
 *    newsletter with reminders (guest-carts.ts).
 * 3. Never after an order: no order from the account or the address since the cart began (its oldest line,
 *    or a guest cart's first save).
 * 4. Never twice for a cart: one statement inserts the cart's AbandonedCartReminder row, whose unique
 *    `cartKey` is the claim, and the same transaction queues the e-mail. A signed-in cart is the same cart
 *    while any line of it is older than its last reminder; only a cart emptied and filled again is new. A
 *    guest's saved copy is deleted by its reminder, so only a new save at checkout starts a new cart. A
 *    guest who signs in takes the cart into the account, so an address reminded since a cart began is
 *    not reminded of it again from the other side.
 * 5. The e-mail's link carries a random token; the row keeps its SHA-256, and the token does one thing:
 *    it gives back the cart's lines for RESTORE_LINK_DAYS (guest-carts.ts).
 */

type Deps = { prisma: PrismaClient };

export const ABANDONED_CART_TEMPLATE = 'abandoned_cart';
/** The storefront page the restore link opens (apps/web routes/_visitor-index/hirlevel/kosar). */
export const RESTORE_PATH = '/hirlevel/kosar';
export const REMINDER_WINDOW_DAYS = 7;
/** How long after the reminder an order counts as recovered from it. */
export const RECOVERY_WINDOW_DAYS = 7;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const DEFAULT_INTERVAL_MS = 10 * 60_000;
const DEFAULT_BATCH_SIZE = 100;
const DEFAULT_SETTINGS: TAbandonedCartSettings = { enabled: true, delayHours: 4 };

export async function getAbandonedCartSettings(deps: Deps): Promise<TAbandonedCartSettings> {
  const row = await deps.prisma.abandonedCartSetting.findUnique({
    where: { id: 1 },
    select: { enabled: true, delayHours: true },
  });
  return row ?? DEFAULT_SETTINGS;
}

export async function updateAbandonedCartSettings(
  deps: Deps,
  input: TAbandonedCartSettingsInput,
): Promise<TAbandonedCartSettings> {
  return deps.prisma.abandonedCartSetting.upsert({
    where: { id: 1 },
    create: { id: 1, ...input },
    update: input,
    select: { enabled: true, delayHours: true },
  });
}

/** Lines as stored (the guest cart's format); anything else in the JSON is dropped. */
export function storedLines(value: Prisma.JsonValue): TRestoredCartLine[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return [];
    const { product, variant, quantity } = item as Record<string, unknown>;
    if (!Number.isInteger(product) || !Number.isInteger(quantity) || (quantity as number) < 1) return [];
    const line = { product: product as number, quantity: quantity as number };
    return Number.isInteger(variant) ? [{ ...line, variant: variant as number }] : [line];
  });
}

type DueCart = {
  cartKey: string;
  userId: number | null;
  guestCartId: number | null;
  email: string;
  firstName: string | null;
  /** When the cart began: its oldest line, or a guest cart's first save. */
  startedAt: Date;
  lines: TRestoredCartLine[];
};

/** Signed-in shoppers' server carts due for a reminder (rules 1–4). */
async function dueServerCarts(
  prisma: PrismaClient,
  dueBefore: Date,
  tooOld: Date,
  limit: number,
): Promise<DueCart[]> {
  const rows = await prisma.$queryRaw<
    {
      userId: number;
      email: string;
      firstName: string;
      startedAt: Date;
      lines: { product: number; variant: number | null; quantity: number }[];
    }[]
  >`
    SELECT c."userId", lower(btrim(u.email)) AS email, u."firstName", min(l."addedAt") AS "startedAt",
      json_agg(json_build_object('product', l."productId", 'variant', l."variantId", 'quantity', l.quantity)
        ORDER BY l."addedAt", l.id) AS lines
    FROM "Cart" c
    JOIN "User" u ON u.id = c."userId"
    JOIN "CartLine" l ON l."cartId" = c.id
    WHERE u."anonymizedAt" IS NULL
      AND c."updatedAt" <= ${dueBefore.toISOString()}::timestamp
      AND EXISTS (
        SELECT 1 FROM "NewsletterSubscription" s
        WHERE s.email = lower(btrim(u.email)) AND s.status = 'confirmed'
      )
    GROUP BY c.id, u.id
    HAVING max(l."addedAt") <= ${dueBefore.toISOString()}::timestamp
      AND greatest(max(l."addedAt"), c."updatedAt") > ${tooOld.toISOString()}::timestamp
      AND NOT EXISTS (
        SELECT 1 FROM "Order" o
        WHERE (o."userId" = c."userId" OR lower(o.email) = lower(btrim(u.email)))
          AND o."createdAt" >= min(l."addedAt")
      )
      AND NOT EXISTS (
        SELECT 1 FROM "AbandonedCartReminder" r
        WHERE (r."userId" = c."userId" OR r.email = lower(btrim(u.email))) AND r."remindedAt" >= min(l."addedAt")
      )
    ORDER BY c."userId"
    LIMIT ${limit}::int`;
  return rows.map((row) => ({
    cartKey: `user:${row.userId}:${new Date(row.startedAt).toISOString()}`,
    userId: Number(row.userId),
    guestCartId: null,
    email: row.email,
    firstName: row.firstName,
    startedAt: new Date(row.startedAt),
    lines: storedLines(row.lines as unknown as Prisma.JsonValue),
  }));
}

/** Guests' carts saved at checkout and due for a reminder (rules 1–4). */
async function dueGuestCarts(
  prisma: PrismaClient,
  dueBefore: Date,
  tooOld: Date,
  limit: number,
): Promise<DueCart[]> {
  const rows = await prisma.$queryRaw<
    { id: number; email: string; startedAt: Date; lines: Prisma.JsonValue }[]
  >`
    SELECT g.id, g.email, g."startedAt", g.lines
    FROM "GuestCartSnapshot" g
    WHERE g."updatedAt" <= ${dueBefore.toISOString()}::timestamp
      AND g."updatedAt" > ${tooOld.toISOString()}::timestamp
      AND EXISTS (
        SELECT 1 FROM "NewsletterSubscription" s WHERE s.email = g.email AND s.status = 'confirmed'
      )
      AND NOT EXISTS (
        SELECT 1 FROM "Order" o WHERE lower(o.email) = g.email AND o."createdAt" >= g."startedAt"
      )
      -- A guest who signed in took the cart into the account: if that cart was reminded, this one was.
      AND NOT EXISTS (
        SELECT 1 FROM "AbandonedCartReminder" r WHERE r.email = g.email AND r."remindedAt" >= g."startedAt"
      )
    ORDER BY g.id
    LIMIT ${limit}::int`;
  return rows.map((row) => ({
    cartKey: `guest:${row.id}`,
    userId: null,
    guestCartId: Number(row.id),
    email: row.email,
    firstName: null,
    startedAt: new Date(row.startedAt),
    lines: storedLines(row.lines),
  }));
}

/** The products' Hungarian titles (the slug where a product has none). */
async function productTitles(prisma: PrismaClient, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await prisma.$queryRaw<{ id: number; title: string }[]>`
    SELECT p.id, coalesce((SELECT d.title FROM "Description" d WHERE d."productId" = p.id
      ORDER BY (d.language = 'hu') DESC, d.id LIMIT 1), p.slug) AS title
    FROM "Product" p WHERE p.id = ANY(${ids}::int[])`;
  return new Map(rows.map((row) => [Number(row.id), row.title]));
}

/** Thrown inside a claim's transaction to take the claim back when the address may not be mailed. */
class NoConsent extends Error {}

export type CartReminderRunResult = { queued: number };

/** Claims due carts and queues their reminders, one transaction per cart (rules 1–5). */
export async function sendCartRemindersOnce(
  { prisma, publicUrl }: Deps & { publicUrl: string },
  { now = new Date(), batchSize = DEFAULT_BATCH_SIZE }: { now?: Date; batchSize?: number } = {},
): Promise<CartReminderRunResult> {
  const settings = await getAbandonedCartSettings({ prisma });
  const dueBefore = new Date(now.getTime() - settings.delayHours * HOUR_MS);
  const tooOld = new Date(dueBefore.getTime() - REMINDER_WINDOW_DAYS * DAY_MS);
  // A guest's saved cart is personal data kept only for its reminder: past the window it is of no use.
  await prisma.guestCartSnapshot.deleteMany({ where: { updatedAt: { lte: tooOld } } });
  if (!settings.enabled) return { queued: 0 };

  const due = [
    ...(await dueServerCarts(prisma, dueBefore, tooOld, batchSize)),
    ...(await dueGuestCarts(prisma, dueBefore, tooOld, batchSize)),
  ].filter((cart) => cart.lines.length > 0);
  if (due.length === 0) return { queued: 0 };

  const template = await loadEmailTemplate(prisma, ABANDONED_CART_TEMPLATE);
  const shopUrl = publicUrl.replace(/\/+$/, '');
  const titles = await productTitles(prisma, [
    ...new Set(due.flatMap((cart) => cart.lines.map((line) => line.product))),
  ]);

  let queued = 0;
  for (const cart of due) {
    const token = generateToken();
    try {
      const claimed = await prisma.$transaction(async (tx) => {
        // Rule 4 across an account's and a guest's cart of one address, due in the same run or on two
        // servers at once: one at a time per address, and none if the address was reminded since.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`cart-reminder:${cart.email}`}))`;
        const since = await tx.abandonedCartReminder.count({
          where: { email: cart.email, remindedAt: { gte: cart.startedAt } },
        });
        if (since > 0) {
          if (cart.guestCartId !== null) {
            await tx.guestCartSnapshot.deleteMany({ where: { id: cart.guestCartId } });
          }
          return false;
        }
        const rows = await tx.$queryRaw<{ id: number }[]>`
          INSERT INTO "AbandonedCartReminder" ("cartKey", "userId", email, lines, "tokenHash", "remindedAt")
          VALUES (${cart.cartKey}, ${cart.userId}::int, ${cart.email}, ${JSON.stringify(cart.lines)}::jsonb,
            ${hashToken(token)}, ${now.toISOString()}::timestamp)
          ON CONFLICT ("cartKey") DO NOTHING
          RETURNING id`;
        if (rows.length === 0) return false;
        if (cart.guestCartId !== null) {
          await tx.guestCartSnapshot.deleteMany({ where: { id: cart.guestCartId } });
        }
        const listHtml = `<ul>${cart.lines
          .map((line) => `<li>${escapeHtml(titles.get(line.product) ?? 'Termék')} – ${line.quantity} db</li>`)
          .join('')}</ul>`;
        const { message } = composeEmail(template, {
          templateKey: ABANDONED_CART_TEMPLATE,
          to: cart.email,
          variables: {
            firstName: cart.firstName ?? 'Vásárlónk',
            cartProducts: { html: listHtml, text: htmlToText(listHtml) },
            restoreLink: `${shopUrl}${RESTORE_PATH}?token=${token}`,
            shopUrl,
          },
        });
        const outbox = await enqueueMarketingEmail(
          tx,
          {
            to: message.to,
            subject: message.subject,
            html: message.html,
            text: message.text,
            kind: ABANDONED_CART_TEMPLATE,
          },
          shopUrl,
        );
        if (!outbox) throw new NoConsent();
        return true;
      });
      if (claimed) queued++;
    } catch (error) {
      if (!(error instanceof NoConsent)) throw error;
    }
  }
  return { queued };
}

/** Reminded, restored and recovered carts, all time (the admin's newsletter page). */
export async function abandonedCartStats(deps: Deps): Promise<TAbandonedCartStats> {
  const rows = await deps.prisma.$queryRaw<{ reminded: number; restored: number; recovered: number }[]>`
    SELECT count(*)::int AS reminded,
      count(r."restoredAt")::int AS restored,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM "Order" o JOIN "OrderLine" ol ON ol."orderId" = o.id
        WHERE (o."userId" = r."userId" OR lower(o.email) = r.email)
          AND o."createdAt" > r."remindedAt"
          AND o."createdAt" <= r."remindedAt" + make_interval(days => ${RECOVERY_WINDOW_DAYS}::int)
          AND o.status NOT IN ('cancelled', 'payment_failed')
          AND ol."productId" IN (SELECT (e->>'product')::int FROM jsonb_array_elements(r.lines) e)
      ))::int AS recovered
    FROM "AbandonedCartReminder" r`;
  const row = rows[0];
  return {
    reminded: Number(row?.reminded ?? 0),
    restored: Number(row?.restored ?? 0),
    recovered: Number(row?.recovered ?? 0),
  };
}

export type CartReminderWorker = PeriodicWorker<CartReminderRunResult>;

export function startCartReminderWorker(options: MailQueueWorkerOptions): CartReminderWorker {
  return startMailQueueWorker(options, {
    runOnce: (deps) => sendCartRemindersOnce(deps),
    defaultIntervalMs: DEFAULT_INTERVAL_MS,
    queued: 'Kosáremlékeztetők a levelek között',
    failed: 'A kosáremlékeztetők küldése nem sikerült',
  });
}
