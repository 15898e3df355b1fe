import type { PrismaClient } from '@shop/db';
import type { TConsentInput, TConsentRecord } from '../schemas';
import { networkKey } from './network-key';
import { type FixedWindowLimit, hitRateLimit, rateLimited } from './rate-limit';

/**
 * The visitors' cookie choices, kept for accountability (GDPR art. 7(1): the shop must be able to show
 * that a visitor consented, to what, under which policy version, when). The browser keeps its choice
 * itself (localStorage `cookie-consent`); this is only the record.
 */

/** A visitor decides once a year or after a policy change; many more records from one address are a script. */
export const CONSENT_LIMIT_PER_IP: FixedWindowLimit = { limit: 30, windowMs: 10 * 60_000 };

export const CONSENT_RATE_LIMITED_MESSAGE = 'Túl sok sütibeállítás érkezett erről a címről.';

const USER_AGENT_MAX = 300;

export type ConsentClient = {
  ip: string | null;
  userAgent: string | null;
  /** The signed-in shopper, so the record can be found with their account (and unlinked on deletion). */
  userId: number | null;
};

export async function recordConsent(
  prisma: PrismaClient,
  client: ConsentClient,
  input: TConsentInput,
  limit: FixedWindowLimit = CONSENT_LIMIT_PER_IP,
): Promise<TConsentRecord> {
  const hit = await hitRateLimit(prisma, `suti:ip:${networkKey(client.ip)}`, limit.limit, limit.windowMs);
  if (!hit.allowed) throw rateLimited(CONSENT_RATE_LIMITED_MESSAGE, hit.resetAt);
  const record = await prisma.consentRecord.create({
    data: {
      consentId: input.consentId.toLowerCase(),
      statistics: input.statistics,
      marketing: input.marketing,
      policyVersion: input.policyVersion,
      userId: client.userId,
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    },
    select: { consentId: true, statistics: true, marketing: true, policyVersion: true, createdAt: true },
  });
  const { createdAt, ...choice } = record;
  return { ...choice, recordedAt: createdAt.toISOString() };
}
