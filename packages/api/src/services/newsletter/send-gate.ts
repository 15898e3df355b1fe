import type { Prisma, PrismaClient } from '@shop/db';
import { hashToken } from '../session';

/**
 * The last check before a marketing e-mail leaves the outbox (rule 4 of subscriptions.ts: a withdrawal
 * takes effect at once). A newsletter is queued for thousands of addresses at once and sent over minutes
 * or, during an SMTP outage, days; whoever unsubscribes in between must not get it.
 *
 * This file imports nothing from the e-mail services, so the outbox worker can use it without a cycle.
 */

/** The RFC 8058 one-click target a mail client posts to (apps/server/src/newsletter-routes.ts). */
export const ONE_CLICK_PATH = '/api/newsletter/one-click';

/**
 * A marketing e-mail is the outbox row whose `List-Unsubscribe` header points to the newsletter's one-click
 * link (marketing-mail.ts); its token names the subscription it was queued for. Other mail with that header
 * (a review request's opt-out) points elsewhere and is not the list's.
 */
function subscriptionToken(headers: Prisma.JsonValue | null): string | null {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return null;
  const value = headers['List-Unsubscribe'];
  if (typeof value !== 'string' || !value.startsWith('<') || !value.endsWith('>')) return null;
  const marker = `${ONE_CLICK_PATH}/`;
  const at = value.lastIndexOf(marker);
  if (at < 0) return null;
  // The token is base64url, which encodeURIComponent leaves as it is.
  const token = value.slice(at + marker.length, -1);
  return /^[A-Za-z0-9_-]+$/.test(token) ? token : null;
}

/**
 * Whether the outbox may send this row now: anything but a marketing e-mail, or a marketing e-mail whose
 * subscription is still confirmed. A subscription withdrawn, waiting for a new confirmation or deleted with
 * its account (its tokens go with it) stops the message.
 */
export async function marketingMailStillWanted(
  prisma: PrismaClient,
  headers: Prisma.JsonValue | null,
): Promise<boolean> {
  const token = subscriptionToken(headers);
  if (token === null) return true;
  const link = await prisma.newsletterUnsubscribeToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { subscription: { select: { status: true } } },
  });
  return link?.subscription.status === 'confirmed';
}
