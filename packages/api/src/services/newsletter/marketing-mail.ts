import type { Prisma, PrismaClient } from '@shop/db';
import type { TNewsletterSendInput } from '../../schemas/newsletter';
import { escapeHtml, htmlToText } from '../email';
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

/** The message with its unsubscribe link at the end and in the RFC 8058 headers (rule 2). */
function withUnsubscribeLink(
  message: Omit<MarketingEmail, 'to'>,
  to: string,
  token: string,
  publicUrl: string,
) {
  const pageLink = `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
  const oneClick = `${publicUrl}${ONE_CLICK_PATH}/${encodeURIComponent(token)}`;
  const footerText =
    'Azért kaptad ezt a levelet, mert feliratkoztál a hírlevelünkre. Leiratkozás egy kattintással:';
  return {
    to,
    subject: message.subject,
    html: `${message.html}<hr><p style="font-size:12px;color:#555">${escapeHtml(footerText)} <a href="${escapeHtml(pageLink)}">Leiratkozom a hírlevélről</a></p>`,
    text: `${message.text ?? htmlToText(message.html)}\n\n--\n${footerText}\n${pageLink}\n`,
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
 */
export async function sendNewsletter(
  prisma: PrismaClient,
  input: TNewsletterSendInput,
  publicUrl: string,
  chunkSize: number = NEWSLETTER_CHUNK_SIZE,
): Promise<{ queued: number }> {
  const message = { subject: input.subject, html: sanitizeHtml(input.bodyHtml), kind: NEWSLETTER_KIND };
  let queued = 0;
  let after = 0;
  for (;;) {
    const count = await prisma.$transaction(async (tx) => {
      const subscribers = await tx.newsletterSubscription.findMany({
        where: { status: 'confirmed', id: { gt: after } },
        orderBy: { id: 'asc' },
        take: chunkSize,
        select: { id: true, email: true },
      });
      const links = subscribers.map((subscriber) => ({ subscriber, token: generateToken() }));
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
      after = subscribers.at(-1)?.id ?? after;
      return subscribers.length;
    });
    queued += count;
    if (count < chunkSize) return { queued };
  }
}
