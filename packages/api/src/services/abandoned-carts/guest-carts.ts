import type { PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type { TGuestCartReminderInput, TRestoredCartLine } from '../../schemas/abandoned-cart';
import { type NewsletterSignupClient, subscribe } from '../newsletter/subscriptions';
import { hashToken } from '../session';
import { storedLines } from './reminders';

/** How long a reminder's restore link works. */
export const RESTORE_LINK_DAYS = 30;

export const RESTORE_LINK_INVALID =
  'Ez a kosár-visszaállító link érvénytelen vagy lejárt. A termékeket a webáruházban újra a kosárba teheted.';

/**
 * POST /api/cart/reminder: a guest at checkout ticked "newsletter and cart reminder". The address is signed
 * up the newsletter's way (a confirmation e-mail; counted per network and address, the same answer
 * whatever the address), and the cart is saved for its reminder. The consent counts only after the click
 * in the confirmation e-mail: until then the reminder job passes this cart by (reminders.ts, rule 2).
 */
export async function saveGuestCartForReminder(
  prisma: PrismaClient,
  client: NewsletterSignupClient,
  input: TGuestCartReminderInput,
): Promise<{ ok: true }> {
  const email = input.email.trim().toLowerCase();
  // Whoever posts an address already confirmed proves nothing by it (no e-mail goes to ask), so only
  // the account that owns the address may attach a cart to it; anyone else could make a subscriber
  // get a reminder of products they never chose.
  const before = await prisma.newsletterSubscription.findUnique({
    where: { email },
    select: { status: true, user: { select: { id: true } } },
  });
  const provenBySignup = before?.status !== 'confirmed';
  const ownAccount = client.userId !== null && before?.user?.id === client.userId;
  await subscribe(prisma, client, { ...input, source: 'checkout' });
  if (!provenBySignup && !ownAccount) return { ok: true };
  const lines = input.cart.map(({ product, variant, quantity }) =>
    variant === undefined ? { product, quantity } : { product, variant, quantity },
  );
  await prisma.guestCartSnapshot.upsert({
    where: { email },
    create: { email, lines },
    // Ticked again for a new cart: an order placed since the earlier one does not close this one.
    update: { lines, startedAt: new Date() },
    select: { id: true },
  });
  return { ok: true };
}

/**
 * POST /api/cart/restore: the reminder's link gives back the cart's lines, for the storefront to put into
 * this browser's cart (a guest's or the signed-in account's). Only the token names a cart, so nobody
 * restores a cart they were not sent. The first opening is recorded for the admin's counts.
 */
export async function restoreRemindedCart(
  prisma: PrismaClient,
  token: string,
  now: Date = new Date(),
): Promise<{ lines: TRestoredCartLine[] }> {
  const reminder = await prisma.abandonedCartReminder.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, lines: true, remindedAt: true, restoredAt: true },
  });
  const expiresAt = reminder && reminder.remindedAt.getTime() + RESTORE_LINK_DAYS * 24 * 60 * 60_000;
  if (!reminder || !expiresAt || expiresAt <= now.getTime()) {
    throw new DomainError('not_found', RESTORE_LINK_INVALID);
  }
  if (reminder.restoredAt === null) {
    await prisma.abandonedCartReminder.updateMany({
      where: { id: reminder.id, restoredAt: null },
      data: { restoredAt: now },
    });
  }
  return { lines: storedLines(reminder.lines) };
}
