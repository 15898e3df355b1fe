import type { PrismaClient } from '@shop/db';
import { networkKey } from './network-key';
import { type FixedWindowLimit, hitRateLimit, hitRateLimits, rateLimited } from './rate-limit';

/**
 * Fixed-window limits on the public forms that cost the shop work or send e-mail, counted in the
 * shared `RateLimitBucket` table so they hold across servers. "Per network" counts a client address
 * by its network (network-key.ts: an IPv6 address by its /64). (Sign-in has its own, finer throttle:
 * user-throttle.ts.)
 */
export type RequestLimits = {
  /** Sign-ups from one network. */
  signupPerIp: FixedWindowLimit;
  /**
   * Sign-ups shop-wide: a ceiling no crowd of networks gets past. Only sign-ups one network's limit
   * let through count, so one network's flood cannot close it for everyone.
   */
  signupOverall: FixedWindowLimit;
  /** Reset requests from one network. */
  passwordResetPerIp: FixedWindowLimit;
  /** Reset e-mails to one address, so the form cannot flood a mailbox; past it, the same answer and no e-mail. */
  passwordResetPerEmail: FixedWindowLimit;
  /** Contact messages and offer requests from one network (each form counted on its own). */
  inquiryPerIp: FixedWindowLimit;
  /** Contact messages and offer requests from one sender address, so nobody floods the shop's mailbox. */
  inquiryPerEmail: FixedWindowLimit;
  /** Back-in-stock requests ("Értesítést kérek") from one network. */
  stockNotifyPerIp: FixedWindowLimit;
  /** Back-in-stock requests for one e-mail address, so nobody signs a stranger up for many products. */
  stockNotifyPerEmail: FixedWindowLimit;
  /**
   * Guest orders from one network. Each one holds stock until an admin cancels it and e-mails a
   * confirmation, so a flood costs the shop its stock and strangers their inbox. A household or an
   * office behind one address orders a few times an hour at most.
   */
  guestOrderPerIp: FixedWindowLimit;
  /** Guest orders confirmed to one e-mail address, so nobody can mail a stranger order after order. */
  guestOrderPerEmail: FixedWindowLimit;
  /** Newsletter signups from one network. */
  newsletterPerIp: FixedWindowLimit;
  /** Newsletter signups of one address, so nobody floods a stranger with confirmation e-mails. */
  newsletterPerEmail: FixedWindowLimit;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  signupPerIp: { limit: 5, windowMs: 10 * MINUTE },
  signupOverall: { limit: 30, windowMs: MINUTE },
  passwordResetPerIp: { limit: 10, windowMs: 15 * MINUTE },
  passwordResetPerEmail: { limit: 3, windowMs: HOUR },
  inquiryPerIp: { limit: 5, windowMs: 10 * MINUTE },
  inquiryPerEmail: { limit: 3, windowMs: HOUR },
  stockNotifyPerIp: { limit: 20, windowMs: 10 * MINUTE },
  stockNotifyPerEmail: { limit: 10, windowMs: HOUR },
  guestOrderPerIp: { limit: 10, windowMs: HOUR },
  guestOrderPerEmail: { limit: 10, windowMs: 24 * HOUR },
  newsletterPerIp: { limit: 5, windowMs: 10 * MINUTE },
  newsletterPerEmail: { limit: 3, windowMs: HOUR },
};

export const SIGNUP_RATE_LIMITED_MESSAGE = 'Túl sok regisztráció érkezett rövid idő alatt.';
export const PASSWORD_RESET_RATE_LIMITED_MESSAGE = 'Túl sok új jelszó kérés érkezett erről a címről.';
export const INQUIRY_RATE_LIMITED_MESSAGE = 'Túl sok üzenet érkezett tőled rövid idő alatt.';
export const STOCK_NOTIFY_RATE_LIMITED_MESSAGE = 'Túl sok értesítést kértél rövid idő alatt.';
export const GUEST_ORDER_RATE_LIMITED_MESSAGE =
  'Túl sok rendelés érkezett erről a hálózatról rövid idő alatt.';
export const GUEST_ORDER_EMAIL_RATE_LIMITED_MESSAGE =
  'Erre az e-mail-címre rövid idő alatt túl sok vendégrendelés érkezett.';
export const NEWSLETTER_RATE_LIMITED_MESSAGE = 'Túl sok hírlevél-feliratkozás érkezett rövid idő alatt.';
const CALL_US = 'vagy hívj minket telefonon';

type Counter = { key: string; limit: FixedWindowLimit; reason: string; orElse?: string };

/**
 * Counts one hit on each counter in turn and throws the 429 of the first one that is full, telling
 * when it opens again. A later counter sees only hits the earlier ones let through: the shop-wide
 * sign-up ceiling counts no sign-up a network's own limit refused.
 */
