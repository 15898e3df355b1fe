import type { Prisma, PrismaClient } from '@shop/db';
import type {
  TContactMessage,
  TContactMessageListOutput,
  TContactSubmission,
  TInquiryListInput,
  TInquiryStatusInput,
} from '../../schemas/contact';
import { enqueueTemplatedEmail, getShopNotificationAddress } from '../email';
import { claimFormToken } from './form-token';
import {
  admitInquiry,
  type InquirySender,
  inquiryListQuery,
  notFound,
  orDash,
  statusChange,
} from './inquiry';

const contactSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  subject: true,
  message: true,
  status: true,
  userId: true,
  consentAt: true,
  createdAt: true,
  statusChangedAt: true,
} as const satisfies Prisma.ContactMessageSelect;

type ContactRow = Prisma.ContactMessageGetPayload<{ select: typeof contactSelect }>;

function toContactDto(row: ContactRow): TContactMessage {
  return {
    ...row,
    consentAt: row.consentAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/contact: the message is stored, the shop is notified and the sender gets an
 * acknowledgement, all in one transaction with the form token's one use, so either everything
 * happened or nothing did.
 */
export async function submitContactMessage(
  prisma: PrismaClient,
  sender: InquirySender,
  input: TContactSubmission,
): Promise<{ ok: true }> {
  const submission = await admitInquiry(prisma, sender, 'kapcsolat', input);
  if (!submission) return { ok: true };
  await prisma.$transaction(async (tx) => {
    if ((await claimFormToken(tx, submission)) === 'repeat') return;
    await tx.contactMessage.create({
      data: {
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        subject: input.subject,
        message: input.message,
        consentAt: new Date(),
        userId: sender.userId,
      },
      select: { id: true },
    });
    const variables = {
      name: input.name,
      email: input.email,
      phone: orDash(input.phone),
      subject: input.subject,
      message: input.message,
      shopUrl: sender.publicUrl,
    };
    const shop = await getShopNotificationAddress(tx);
    if (shop) await enqueueTemplatedEmail(tx, { templateKey: 'contact_message', to: shop, variables });
    await enqueueTemplatedEmail(tx, { templateKey: 'contact_received', to: input.email, variables });
  });
  return { ok: true };
}

export async function listContactMessages(
  prisma: PrismaClient,
  input: TInquiryListInput,
): Promise<TContactMessageListOutput> {
  const query = inquiryListQuery(input);
  const [rows, total] = await Promise.all([
    prisma.contactMessage.findMany({ ...query, select: contactSelect }),
    prisma.contactMessage.count({ where: query.where }),
  ]);
  return { items: rows.map(toContactDto), total, page: input.page, pageSize: input.pageSize };
}

export async function getContactMessage(prisma: PrismaClient, id: number): Promise<TContactMessage> {
  const row = await prisma.contactMessage.findUnique({ where: { id }, select: contactSelect });
  if (!row) throw notFound();
  return toContactDto(row);
}

export async function setContactMessageStatus(
  prisma: PrismaClient,
  { id, status }: TInquiryStatusInput,
): Promise<TContactMessage> {
  const updated = await prisma.contactMessage.updateMany({
    where: { id, status: { not: status } },
    data: statusChange(status),
  });
  if (updated.count === 0 && !(await prisma.contactMessage.count({ where: { id } }))) throw notFound();
  return getContactMessage(prisma, id);
}
