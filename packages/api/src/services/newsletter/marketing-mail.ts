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
  const pageLink = `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
  const oneClick = `${publicUrl}${ONE_CLICK_PATH}/${encodeURIComponent(token)}`;
  const footerText =
    'Azért kaptad ezt a levelet, mert feliratkoztál a hírlevelünkre. Leiratkozás egy kattintással:';
  const html = `${message.html}<hr><p style="font-size:12px;color:#555">${escapeHtml(footerText)} <a href="${escapeHtml(pageLink)}">Leiratkozom a hírlevélről</a></p>`;
  const text = `${message.text ?? htmlToText(message.html)}\n\n--\n${footerText}\n${pageLink}\n`;
  const row = await db.emailOutbox.create({
    data: {
      to,
      subject: message.subject,
      html,
      text,
      templateKey: message.kind,
      headers: {
        'List-Unsubscribe': `<${oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    },
    select: { id: true },
  });
  return row;
}

/** The outbox key of a newsletter sent from the admin. */
export const NEWSLETTER_KIND = 'newsletter';

/**
 * POST /api/newsletter/send: the admin's newsletter to every confirmed subscriber, each queued through
 * enqueueMarketingEmail in one transaction, so a list read while someone unsubscribes cannot mail them.
 */
export async function sendNewsletter(
  prisma: PrismaClient,
  input: TNewsletterSendInput,
  publicUrl: string,
): Promise<{ queued: number }> {
  const html = sanitizeHtml(input.bodyHtml);
  return prisma.$transaction(
    async (tx) => {
      const subscribers = await tx.newsletterSubscription.findMany({
        where: { status: 'confirmed' },
        orderBy: { id: 'asc' },
        select: { email: true },
      });
      let queued = 0;
      for (const { email } of subscribers) {
        const row = await enqueueMarketingEmail(
          tx,
          { to: email, subject: input.subject, html, kind: NEWSLETTER_KIND },
          publicUrl,
        );
        if (row) queued++;
      }
      return { queued };
    },
    { timeout: 120_000 },
  );
}
