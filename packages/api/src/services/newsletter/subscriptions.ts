import { createHash } from 'node:crypto';
import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import {
  NEWSLETTER_CONSENT_TEXTS,
  NEWSLETTER_CONSENT_VERSION,
  type TNewsletterConsentVersion,
  type TNewsletterMine,
  type TNewsletterSetMineInput,
  type TNewsletterSource,
  type TNewsletterSubscribeInput,
} from '../../schemas/newsletter';
import { enqueueTemplatedEmail } from '../email';
import { guardNewsletterSignup, type RequestLimits } from '../request-limits';
import { generateToken, hashToken } from '../session';

/**
 * The newsletter list with double opt-in, and its consent register (Grt. 6. §).
 *
 * 1. A signup (footer, checkout, account, registration, admin) only asks: the address becomes
 *    `pending`, the register gets `requested`, and a confirmation e-mail goes to the address. The
 *    consent counts only from the click on its link (`confirmed` in the register); marketing mail goes
 *    to confirmed addresses alone (marketing-mail.ts).
 * 2. The public signup answers the same whether or not the address is known, subscribed or pending, so
 *    it tells nobody who is on the list; a confirmed address gets no second confirmation e-mail.
 * 3. The register is append-only: every request, confirmation and withdrawal is a new row with the
 *    exact consent text shown and its version, the source and the time (UTC). Nothing here updates or
 *    deletes a register row, except account deletion, which replaces the address by its hash
 *    (anonymiseNewsletterData).
 * 4. A withdrawal (a link in any marketing e-mail, one-click or on its page, the account page, the admin)
 *    takes effect at once and is recorded; the address is never mailed again until it subscribes anew.
 * 5. `User.newsletter` is a copy of "the account's subscription is confirmed", written only here in the
 *    same transaction, so the customer list, its filter and the CSV export read the same truth.
 */

/** A confirmation link works this long. */
export const NEWSLETTER_CONFIRM_TTL_MS = 7 * 24 * 60 * 60_000;

export const CONFIRM_LINK_INVALID =
  'Ez a megerősítő link érvénytelen vagy lejárt. Iratkozz fel újra, és küldünk egy újat!';
export const UNSUBSCRIBE_LINK_INVALID =
  'Ez a leiratkozó link érvénytelen. Ha továbbra is kapsz tőlünk hírlevelet, írj nekünk, és töröljük a címedet.';

type Db = Prisma.TransactionClient;

/** Where a confirmation or unsubscribe link points: the shop's pages (apps/web routes/hirlevel). */
export const CONFIRM_PATH = '/hirlevel/megerosites';
export const UNSUBSCRIBE_PATH = '/hirlevel/leiratkozas';
export { ONE_CLICK_PATH } from './send-gate';

export function consentTextOf(version: string): string {
  return NEWSLETTER_CONSENT_TEXTS[version as TNewsletterConsentVersion] ?? version;
}

async function record(
  db: Db,
  entry: {
    email: string;
    userId: number | null;
    event: 'requested' | 'confirmed' | 'withdrawn';
    source: TNewsletterSource;
    consentVersion: string;
    now: Date;
  },
): Promise<void> {
  await db.newsletterConsent.create({
    data: {
      email: entry.email,
      userId: entry.userId,
      event: entry.event,
      source: entry.source,
      consentVersion: entry.consentVersion,
      consentText: consentTextOf(entry.consentVersion),
      createdAt: entry.now,
    },
    select: { id: true },
  });
}

/** Keeps `User.newsletter` equal to "this account's subscription is confirmed" (rule 5). */
async function mirrorOnAccount(db: Db, userId: number | null, subscribed: boolean): Promise<void> {
  if (userId === null) return;
  await db.user.updateMany({ where: { id: userId, anonymizedAt: null }, data: { newsletter: subscribed } });
}

export type SubscriptionRequest = {
  email: string;
  source: TNewsletterSource;
  consentVersion: TNewsletterConsentVersion;
  /** The signed-in customer (or the account an admin edits) the subscription belongs to. */
  userId: number | null;
  publicUrl: string;
  now?: Date;
};

/**
 * Rule 1 and 2: makes the address pending with a fresh confirmation link and mails it, in the caller's
 * transaction; an address already confirmed is left alone. Returns what happened, for callers that say it.
 */
export async function requestSubscription(
  db: Db,
  { email, source, consentVersion, userId, publicUrl, now = new Date() }: SubscriptionRequest,
): Promise<'requested' | 'already_confirmed'> {
  const existing = await db.newsletterSubscription.findUnique({
    where: { email },
    select: { id: true, status: true, userId: true },
  });
  if (existing?.status === 'confirmed') {
    if (userId !== null && existing.userId === null) {
      await db.newsletterSubscription.update({
        where: { id: existing.id },
        data: { userId },
        select: { id: true },
      });
      await mirrorOnAccount(db, userId, true);
    }
    return 'already_confirmed';
  }
  const token = generateToken();
  const fields = {
    status: 'pending' as const,
    source,
    consentVersion,
    confirmTokenHash: hashToken(token),
    confirmTokenExpiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_TTL_MS),
    requestedAt: now,
    confirmedAt: null,
    unsubscribedAt: null,
  };
  // A link once made stays: a new request, whoever posts it, never moves the address to another account.
  const linked = existing?.userId ?? userId;
  await db.newsletterSubscription.upsert({
    where: { email },
    create: { email, userId: linked, ...fields },
    update: { userId: linked, ...fields },
    select: { id: true },
  });
  await record(db, { email, userId: linked, event: 'requested', source, consentVersion, now });
  await enqueueTemplatedEmail(db, {
    templateKey: 'newsletter_confirmation',
    to: email,
    variables: {
      email,
      confirmLink: `${publicUrl}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`,
      shopUrl: publicUrl,
    },
  });
  return 'requested';
}