async function guard(prisma: PrismaClient, counters: Counter[]): Promise<void> {
  const hits = await hitRateLimits(
    prisma,
    counters.map(({ key, limit }) => ({ key, ...limit })),
  );
  for (const [position, { reason, orElse }] of counters.entries()) {
    const hit = hits[position];
    if (hit && !hit.allowed) throw rateLimited(reason, hit.resetAt, orElse ? { orElse } : {});
  }
}

/** 429 past the sign-up limits; the shop-wide count only counts what one network may send. */
export async function guardSignup(
  prisma: PrismaClient,
  ip: string | null | undefined,
  limits: RequestLimits,
) {
  await guard(prisma, [
    {
      key: `regisztracio:ip:${networkKey(ip)}`,
      limit: limits.signupPerIp,
      reason: SIGNUP_RATE_LIMITED_MESSAGE,
    },
    { key: 'regisztracio:osszes', limit: limits.signupOverall, reason: SIGNUP_RATE_LIMITED_MESSAGE },
  ]);
}

/**
 * 429 past the per-network limit of reset requests; otherwise whether this address may get one
 * more e-mail. Counted the same for every address, known or not, so neither answer nor work tells.
 */
export async function guardPasswordResetRequest(
  prisma: PrismaClient,
  { ip, email }: { ip: string | null | undefined; email: string },
  limits: RequestLimits,
): Promise<{ send: boolean }> {
  await guard(prisma, [
    {
      key: `jelszokeres:ip:${networkKey(ip)}`,
      limit: limits.passwordResetPerIp,
      reason: PASSWORD_RESET_RATE_LIMITED_MESSAGE,
    },
  ]);
  const { limit, windowMs } = limits.passwordResetPerEmail;
  return { send: (await hitRateLimit(prisma, `jelszokeres:email:${email}`, limit, windowMs)).allowed };
}

/** 429 past the per-network or per-sender limit of a public form (`form` names its counters). */
export async function guardInquiry(
  prisma: PrismaClient,
  { form, ip, email }: { form: 'kapcsolat' | 'ajanlatkeres'; ip: string | null | undefined; email: string },
  limits: RequestLimits,
) {
  const reason = INQUIRY_RATE_LIMITED_MESSAGE;
  await guard(prisma, [
    { key: `${form}:ip:${networkKey(ip)}`, limit: limits.inquiryPerIp, reason, orElse: CALL_US },
    { key: `${form}:email:${email.toLowerCase()}`, limit: limits.inquiryPerEmail, reason, orElse: CALL_US },
  ]);
}

/** 429 past the per-network or per-e-mail limit of back-in-stock requests. */
export async function guardStockNotify(
  prisma: PrismaClient,
  { ip, email }: { ip: string | null | undefined; email: string },
  limits: RequestLimits,
) {
  const reason = STOCK_NOTIFY_RATE_LIMITED_MESSAGE;
  await guard(prisma, [
    { key: `keszletertesites:ip:${networkKey(ip)}`, limit: limits.stockNotifyPerIp, reason },
    { key: `keszletertesites:email:${email.toLowerCase()}`, limit: limits.stockNotifyPerEmail, reason },
  ]);
}

/** 429 past the per-network or per-recipient limit of guest orders (a signed-in shopper is not counted). */
export async function guardGuestOrder(
  prisma: PrismaClient,
  { ip, email }: { ip: string | null | undefined; email: string },
  limits: RequestLimits,
) {
  await guard(prisma, [
    {
      key: `vendegrendeles:ip:${networkKey(ip)}`,
      limit: limits.guestOrderPerIp,
      reason: GUEST_ORDER_RATE_LIMITED_MESSAGE,
      orElse: CALL_US,
    },
    {
      key: `vendegrendeles:email:${email.toLowerCase()}`,
      limit: limits.guestOrderPerEmail,
      reason: GUEST_ORDER_EMAIL_RATE_LIMITED_MESSAGE,
      orElse: CALL_US,
    },
  ]);
}

/** 429 past the per-network or per-address limit of newsletter signups, counted like the contact form's. */
export async function guardNewsletterSignup(
  prisma: PrismaClient,
  { ip, email }: { ip: string | null | undefined; email: string },
  limits: RequestLimits,
) {
  const reason = NEWSLETTER_RATE_LIMITED_MESSAGE;
  await guard(prisma, [
    { key: `hirlevel:ip:${networkKey(ip)}`, limit: limits.newsletterPerIp, reason },
    { key: `hirlevel:email:${email.toLowerCase()}`, limit: limits.newsletterPerEmail, reason },
  ]);
}
