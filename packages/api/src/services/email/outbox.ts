import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError, MESSAGES } from '../../errors';
import type { TBuiltInEmailKey, TOutboxList, TOutboxListOutput, TOutboxMessage } from '../../schemas/email';
import { withArticle } from '../../schemas/hungarian';
import { LINK_EMAIL_TTL_MS } from './password-reset-mail';
import { type EmailVariables, renderEmail } from './render';
import { redactSecretLinks } from './secret-links';

/** A Prisma client or the transaction of the change that causes the e-mail. */
export type EmailDb = Prisma.TransactionClient | PrismaClient;

export type EnqueueTemplatedEmailInput = {
  /** One of the built-in keys, or the key of a template an admin created. */
  templateKey: TBuiltInEmailKey | (string & {});
  to: string;
  /** Plain-text values for `{{name}}` placeholders; they are HTML-escaped in the body. */
  variables: EmailVariables;
};

export type EnqueuedEmail = { id: number; subject: string; unknownPlaceholders: string[] };

/**
 * Renders a template and stores the message in the outbox, inside the caller's transaction, so the
 * e-mail exists exactly when the change that caused it was committed. The outbox worker sends it.
 * Placeholders without a value stay visible in the message (as `{{name}}`) rather than vanishing.
 */
export async function enqueueTemplatedEmail(
  db: EmailDb,
  { templateKey, to, variables }: EnqueueTemplatedEmailInput,
): Promise<EnqueuedEmail> {
  const template = await loadEmailTemplate(db, templateKey);
  const { message, unknownPlaceholders } = composeEmail(template, { templateKey, to, variables });
  const row = await db.emailOutbox.create({ data: message, select: { id: true } });
  return { id: row.id, subject: message.subject, unknownPlaceholders };
}

/**
 * The template stored under `templateKey`. Missing, it is a plain error: a broken setup is for the log,
 * the client gets the generic 500 message, and the caller's transaction takes back what caused the e-mail.
 */
export async function loadEmailTemplate(
  db: EmailDb,
  templateKey: string,
): Promise<{ subject: string; bodyHtml: string }> {
  const template = await db.emailTemplate.findUnique({
    where: { key: templateKey },
    select: { subject: true, bodyHtml: true },
  });
  if (!template) {
    throw new Error(
      `Az e-mail nem állítható össze: hiányzik ${withArticle(`„${templateKey}”`)} kulcsú e-mail-sablon.`,
    );
  }
  return template;
}

/** An outbox message ready to insert. */
export type ComposedEmail = { to: string; subject: string; html: string; text: string; templateKey: string };

/**
 * Renders a template into the outbox message it becomes. For writers that insert the message in a
 * statement of their own (an order writes everything it consists of at once).
 */
export function composeEmail(
  template: { subject: string; bodyHtml: string },
  { templateKey, to, variables }: EnqueueTemplatedEmailInput,
): { message: ComposedEmail; unknownPlaceholders: string[] } {
  if (templateKey in LINK_EMAIL_TTL_MS) {
    // Its link must never be stored: enqueuePasswordResetEmail and enqueueStaffInviteEmail queue it, the
    // worker writes the link in.
    throw new Error(
      'A jelszóbeállító linket tartalmazó levél csak linkkel együtt, küldéskor állítható össze.',
    );
  }
  const recipient = to.trim();
  if (!recipient || /[\r\n]/.test(recipient)) {
    throw new Error('Az e-mail nem állítható össze: hiányzik a címzett.');
  }
  const rendered = renderEmail(template, variables);
  return {
    message: {
      to: recipient,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      templateKey,
    },
    unknownPlaceholders: rendered.unknownPlaceholders,
  };
}

/**
 * Where mail meant for the shop (contact messages, offer requests) goes: the notification address
 * of the e-mail settings, else the sender address; null when neither is set.
 */
export async function getShopNotificationAddress(db: EmailDb): Promise<string | null> {
  const setting = await db.emailSetting.findUnique({
    where: { id: 1 },
    select: { notificationEmail: true, senderEmail: true },
  });
  return setting?.notificationEmail || setting?.senderEmail || null;
}

// ----------------------------------------------------------- admin reading

const outboxSelect = {
  id: true,
  to: true,
  subject: true,
  html: true,
  text: true,
  templateKey: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastError: true,
  sentAt: true,
  createdAt: true,
} as const satisfies Prisma.EmailOutboxSelect;

type OutboxRow = Prisma.EmailOutboxGetPayload<{ select: typeof outboxSelect }>;

/** An admin sees a message without the secrets of its links: the shopper's mailbox has them. */
function toOutboxDto(row: OutboxRow): TOutboxMessage {
  return {
    ...row,
    html: redactSecretLinks(row.html),
    text: row.text === null ? null : redactSecretLinks(row.text),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first, so an admin running the demo finds the message just triggered at the top. */
export async function listOutbox(prisma: PrismaClient, input: TOutboxList): Promise<TOutboxListOutput> {
  const where: Prisma.EmailOutboxWhereInput = {
    ...(input.status ? { status: input.status } : {}),
    ...(input.search
      ? {
          OR: [
            { to: { contains: input.search, mode: 'insensitive' } },
            { subject: { contains: input.search, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
  const { html: _html, text: _text, ...listSelect } = outboxSelect;
  const [rows, total] = await Promise.all([
    prisma.emailOutbox.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
      select: listSelect,
    }),
    prisma.emailOutbox.count({ where }),
  ]);
  return {
    items: rows.map(({ nextAttemptAt, sentAt, createdAt, ...row }) => ({
      ...row,
      nextAttemptAt: nextAttemptAt.toISOString(),
      sentAt: sentAt?.toISOString() ?? null,
      createdAt: createdAt.toISOString(),
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

export async function getOutboxMessage(prisma: PrismaClient, id: number): Promise<TOutboxMessage> {
  const row = await prisma.emailOutbox.findUnique({ where: { id }, select: outboxSelect });
  if (!row) throw new DomainError('not_found', MESSAGES.notFound);
  return toOutboxDto(row);
}

const RETRY_REFUSED = {
  sent: 'Ez a levél már el lett küldve, nem küldhető újra.',
  pending: 'Ez a levél már küldésre vár: a kézbesítő a következő körben magától újrapróbálja.',
} as const;

/**
 * Puts a message that failed for good back in line for the next worker run, with a fresh count of
 * attempts. Only failed ones: a pending message may be in the middle of being sent by a worker.
 */
export async function retryOutboxMessage(prisma: PrismaClient, id: number): Promise<TOutboxMessage> {
  const updated = await prisma.emailOutbox.updateMany({
    where: { id, status: 'failed' },
    data: { status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null },
  });
  if (updated.count === 0) {
    const existing = await prisma.emailOutbox.findUnique({ where: { id }, select: { status: true } });
    if (!existing) throw new DomainError('not_found', MESSAGES.notFound);
    throw new DomainError(
      'conflict',
      existing.status === 'sent' ? RETRY_REFUSED.sent : RETRY_REFUSED.pending,
    );
  }
  return getOutboxMessage(prisma, id);
}
