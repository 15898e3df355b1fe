import type { Prisma, PrismaClient } from '@shop/db';
import type { TNewsletterSendInput } from '../../schemas/newsletter';
import { escapeHtml, htmlToText } from '../email';
import { queueInBatches } from '../email/templated-mail';
import { sanitizeHtml } from '../html-sanitize';
import { generateToken, hashToken } from '../session';
import { ONE_CLICK_PATH, UNSUBSCRIBE_PATH } from './subscriptions';

/**
 * The one way a marketing e-mail (a newsletter, an offer: anything the shop sends to advertise, Grt. 6. §)
 * reaches the outbox.
 *
 * 1. It goes only to an address whose subscription is confirmed; for any other address nothing is queued.
 * 2. Every message gets its own unsubscribe link, visible at its end, and the same link in the
 *    `List-Unsubscribe` header with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), so
 *    a mail client's "unsubscribe" button works with one POST and no page.
 * 3. The outbox asks rule 1 again just before it sends (send-gate.ts), so a withdrawal between queueing
 *    and sending is honoured.
 */

export type MarketingEmail = {
  to: string;
  subject: string;
  /** Safe HTML: sanitized or rendered from a template. */
  html: string;
  /** The plain-text alternative; made from the HTML when left out. */
  text?: string;
  /** Stored as the outbox row's template key, so the admin's outbox tells the kinds apart. */
  kind: string;
};

const FOOTER_TEXT =
  'Azért kaptad ezt a levelet, mert feliratkoztál a hírlevelünkre. Leiratkozás egy kattintással:';

/**
 * The HTML after a message's own, up to the token of its unsubscribe link: the same in every message of
 * a newsletter, so the message's HTML and this tell which newsletter an outbox row is (sendNewsletter).
 */
function footerHtmlBeforeToken(publicUrl: string): string {
  const pageLink = `${publicUrl}${UNSUBSCRIBE_PATH}?token=`;
  return `<hr><p style="font-size:12px;color:#555">${escapeHtml(FOOTER_TEXT)} <a href="${escapeHtml(pageLink)}`;
}

/** The message with its unsubscribe link at the end and in the RFC 8058 headers (rule 2). */
function withUnsubscribeLink(
  message: Omit<MarketingEmail, 'to'>,
  to: string,
  token: string,
  publicUrl: string,
) {
  const pageLink = `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
  const oneClick = `${publicUrl}${ONE_CLICK_PATH}/${encodeURIComponent(token)}`;
  return {
    to,
    subject: message.subject,
    html: `${message.html}${footerHtmlBeforeToken(publicUrl)}${escapeHtml(encodeURIComponent(token))}">Leiratkozom a hírlevélről</a></p>`,
    text: `${message.text ?? htmlToText(message.html)}\n\n--\n${FOOTER_TEXT}\n${pageLink}\n`,
    templateKey: message.kind,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  } satisfies Prisma.EmailOutboxCreateManyInput;
}

/** Queues `message` (rule 1 and 2), in the caller's transaction; null when the address may not get it. */
export async function enqueueMarketingEmail(
  db: Prisma.TransactionClient | PrismaClient,
  message: MarketingEmail,
  publicUrl: string,
): Promise<{ id: number } | null> {
  const to = message.to.trim().toLowerCase();
  const subscription = await db.newsletterSubscription.findUnique({
    where: { email: to },
    select: { id: true, status: true },
  });
  if (subscription?.status !== 'confirmed') return null;
  const token = generateToken();
  await db.newsletterUnsubscribeToken.create({
    data: { tokenHash: hashToken(token), subscriptionId: subscription.id },
    select: { tokenHash: true },
  });
  return db.emailOutbox.create({
    data: withUnsubscribeLink(message, to, token, publicUrl),
    select: { id: true },
  });
}

/** The outbox key of a newsletter sent from the admin. */
export const NEWSLETTER_KIND = 'newsletter';

/** Subscribers queued per transaction: a few statements each, whatever the size of the list. */
export const NEWSLETTER_CHUNK_SIZE = 500;

/**
 * POST /api/newsletter/send: the admin's newsletter to every confirmed subscriber. The list is read and
 * queued a chunk at a time, each chunk's unsubscribe tokens and outbox rows written together in a short
 * transaction of its own, so a long list holds no transaction open for minutes. Someone who unsubscribes
 * after their chunk was queued is still not mailed: the outbox checks the subscription again just before
 * sending (send-gate.ts).
 *
 * A send cut off after some chunks (a lost connection, a restarted server) is finished by sending the
 * same newsletter again: a chunk leaves out the subscribers for whom the outbox already holds it (the
 * same subject, and the same sanitized HTML up to the token of its unsubscribe link), so nobody gets it
 * twice. Two sends of it at the same moment take their chunks in turn (an advisory lock on the
 * subject), so the second one sees what the first queued. The outbox keeps a message for its retention
 * period (OUTBOX_RETENTION_MS in email/outbox-worker.ts); the same newsletter sent again after that goes
 * to everyone again.
 */
export async function sendNewsletter(
  prisma: PrismaClient,
  input: TNewsletterSendInput,
  publicUrl: string,
  chunkSize: number = NEWSLETTER_CHUNK_SIZE,
): Promise<{ queued: number }> {
  const message = { subject: input.subject, html: sanitizeHtml(input.bodyHtml), kind: NEWSLETTER_KIND };
  // What every message of this newsletter starts with: all but its own unsubscribe token (rule 2).
  const body = `${message.html}${footerHtmlBeforeToken(publicUrl)}`;
  let queued = 0;
  let after = 0;
  await queueInBatches(prisma, { batchSize: chunkSize }, async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`newsletter-send:${message.subject}`}))`;
    const subscribers = await tx.newsletterSubscription.findMany({
      where: { status: 'confirmed', id: { gt: after } },
      orderBy: { id: 'asc' },
      take: chunkSize,
      select: { id: true, email: true },
    });
    after = subscribers.at(-1)?.id ?? after;
    const alreadyQueued = await tx.$queryRaw<{ to: string }[]>`
      SELECT DISTINCT "to" FROM "EmailOutbox"
      WHERE "to" = ANY(${subscribers.map((subscriber) => subscriber.email)}::text[])
        AND "templateKey" = ${NEWSLETTER_KIND} AND subject = ${message.subject}
        AND starts_with(html, ${body})
        -- A copy that never left (SMTP was down for good) is sent again with the repeated newsletter.
        AND status <> 'failed'`;
    const skipped = new Set(alreadyQueued.map((row) => row.to));
    const links = subscribers
      .filter((subscriber) => !skipped.has(subscriber.email))
      .map((subscriber) => ({ subscriber, token: generateToken() }));
    await tx.newsletterUnsubscribeToken.createMany({
      data: links.map(({ subscriber, token }) => ({
        tokenHash: hashToken(token),
        subscriptionId: subscriber.id,
      })),
    });
    await tx.emailOutbox.createMany({
      data: links.map(({ subscriber, token }) =>
        withUnsubscribeLink(message, subscriber.email, token, publicUrl),
      ),
    });
    queued += links.length;
    // The chunk's length, not what it queued, tells whether the list goes on.
    return subscribers.length;
  });
  return { queued };
}
