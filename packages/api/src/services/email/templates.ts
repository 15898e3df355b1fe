import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError, MESSAGES } from '../../errors';
import {
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_PLACEHOLDERS,
  isBuiltInEmailKey,
  type TEmailPreviewInput,
  type TEmailPreviewOutput,
  type TEmailTemplate,
  type TEmailTemplateCreateInput,
  type TEmailTemplateListOutput,
  type TEmailTemplateUpdateInput,
} from '../../schemas/email';
import { sanitizeHtml, sanitizeOptionalHtml } from '../html-sanitize';
import { htmlToText, renderEmail } from './render';
import { bumpEmailTemplates, invalidateEmailTemplates } from './template-cache';

export const BUILT_IN_DELETE_REFUSED =
  'Ez a sablon nem törölhető, mert a webáruház ezzel küldi a leveleit. A szövegét módosíthatod.';
export const BUILT_IN_KEY_LOCKED =
  'Ennek a sablonnak a kulcsa nem módosítható, mert a webáruház ezzel a kulccsal küldi a leveleit.';
const KEY_TAKEN = 'Ilyen kulcsú e-mail-sablon már létezik. Kérjük, adj meg másikat!';

const templateSelect = {
  id: true,
  key: true,
  name: true,
  subject: true,
  bodyHtml: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.EmailTemplateSelect;

type TemplateRow = Prisma.EmailTemplateGetPayload<{ select: typeof templateSelect }>;

function placeholdersOf(key: string): string[] {
  return isBuiltInEmailKey(key) ? [...EMAIL_TEMPLATE_PLACEHOLDERS[key]] : [];
}

function toTemplateDto(row: TemplateRow): TEmailTemplate {
  return {
    ...row,
    builtIn: isBuiltInEmailKey(row.key),
    placeholders: placeholdersOf(row.key),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listEmailTemplates(prisma: PrismaClient): Promise<TEmailTemplateListOutput> {
  const rows = await prisma.emailTemplate.findMany({ orderBy: { id: 'asc' }, select: templateSelect });
  const items = rows.map((row) => {
    const { bodyHtml: _bodyHtml, ...item } = toTemplateDto(row);
    return item;
  });
  return { items };
}

export async function getEmailTemplate(prisma: PrismaClient, id: number): Promise<TEmailTemplate> {
  const row = await prisma.emailTemplate.findUnique({ where: { id }, select: templateSelect });
  if (!row) throw new DomainError('not_found', MESSAGES.notFound);
  return toTemplateDto(row);
}

async function assertKeyFree(db: Prisma.TransactionClient, key: string, exceptId?: number): Promise<void> {
  const other = await db.emailTemplate.findUnique({ where: { key }, select: { id: true } });
  if (other && other.id !== exceptId) {
    throw new DomainError('conflict', KEY_TAKEN, [{ path: 'key', message: KEY_TAKEN }]);
  }
}

export async function createEmailTemplate(
  prisma: PrismaClient,
  input: TEmailTemplateCreateInput,
): Promise<TEmailTemplate> {
  const created = await prisma.$transaction(async (tx) => {
    await assertKeyFree(tx, input.key);
    await bumpEmailTemplates(tx);
    const data = { ...input, bodyHtml: sanitizeHtml(input.bodyHtml) };
    return toTemplateDto(await tx.emailTemplate.create({ data, select: templateSelect }));
  });
  invalidateEmailTemplates(prisma);
  return created;
}

/** A built-in template's text can change, its key cannot: the shop sends it by that key. */
export async function updateEmailTemplate(
  prisma: PrismaClient,
  { id, ...fields }: TEmailTemplateUpdateInput,
): Promise<TEmailTemplate> {
  const updated = await prisma.$transaction(async (tx) => {
    const existing = await tx.emailTemplate.findUnique({ where: { id }, select: { key: true } });
    if (!existing) throw new DomainError('not_found', MESSAGES.notFound);
    if (fields.key !== undefined && fields.key !== existing.key) {
      if (isBuiltInEmailKey(existing.key)) {
        throw new DomainError('conflict', BUILT_IN_KEY_LOCKED, [
          { path: 'key', message: BUILT_IN_KEY_LOCKED },
        ]);
      }
      await assertKeyFree(tx, fields.key, id);
    }
    await bumpEmailTemplates(tx);
    const data = { ...fields, bodyHtml: sanitizeOptionalHtml(fields.bodyHtml) };
    return toTemplateDto(await tx.emailTemplate.update({ where: { id }, data, select: templateSelect }));
  });
  invalidateEmailTemplates(prisma);
  return updated;
}

export async function deleteEmailTemplate(prisma: PrismaClient, id: number): Promise<void> {
  const existing = await prisma.emailTemplate.findUnique({ where: { id }, select: { key: true } });
  if (!existing) throw new DomainError('not_found', MESSAGES.notFound);
  if (isBuiltInEmailKey(existing.key)) throw new DomainError('conflict', BUILT_IN_DELETE_REFUSED);
  const deleted = await prisma.$transaction(async (tx) => {
    await bumpEmailTemplates(tx);
    return tx.emailTemplate.deleteMany({ where: { id } });
  });
  invalidateEmailTemplates(prisma);
  if (deleted.count === 0) throw new DomainError('not_found', MESSAGES.notFound);
}

/**
 * The editor's preview: the unsaved subject and body rendered with Hungarian sample values, exactly
 * as a customer would receive them (escaping and plain-text alternative included). Placeholders the
 * shop does not fill in for this template are reported and stay visible.
 */
export function previewEmailTemplate(input: TEmailPreviewInput): TEmailPreviewOutput {
  const known =
    input.key && isBuiltInEmailKey(input.key) ? EMAIL_TEMPLATE_PLACEHOLDERS[input.key] : undefined;
  const names = known ?? (Object.keys(EMAIL_PLACEHOLDERS) as (keyof typeof EMAIL_PLACEHOLDERS)[]);
  const samples = Object.fromEntries(
    names.map((name) => {
      const placeholder: { sample: string; html?: true } = EMAIL_PLACEHOLDERS[name];
      const value = placeholder.html
        ? { html: placeholder.sample, text: htmlToText(placeholder.sample) }
        : placeholder.sample;
      return [name, value];
    }),
  );
  // Shown as it will be stored: cleaned by the same allow-list as a save.
  return renderEmail({ subject: input.subject, bodyHtml: sanitizeHtml(input.bodyHtml) }, samples);
}
