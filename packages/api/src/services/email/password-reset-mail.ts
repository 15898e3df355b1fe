import type { PrismaClient } from '@shop/db';
import { withArticle } from '../../schemas/hungarian';
import { generateToken, hashToken } from '../session';
import type { EmailDb } from './outbox';
import { renderEmail } from './render';

/**
 * A password-reset e-mail never rests anywhere with its link. The request queues an outbox row
 * that holds only the recipient and a redacted body, the same row whether or not the address has
 * an account (so the request takes the same work either way). At send time the worker makes the
 * single-use token (storing its hash), renders the link into the message it hands to SMTP, and
 * the row keeps the redacted body. No database row and no admin screen ever shows a live link.
 */
export const PASSWORD_RESET_TEMPLATE = 'password_reset';

/** A reset link works this long, and only once. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * A new staff member's invitation (services/staff.ts) carries the same kind of link, made the same way
 * at send time: they set their own password with it. It lasts three days, as an invitation may wait.
 */
export const STAFF_INVITE_TEMPLATE = 'staff_invite';
export const STAFF_INVITE_TTL_MS = 72 * 60 * 60 * 1000;

/** The e-mails whose set-a-password link is made only when they are sent, and how long each link lasts. */
export const LINK_EMAIL_TTL_MS: Readonly<Record<string, number>> = {
  [PASSWORD_RESET_TEMPLATE]: PASSWORD_RESET_TTL_MS,
  [STAFF_INVITE_TEMPLATE]: STAFF_INVITE_TTL_MS,
};

/** What the outbox shows of a reset message, before and after sending. */
export const REDACTED_RESET_BODY =
  'A jelszó-visszaállító linket a küldés pillanatában tesszük a levélbe; biztonsági okból nem tároljuk.';
export const RESET_QUEUED_SUBJECT = 'Új jelszó beállítása (jelszó-visszaállító link)';

export const INVITE_QUEUED_SUBJECT = 'Meghívó a webáruház adminjába (jelszóbeállító link)';

/** Queues a reset e-mail to `to` (a normalised address) with no link in it. */
export async function enqueuePasswordResetEmail(db: EmailDb, to: string): Promise<void> {
  await enqueueLinkEmail(db, to, PASSWORD_RESET_TEMPLATE, RESET_QUEUED_SUBJECT);
}

/** Queues a staff invitation to `to` with no link in it: the link is made when it is sent. */
export async function enqueueStaffInviteEmail(db: EmailDb, to: string): Promise<void> {
  await enqueueLinkEmail(db, to, STAFF_INVITE_TEMPLATE, INVITE_QUEUED_SUBJECT);
}

async function enqueueLinkEmail(
  db: EmailDb,
  to: string,
  templateKey: string,
  subject: string,
): Promise<void> {
  await db.emailOutbox.create({
    data: {
      to,
      templateKey,
      subject,
      html: `<p>${REDACTED_RESET_BODY}</p>`,
      text: REDACTED_RESET_BODY,
    },
    select: { id: true },
  });
}

export type PreparedResetEmail = {
  subject: string;
  html: string;
  text: string;
  /** Drops the token again when the message could not be handed over. */
  discard(): Promise<void>;
};

/**
 * The message to send for a queued reset: a fresh token for the account's live owner, rendered
 * into the template. Null when no live account has the address (nothing is sent, nothing kept).
 */
export async function preparePasswordResetEmail(
  prisma: PrismaClient,
  to: string,
  {
    publicUrl,
    now,
    templateKey = PASSWORD_RESET_TEMPLATE,
  }: { publicUrl: string; now: Date; templateKey?: string },
): Promise<PreparedResetEmail | null> {
  const ttlMs = LINK_EMAIL_TTL_MS[templateKey] ?? PASSWORD_RESET_TTL_MS;
  const user = await prisma.user.findUnique({
    where: { email: to },
    select: { id: true, firstName: true, anonymizedAt: true, suspendedAt: true },
  });
  if (!user || user.anonymizedAt || user.suspendedAt) return null;
  const template = await prisma.emailTemplate.findUnique({
    where: { key: templateKey },
    select: { subject: true, bodyHtml: true },
  });
  if (!template) {
    throw new Error(
      `Az e-mail nem állítható össze: hiányzik ${withArticle(`„${templateKey}”`)} kulcsú e-mail-sablon.`,
    );
  }
  const token = generateToken();
  const expiredBefore = new Date(now.getTime() - STAFF_INVITE_TTL_MS);
  const stored = await prisma.$transaction(async (tx) => {
    await tx.passwordResetToken.deleteMany({ where: { userId: user.id, expiresAt: { lt: expiredBefore } } });
    return tx.passwordResetToken.create({
      data: {
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
      },
      select: { id: true },
    });
  });
  const rendered = renderEmail(template, {
    firstName: user.firstName,
    resetLink: `${publicUrl.replace(/\/+$/, '')}/newpassword/${token}`,
    expiresInMinutes: String(ttlMs / 60_000),
    expiresInHours: String(ttlMs / 3_600_000),
  });
  return {
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    discard: async () => {
      await prisma.passwordResetToken.deleteMany({ where: { id: stored.id } });
    },
  };
}