export type NewsletterSignupClient = {
  ip: string | null;
  userId: number | null;
  limits: RequestLimits;
  publicUrl: string;
};

/** POST /api/newsletter/subscribe: counted per network and per address like the contact form, same answer always. */
export async function subscribe(
  prisma: PrismaClient,
  client: NewsletterSignupClient,
  input: TNewsletterSubscribeInput,
): Promise<{ ok: true }> {
  await guardNewsletterSignup(prisma, { ip: client.ip, email: input.email }, client.limits);
  const email = input.email.trim().toLowerCase();
  await prisma.$transaction(async (tx) =>
    requestSubscription(tx, {
      email,
      source: input.source,
      consentVersion: input.consentVersion,
      userId: await signupAccount(tx, client.userId, email),
      publicUrl: client.publicUrl,
    }),
  );
  return { ok: true };
}

/**
 * The account a public signup belongs to: the signed-in customer's only when the address is the account's
 * own. Anyone may type any address in the footer; linking it would let GET/PUT /newsletter/mine read and
 * withdraw a stranger's subscription, so another address is an anonymous signup its owner confirms.
 */
async function signupAccount(db: Db, userId: number | null, email: string): Promise<number | null> {
  if (userId === null) return null;
  const account = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
  return account && account.email.trim().toLowerCase() === email ? userId : null;
}

/**
 * The click on the confirmation link. A second click on a link already used answers the same
 * (mail scanners and double clicks); an expired, unknown or withdrawn one is a 404 with a way forward.
 */
export async function confirmSubscription(
  prisma: PrismaClient,
  token: string,
  now: Date = new Date(),
): Promise<{ status: 'confirmed'; email: string }> {
  return prisma.$transaction(async (tx) => {
    const subscription = await tx.newsletterSubscription.findUnique({
      where: { confirmTokenHash: hashToken(token) },
      select: {
        id: true,
        email: true,
        status: true,
        userId: true,
        source: true,
        consentVersion: true,
        confirmTokenExpiresAt: true,
      },
    });
    if (!subscription || subscription.status === 'unsubscribed') {
      throw new DomainError('not_found', CONFIRM_LINK_INVALID);
    }
    if (subscription.status === 'confirmed')
      return { status: 'confirmed' as const, email: subscription.email };
    if (!subscription.confirmTokenExpiresAt || subscription.confirmTokenExpiresAt <= now) {
      throw new DomainError('not_found', CONFIRM_LINK_INVALID);
    }
    // The click proves the mailbox: an account with this address is its owner's, so the list and the
    // account page show one subscription.
    const account =
      subscription.userId ??
      (
        await tx.user.findFirst({
          where: { email: subscription.email, anonymizedAt: null },
          select: { id: true },
        })
      )?.id ??
      null;
    // Conditional on `pending`, so two clicks at once record one confirmation.
    const { count } = await tx.newsletterSubscription.updateMany({
      where: { id: subscription.id, status: 'pending' },
      data: { status: 'confirmed', confirmedAt: now, userId: account },
    });
    if (count === 1) {
      await record(tx, {
        email: subscription.email,
        userId: account,
        event: 'confirmed',
        source: subscription.source,
        consentVersion: subscription.consentVersion,
        now,
      });
      await mirrorOnAccount(tx, account, true);
    }
    return { status: 'confirmed' as const, email: subscription.email };
  });
}

type Withdrawable = {
  id: number;
  email: string;
  status: string;
  userId: number | null;
  consentVersion: string;
};

/** Rule 4: unsubscribed from now on, recorded with how. Repeating it changes and records nothing. */
async function withdraw(
  db: Db,
  subscription: Withdrawable,
  source: TNewsletterSource,
  now: Date,
): Promise<void> {
  const { count } = await db.newsletterSubscription.updateMany({
    where: { id: subscription.id, status: { not: 'unsubscribed' } },
    data: {
      status: 'unsubscribed',
      unsubscribedAt: now,
      confirmTokenHash: null,
      confirmTokenExpiresAt: null,
    },
  });
  if (count === 0) return;
  await record(db, {
    email: subscription.email,
    userId: subscription.userId,
    event: 'withdrawn',
    source,
    consentVersion: subscription.consentVersion,
    now,
  });
  await mirrorOnAccount(db, subscription.userId, false);
}

const withdrawableSelect = {
  id: true,
  email: true,
  status: true,
  userId: true,
  consentVersion: true,
} as const satisfies Prisma.NewsletterSubscriptionSelect;

