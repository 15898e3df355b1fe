import type { Prisma, PrismaClient } from '@shop/db';
import type { TFileOutput } from '../../schemas';
import {
  NEWSLETTER_SOURCE_LABELS,
  NEWSLETTER_STATUS_LABELS,
  type TNewsletterConsentEntry,
  type TNewsletterListInput,
  type TNewsletterListOutput,
  type TNewsletterRegisterOutput,
  type TNewsletterSubscriber,
} from '../../schemas/newsletter';
import { csvDate, csvFile } from '../csv';

export const NEWSLETTER_PAGE_SIZE = 25;

const subscriberSelect = {
  id: true,
  email: true,
  status: true,
  source: true,
  consentVersion: true,
  userId: true,
  requestedAt: true,
  confirmedAt: true,
  unsubscribedAt: true,
} as const satisfies Prisma.NewsletterSubscriptionSelect;

type SubscriberRow = Prisma.NewsletterSubscriptionGetPayload<{ select: typeof subscriberSelect }>;

function toSubscriber(row: SubscriberRow): TNewsletterSubscriber {
  return {
    ...row,
    requestedAt: row.requestedAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}

function listWhere(input: {
  search?: string | undefined;
  status?: TNewsletterSubscriber['status'] | undefined;
}) {
  const search = input.search?.trim().toLowerCase();
  return {
    ...(input.status ? { status: input.status } : {}),
    ...(search ? { email: { contains: search } } : {}),
  } satisfies Prisma.NewsletterSubscriptionWhereInput;
}

/** Newest request first, so the admin finds a signup just made at the top. */
export async function listSubscribers(
  prisma: PrismaClient,
  input: TNewsletterListInput,
): Promise<TNewsletterListOutput> {
  const where = listWhere(input);
  const [rows, total] = await Promise.all([
    prisma.newsletterSubscription.findMany({
      where,
      orderBy: [{ requestedAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * NEWSLETTER_PAGE_SIZE,
      take: NEWSLETTER_PAGE_SIZE,
      select: subscriberSelect,
    }),
    prisma.newsletterSubscription.count({ where }),
  ]);
  return { items: rows.map(toSubscriber), total, page: input.page, pageSize: NEWSLETTER_PAGE_SIZE };
}

/** Every register entry of one address, oldest first: the story of its consent. */
export async function subscriberRegister(
  prisma: PrismaClient,
  email: string,
): Promise<TNewsletterRegisterOutput> {
  const [subscription, events] = await Promise.all([
    prisma.newsletterSubscription.findUnique({ where: { email }, select: subscriberSelect }),
    prisma.newsletterConsent.findMany({
      where: { email },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: {
        id: true,
        email: true,
        userId: true,
        event: true,
        source: true,
        consentVersion: true,
        consentText: true,
        createdAt: true,
      },
    }),
  ]);
  return {
    subscriber: subscription ? toSubscriber(subscription) : null,
    events: events.map(
      (row): TNewsletterConsentEntry => ({ ...row, createdAt: row.createdAt.toISOString() }),
    ),
  };
}

const CSV_HEADERS = [
  'E-mail-cím',
  'Állapot',
  'Forrás',
  'Hozzájárulás verziója',
  'Feliratkozás kérése',
  'Megerősítés',
  'Leiratkozás',
  'Vásárlóazonosító',
] as const;

/** GET /api/newsletter/download: the list as the filters show it, for a mailing tool or the records. */
export async function downloadSubscribersCsv(
  prisma: PrismaClient,
  input: Pick<TNewsletterListInput, 'search' | 'status'>,
  now: Date = new Date(),
): Promise<TFileOutput> {
  const rows = await prisma.newsletterSubscription.findMany({
    where: listWhere(input),
    orderBy: [{ email: 'asc' }],
    select: subscriberSelect,
  });
  return csvFile(
    'hirlevel-feliratkozok',
    CSV_HEADERS,
    rows.map((row) => [
      row.email,
      NEWSLETTER_STATUS_LABELS[row.status],
      NEWSLETTER_SOURCE_LABELS[row.source],
      row.consentVersion,
      csvDate(row.requestedAt),
      csvDate(row.confirmedAt),
      csvDate(row.unsubscribedAt),
      row.userId,
    ]),
    now,
  );
}
