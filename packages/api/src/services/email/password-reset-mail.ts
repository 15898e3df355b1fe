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

/** What the outbox shows of a reset message, before and after sending. */
export const REDACTED_RESET_BODY =
  'A jelszó-visszaállító linket a küldés pillanatában tesszük a levélbe; biztonsági okból nem tároljuk.';
export const RESET_QUEUED_SUBJECT = 'Új jelszó beállítása (jelszó-visszaállító link)';

/** Queues a reset e-mail to `to` (a normalised address) with no link in it. */
export async function enqueuePasswordResetEmail(db: EmailDb, to: string): Promise<void> {
  await db.emailOutbox.create({
    data: {
      to,
      templateKey: PASSWORD_RESET_TEMPLATE,
      subject: RESET_QUEUED_SUBJECT,
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
  { publicUrl, now }: { publicUrl: string; now: Date },
): Promise<PreparedResetEmail | null> {
  const user = await prisma.user.findUnique({
    where: { email: to },
    select: { id: true, firstName: true, anonymizedAt: true },
  });
  if (!user || user.anonymizedAt) return null;
  const template = await prisma.emailTemplate.findUnique({
    where: { key: PASSWORD_RESET_TEMPLATE },
    select: { subject: true, bodyHtml: true },
  });
  if (!template) {
    throw new Error(
      `Az e-mail nem állítható össze: hiányzik ${withArticle(`„${PASSWORD_RESET_TEMPLATE}”`)} kulcsú e-mail-sablon.`,
    );
  }
  const token = generateToken();
  const expiredBefore = new Date(now.getTime() - PASSWORD_RESET_TTL_MS);
  const stored = await prisma.$transaction(async (tx) => {
    await tx.passwordResetToken.deleteMany({ where: { userId: user.id, expiresAt: { lt: expiredBefore } } });
    return tx.passwordResetToken.create({
      data: {
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
      },
      select: { id: true },
    });
  });
  const rendered = renderEmail(template, {
    firstName: user.firstName,
    resetLink: `${publicUrl.replace(/\/+$/, '')}/newpassword/${token}`,
    expiresInMinutes: String(PASSWORD_RESET_TTL_MS / 60_000),
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
