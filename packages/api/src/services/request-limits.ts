import type { PrismaClient } from '@shop/db';
import { DomainError } from '../errors';
import { type FixedWindowLimit, hitRateLimit } from './rate-limit';

/**
 * Fixed-window limits on the public forms that cost the shop work or send e-mail, counted in the
 * shared `RateLimitBucket` table so they hold across servers. (Sign-in has its own, finer throttle:
 * user-throttle.ts.)
 */
export type RequestLimits = {
  /** Sign-ups from one IP address. */
  signupPerIp: FixedWindowLimit;
  /** Sign-ups shop-wide: a ceiling no crowd of addresses gets past. */
  signupOverall: FixedWindowLimit;
  /** Reset requests from one IP address. */
  passwordResetPerIp: FixedWindowLimit;
  /** Reset e-mails to one address, so the form cannot flood a mailbox; past it, the same answer and no e-mail. */
  passwordResetPerEmail: FixedWindowLimit;
  /** Contact messages and offer requests from one IP address (each form counted on its own). */
  inquiryPerIp: FixedWindowLimit;
  /** Contact messages and offer requests from one sender address, so nobody floods the shop's mailbox. */
  inquiryPerEmail: FixedWindowLimit;
  /** Back-in-stock requests ("Értesítést kérek") from one IP address. */
  stockNotifyPerIp: FixedWindowLimit;
  /** Back-in-stock requests for one e-mail address, so nobody signs a stranger up for many products. */
  stockNotifyPerEmail: FixedWindowLimit;
};

const MINUTE = 60_000;

export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  signupPerIp: { limit: 5, windowMs: 10 * MINUTE },
  signupOverall: { limit: 30, windowMs: MINUTE },
  passwordResetPerIp: { limit: 10, windowMs: 15 * MINUTE },
  passwordResetPerEmail: { limit: 3, windowMs: 60 * MINUTE },
  inquiryPerIp: { limit: 5, windowMs: 10 * MINUTE },
  inquiryPerEmail: { limit: 3, windowMs: 60 * MINUTE },
  stockNotifyPerIp: { limit: 20, windowMs: 10 * MINUTE },
  stockNotifyPerEmail: { limit: 10, windowMs: 60 * MINUTE },
};

export const SIGNUP_RATE_LIMITED_MESSAGE =
  'Túl sok regisztráció érkezett rövid idő alatt. Kérjük, próbáld újra néhány perc múlva!';
export const PASSWORD_RESET_RATE_LIMITED_MESSAGE =
  'Túl sok új jelszó kérés érkezett erről a címről. Kérjük, próbáld újra 15 perc múlva!';

const UNKNOWN_IP = 'ismeretlen';

async function hit(prisma: PrismaClient, key: string, { limit, windowMs }: FixedWindowLimit) {
  return (await hitRateLimit(prisma, key, limit, windowMs)).allowed;
}

/** 429 past the sign-up limits; the shop-wide count only counts what one address may send. */
export async function guardSignup(
  prisma: PrismaClient,
  ip: string | null | undefined,
  limits: RequestLimits,
) {
  const allowed =
    (await hit(prisma, `regisztracio:ip:${ip ?? UNKNOWN_IP}`, limits.signupPerIp)) &&
    (await hit(prisma, 'regisztracio:osszes', limits.signupOverall));
  if (!allowed) throw new DomainError('rate_limited', SIGNUP_RATE_LIMITED_MESSAGE);
}

/**
 * 429 past the per-address limit of reset requests; otherwise whether this address may get one
 * more e-mail. Counted the same for every address, known or not, so neither answer nor work tells.
 */
export async function guardPasswordResetRequest(
  prisma: PrismaClient,
  { ip, email }: { ip: string | null | undefined; email: string },
  limits: RequestLimits,
): Promise<{ send: boolean }> {
  if (!(await hit(prisma, `jelszokeres:ip:${ip ?? UNKNOWN_IP}`, limits.passwordResetPerIp))) {
    throw new DomainError('rate_limited', PASSWORD_RESET_RATE_LIMITED_MESSAGE);
  }
  return { send: await hit(prisma, `jelszokeres:email:${email}`, limits.passwordResetPerEmail) };
}

export const INQUIRY_RATE_LIMITED_MESSAGE =
  'Túl sok üzenet érkezett tőled rövid idő alatt. Kérjük, próbáld újra később, vagy hívj minket telefonon!';

/** 429 past the per-address or per-sender limit of a public form (`form` names its counters). */
export async function guardInquiry(
  prisma: PrismaClient,
  { form, ip, email }: { form: 'kapcsolat' | 'ajanlatkeres'; ip: string | null | undefined; email: string },
  limits: RequestLimits,
) {
  const allowed =
    (await hit(prisma, `${form}:ip:${ip ?? UNKNOWN_IP}`, limits.inquiryPerIp)) &&
    (await hit(prisma, `${form}:email:${email.toLowerCase()}`, limits.inquiryPerEmail));
  if (!allowed) throw new DomainError('rate_limited', INQUIRY_RATE_LIMITED_MESSAGE);
}

export const STOCK_NOTIFY_RATE_LIMITED_MESSAGE =
  'Túl sok értesítést kértél rövid idő alatt. Kérjük, próbáld újra később!';

/** 429 past the per-address or per-e-mail limit of back-in-stock requests. */
export async function guardStockNotify(
  prisma: PrismaClient,
  { ip, email }: { ip: string | null | undefined; email: string },
  limits: RequestLimits,
) {
  const allowed =
    (await hit(prisma, `keszletertesites:ip:${ip ?? UNKNOWN_IP}`, limits.stockNotifyPerIp)) &&
    (await hit(prisma, `keszletertesites:email:${email.toLowerCase()}`, limits.stockNotifyPerEmail));
  if (!allowed) throw new DomainError('rate_limited', STOCK_NOTIFY_RATE_LIMITED_MESSAGE);
}
