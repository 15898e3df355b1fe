import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError, MESSAGES } from '../../errors';
import type { TInquiryListInput, TInquiryStatus } from '../../schemas/contact';
import { guardInquiry, type RequestLimits } from '../request-limits';
import { assertFormFilledByPerson } from './form-token';

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
 * Whether a submission comes from a person and may be stored. A filled honeypot is a bot: it gets the
 * answer a person gets and nothing is stored or sent, so it learns nothing. A token that is too fresh,
 * forged or stale is a clear 400, and past the limits per address and per sender a 429.
 */
export async function admitInquiry(
  prisma: PrismaClient,
  sender: InquirySender,
  {
    form,
    email,
    formToken,
    website,
  }: { form: 'kapcsolat' | 'ajanlatkeres'; email: string; formToken: string; website?: string | undefined },
): Promise<'store' | 'ignore'> {
  if (website?.trim()) return 'ignore';
  assertFormFilledByPerson(sender.formSecret, formToken);
  await guardInquiry(prisma, { form, ip: sender.ip, email }, sender.limits);
  return 'store';
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
