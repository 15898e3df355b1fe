import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError, MESSAGES } from '../../errors';
import type { TInquiryListInput, TInquiryStatus } from '../../schemas/contact';
import { guardInquiry, type RequestLimits } from '../request-limits';
import { assertFormFilledByPerson, type FormSubmission, formTokenUse } from './form-token';

/** Who sent a public form, as the request shows it. */
export type InquirySender = {
  ip: string | null;
  /** The signed-in customer, whose messages are then linked to the account. */
  userId: number | null;
  limits: RequestLimits;
  /** Signs and checks the form tokens (form-token.ts). */
  formSecret: Buffer;
  /** The shop's base URL for links in the acknowledgement. */
  publicUrl: string;
};

/**
 * Whether a submission comes from a person and may be stored: the submission its transaction must
 * claim the token for (claimFormToken), or null when nothing is to be stored. A filled honeypot is a
 * bot: it gets the answer a person gets and nothing is stored or sent, so it learns nothing; so does a
 * double click, whose first submission is stored. A token that is too fresh, forged or stale is a
 * clear 400, one that already sent other text a 409, and past the limits per network and sender a 429.
 */
export async function admitInquiry(
  prisma: PrismaClient,
  sender: InquirySender,
  form: 'kapcsolat' | 'ajanlatkeres',
  input: { email: string; formToken: string; website?: string | undefined },
): Promise<FormSubmission | null> {
  if (input.website?.trim()) return null;
  const nonce = assertFormFilledByPerson(sender.formSecret, input.formToken);
  const submission = { nonce, content: { form, input } };
  if ((await formTokenUse(prisma, submission)) === 'repeat') return null;
  await guardInquiry(prisma, { form, ip: sender.ip, email: input.email }, sender.limits);
  return submission;
}

/** The search, status filter and sort both admin lists share. */
export function inquiryListQuery(input: TInquiryListInput) {
  const search = input.search?.trim();
  const where = {
    ...(input.status ? { status: input.status } : {}),
    ...(search
      ? {
          OR: [
            { name: { contains: search, mode: 'insensitive' as const } },
            { email: { contains: search, mode: 'insensitive' as const } },
          ],
        }
      : {}),
  };
  const orderBy = [{ [input.sort]: input.order }, { id: input.order }] as const;
  return {
    where,
    orderBy: [...orderBy] as { [key: string]: Prisma.SortOrder }[],
    skip: (input.page - 1) * input.pageSize,
    take: input.pageSize,
  };
}

/** The status change both inquiry kinds share; repeating the current status changes nothing. */
export function statusChange(status: TInquiryStatus, now: Date = new Date()) {
  return { status, statusChangedAt: now };
}

export function notFound(): DomainError {
  return new DomainError('not_found', MESSAGES.notFound);
}

/** "Budapest, 1065, Bögre utca 1." in the order a Hungarian address is written: postcode, city, street. */
export function joinAddress(parts: { postcode: string | null; city: string | null; address: string | null }) {
  const place = [parts.postcode, parts.city].filter(Boolean).join(' ');
  return [place, parts.address].filter(Boolean).join(', ');
}

/** A placeholder value for a field the sender left empty, so the e-mail does not show a blank. */
export function orDash(value: string | null | undefined): string {
  return value?.trim() ? value : '–';
}