/** A link of a marketing e-mail: its page's button or the mail client's RFC 8058 one-click POST. */
export async function unsubscribeByToken(
  prisma: PrismaClient,
  token: string,
  now: Date = new Date(),
): Promise<{ status: 'unsubscribed'; email: string }> {
  return prisma.$transaction(async (tx) => {
    const link = await tx.newsletterUnsubscribeToken.findUnique({
      where: { tokenHash: hashToken(token) },
      select: { subscription: { select: withdrawableSelect } },
    });
    if (!link) throw new DomainError('not_found', UNSUBSCRIBE_LINK_INVALID);
    await withdraw(tx, link.subscription, 'email', now);
    return { status: 'unsubscribed' as const, email: link.subscription.email };
  });
}

/** The account's subscription: the one linked to it, else the one of its address. */
async function subscriptionOfAccount(db: Db | PrismaClient, user: { id: number; email: string }) {
  return (
    (await db.newsletterSubscription.findFirst({
      where: { userId: user.id },
      orderBy: { updatedAt: 'desc' },
      select: { ...withdrawableSelect, confirmedAt: true },
    })) ??
    (await db.newsletterSubscription.findUnique({
      where: { email: user.email },
      select: { ...withdrawableSelect, confirmedAt: true },
    }))
  );
}

export async function mySubscription(prisma: PrismaClient, userId: number): Promise<TNewsletterMine> {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, email: true },
  });
  const subscription = await subscriptionOfAccount(prisma, user);
  // An address subscribed before the account existed is not the account's until its link was clicked.
  const own = subscription && (subscription.userId === user.id || subscription.status === 'pending');
  return {
    email: subscription && own ? subscription.email : user.email,
    status: own ? (subscription.status as TNewsletterMine['status']) : null,
    confirmedAt: own ? (subscription.confirmedAt?.toISOString() ?? null) : null,
  };
}

/**
 * The account's newsletter switch, wherever it is set (account page, registration, the admin's customer
 * form, `PUT /api/user/details`): on asks for a confirmation (rule 1), off withdraws (rule 4).
 */
export async function setAccountNewsletter(
  db: Db,
  user: { id: number; email: string },
  subscribed: boolean,
  {
    source,
    publicUrl,
    consentVersion = NEWSLETTER_CONSENT_VERSION,
    now = new Date(),
  }: {
    source: TNewsletterSource;
    publicUrl: string;
    consentVersion?: TNewsletterConsentVersion;
    now?: Date;
  },
): Promise<void> {
  const subscription = await subscriptionOfAccount(db, user);
  if (!subscribed) {
    if (subscription) await withdraw(db, subscription, source, now);
    return;
  }
  if (subscription?.status === 'confirmed' && subscription.userId === user.id) return;
  await requestSubscription(db, {
    email: user.email,
    source,
    consentVersion,
    userId: user.id,
    publicUrl,
    now,
  });
}

export async function setMySubscription(
  prisma: PrismaClient,
  userId: number,
  input: TNewsletterSetMineInput,
  publicUrl: string,
): Promise<TNewsletterMine> {
  if (input.subscribed && !input.consentVersion) {
    const message = 'A feliratkozáshoz el kell fogadnod a hozzájárulási nyilatkozatot.';
    throw new DomainError('invalid_input', message, [{ path: 'consentVersion', message }]);
  }
  await prisma.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, email: true },
    });
    await setAccountNewsletter(tx, user, input.subscribed, {
      source: 'account',
      publicUrl,
      ...(input.consentVersion ? { consentVersion: input.consentVersion } : {}),
    });
  });
  return mySubscription(prisma, userId);
}

/** How the register names an address after its account was deleted: proof stays checkable, the address goes. */
export function hashedAddress(email: string): string {
  return `sha256:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

/**
 * Account deletion (services/personal-data.ts): the subscriptions of the account and of its address end
 * with a withdrawal and are deleted, so nothing is mailed again; the register keeps its rows as proof of
 * the consents the shop had (GDPR Art. 7(1)), with the address hashed and the account link gone.
 */
export async function anonymiseNewsletterData(
  tx: Db,
  user: { id: number; email: string },
  now: Date = new Date(),
): Promise<void> {
  const subscriptions = await tx.newsletterSubscription.findMany({
    where: { OR: [{ userId: user.id }, { email: user.email }] },
    select: withdrawableSelect,
  });
  for (const subscription of subscriptions) await withdraw(tx, subscription, 'account', now);
  await tx.newsletterSubscription.deleteMany({ where: { id: { in: subscriptions.map((row) => row.id) } } });
  const linked = await tx.newsletterConsent.findMany({
    where: { userId: user.id },
    distinct: ['email'],
    select: { email: true },
  });
  const addresses = new Set([
    user.email,
    ...subscriptions.map((row) => row.email),
    ...linked.map((row) => row.email),
  ]);
  for (const email of addresses) {
    if (email.startsWith('sha256:')) continue;
    await tx.newsletterConsent.updateMany({
      where: { email },
      data: { email: hashedAddress(email), userId: null },
    });
  }
}
