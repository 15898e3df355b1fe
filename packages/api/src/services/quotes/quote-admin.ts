import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError, MESSAGES } from '../../errors';
import type {
  TQuote,
  TQuoteCreateInput,
  TQuoteLineInput,
  TQuoteListInput,
  TQuoteListOutput,
  TQuoteProposal,
  TQuoteUpdateInput,
} from '../../schemas';
import { budapestDayEnd } from '../budapest-time';
import { lineChoice, lineKey, lineProblemError } from '../cart/line-variant';
import { type CatalogueIndex, getCatalogueIndex } from '../catalogue/in-memory-index';
import { GUEST } from '../catalogue/pricing';
import { soldTitle, variantUnitPrice } from '../catalogue/variants';
import { budapestDay } from '../dashboard';
import { generateToken, hashToken } from '../session';
import { type QuoteRow, quoteSelect, quoteStatus, toQuoteDto } from './quote-dto';
import { enqueueQuoteEmail } from './quote-email';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

export const QUOTE_PAGE_SIZE = 20;
export const QUOTE_USED = 'Ebből az árajánlatból már rendelés készült, nem módosítható.';
export const QUOTE_EXPIRED = 'Az árajánlat lejárt; küldés előtt adj meg későbbi érvényességi dátumot.';
const VALID_UNTIL_PAST = 'Az érvényesség utolsó napja nem lehet korábbi a mai napnál.';

async function toDtos(deps: Deps, rows: QuoteRow[]): Promise<TQuote[]> {
  const index = await getCatalogueIndex(deps);
  const now = new Date();
  return rows.map((row) => toQuoteDto(row, index, now));
}

export async function listQuotes(deps: Deps, input: TQuoteListInput): Promise<TQuoteListOutput> {
  const where: Prisma.QuoteWhereInput = input.offerRequest ? { offerRequestId: input.offerRequest } : {};
  const [rows, total] = await Promise.all([
    deps.prisma.quote.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * QUOTE_PAGE_SIZE,
      take: QUOTE_PAGE_SIZE,
      select: quoteSelect,
    }),
    deps.prisma.quote.count({ where }),
  ]);
  return { items: await toDtos(deps, rows), total, page: input.page, pageSize: QUOTE_PAGE_SIZE };
}

export async function getQuote(deps: Deps, id: number): Promise<TQuote> {
  const row = await deps.prisma.quote.findUnique({ where: { id }, select: quoteSelect });
  if (!row) throw new DomainError('not_found', MESSAGES.notFound);
  const [dto] = await toDtos(deps, [row]);
  return dto!;
}

/** How long a new quote is proposed to be valid, in days. */
const PROPOSED_VALIDITY_DAYS = 14;

/**
 * A new quote's starting point: the requested products that still exist, each at the shop's list price
 * for the requested quantity (the admin lowers it), valid for two weeks. A requested variant is proposed
 * as asked; a line of a product sold in variants whose variant is no longer sold (or was never named,
 * in a request from before variants) comes without one, under the title asked for, for the admin to choose.
 */
export async function proposeQuote(deps: Deps, offerRequestId: number): Promise<TQuoteProposal> {
  const request = await deps.prisma.offerRequest.findUnique({
    where: { id: offerRequestId },
    select: {
      email: true,
      lines: {
        select: { productId: true, variantId: true, productTitle: true, quantity: true },
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
      },
    },
  });
  if (!request) throw new DomainError('not_found', 'Nincs ilyen ajánlatkérés.');
  const index = await getCatalogueIndex(deps);
  const lines: TQuoteProposal['lines'] = [];
  const unmatched: TQuoteProposal['unmatched'] = [];
  for (const line of request.lines) {
    const product = line.productId === null ? undefined : index.byId.get(line.productId);
    const choice = product ? lineChoice(index, product, line.variantId) : null;
    const variant = choice?.ok ? choice.variant : null;
    const key = product ? lineKey({ product: product.id, variant: variant?.id }) : null;
    if (!product || lines.some((taken) => lineKey(taken) === key)) {
      unmatched.push({ title: line.productTitle, quantity: line.quantity });
      continue;
    }
    const unitPrice = variantUnitPrice(product, variant, GUEST, line.quantity);
    lines.push({
      product: product.id,
      variant: variant?.id ?? null,
      title: choice?.ok ? soldTitle(product.title, variant) : line.productTitle,
      quantity: line.quantity,
      unitPrice,
      lineTotal: unitPrice * line.quantity,
    });
  }
  const validUntil = budapestDay(new Date(Date.now() + PROPOSED_VALIDITY_DAYS * 24 * 60 * 60 * 1000));
  return { email: request.email.trim().toLowerCase(), lines, unmatched, validUntil };
}

/** The stored, exclusive end of the last valid Budapest day; that day may not be in the past. */
function validUntilOf(day: string): Date {
  const end = budapestDayEnd(day);
  if (end <= new Date()) {
    throw new DomainError('invalid_input', VALID_UNTIL_PAST, [
      { path: 'validUntil', message: VALID_UNTIL_PAST },
    ]);
  }
  return end;
}

/**
 * Every line names an existing product and, as a cart line must (line-variant.ts), one of its enabled
 * variants exactly when it is sold in variants: a quote the customer could not put into the cart is
 * refused when written, not when accepted.
 */
async function assertLinesSellable(
  tx: Prisma.TransactionClient,
  index: CatalogueIndex,
  lines: readonly TQuoteLineInput[],
) {
  const ids = lines.map((line) => line.product);
  const found = await tx.product.findMany({ where: { id: { in: ids } }, select: { id: true } });
  const known = new Set(found.map((row) => row.id));
  for (const [at, line] of lines.entries()) {
    const product = known.has(line.product) ? index.byId.get(line.product) : undefined;
    if (!product) {
      const message = `Nincs ilyen termék (#${line.product}).`;
      throw new DomainError('invalid_input', message, [{ path: `lines.${at}.product`, message }]);
    }
    const choice = lineChoice(index, product, line.variant);
    if (!choice.ok) throw lineProblemError(choice.problem, `lines.${at}.variant`);
  }
}

function lineRows(lines: readonly TQuoteLineInput[]) {
  return lines.map((line, position) => ({
    productId: line.product,
    variantId: line.variant ?? null,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    position,
  }));
}

/**
 * A draft quote for an offer request. It is for the requester's e-mail; the customer account is the
 * request's own, else the customer account with that e-mail, else none until they accept it signed in.
 * The token stored now is never told to anyone: sending replaces it with one the e-mail carries.
 */
export async function createQuote(
  deps: Deps,
  createdById: number,
  input: TQuoteCreateInput,
): Promise<TQuote> {
  const validUntil = validUntilOf(input.validUntil);
  const index = await getCatalogueIndex(deps);
  const row = await deps.prisma.$transaction(async (tx) => {
    const request = await tx.offerRequest.findUnique({
      where: { id: input.offerRequestId },
      select: { email: true, userId: true },
    });
    if (!request) throw new DomainError('not_found', 'Nincs ilyen ajánlatkérés.');
    await assertLinesSellable(tx, index, input.lines);
    const email = request.email.trim().toLowerCase();
    const customer =
      request.userId ??
      (
        await tx.user.findFirst({
          where: { email, role: 'customer', anonymizedAt: null },
          select: { id: true },
        })
      )?.id ??
      null;
    return tx.quote.create({
      data: {
        offerRequestId: input.offerRequestId,
        email,
        userId: customer,
        tokenHash: hashToken(generateToken()),
        validUntil,
        note: input.note || null,
        createdById,
        lines: { create: lineRows(input.lines) },
      },
      select: quoteSelect,
    });
  });
  const [dto] = await toDtos(deps, [row]);
  return dto!;
}

/** Locks the quote's row, so a change never crosses an order that is using it. */
async function lockUnusedQuote(tx: Prisma.TransactionClient, id: number): Promise<QuoteRow> {
  await tx.$queryRaw`SELECT id FROM "Quote" WHERE id = ${id} FOR UPDATE`;
  const row = await tx.quote.findUnique({ where: { id }, select: quoteSelect });
  if (!row) throw new DomainError('not_found', MESSAGES.notFound);
  if (row.orderId !== null) throw new DomainError('conflict', QUOTE_USED);
  return row;
}

/**
 * Replaces the lines, validity and note. A sent link keeps working and shows the new prices; cart lines
 * of removed quote lines fall back to the shop's price (their `quoteLineId` is cleared by the database).
 */
export async function updateQuote(deps: Deps, input: TQuoteUpdateInput): Promise<TQuote> {
  const validUntil = validUntilOf(input.validUntil);
  const index = await getCatalogueIndex(deps);
  const row = await deps.prisma.$transaction(async (tx) => {
    await lockUnusedQuote(tx, input.id);
    await assertLinesSellable(tx, index, input.lines);
    const existing = await tx.quoteLine.findMany({
      where: { quoteId: input.id },
      select: { id: true, productId: true, variantId: true },
    });
    const byItem = new Map(
      existing.map((line) => [lineKey({ product: line.productId, variant: line.variantId }), line.id]),
    );
    const kept = new Set<number>();
    // A line of a product and variant already quoted keeps its id, so a cart holding it keeps the
    // quoted price; a line switched to another variant is a new line, and the cart's old one falls back.
    for (const line of lineRows(input.lines)) {
      const id = byItem.get(lineKey({ product: line.productId, variant: line.variantId }));
      if (id === undefined) {
        const created = await tx.quoteLine.create({
          data: { ...line, quoteId: input.id },
          select: { id: true },
        });
        kept.add(created.id);
      } else {
        kept.add(id);
        await tx.quoteLine.update({ where: { id }, data: line });
      }
    }
    await tx.quoteLine.deleteMany({ where: { quoteId: input.id, id: { notIn: [...kept] } } });
    return tx.quote.update({
      where: { id: input.id },
      data: { validUntil, note: input.note || null },
      select: quoteSelect,
    });
  });
  const [dto] = await toDtos(deps, [row]);
  return dto!;
}

export async function deleteQuote(prisma: PrismaClient, id: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await lockUnusedQuote(tx, id);
    await tx.quote.delete({ where: { id } });
  });
}

/**
 * E-mails the quote with a new link (`quote_sent`); a link sent before stops working. The offer request
 * counts as answered from then on.
 */
export async function sendQuote(deps: Deps & { publicUrl: string }, id: number): Promise<TQuote> {
  const index = await getCatalogueIndex(deps);
  const row = await deps.prisma.$transaction(async (tx) => {
    const quote = await lockUnusedQuote(tx, id);
    const now = new Date();
    if (quoteStatus(quote, now) === 'expired') throw new DomainError('conflict', QUOTE_EXPIRED);
    const token = generateToken();
    const sent = await tx.quote.update({
      where: { id },
      data: { tokenHash: hashToken(token), sentAt: now },
      select: quoteSelect,
    });
    const request = await tx.offerRequest.findUniqueOrThrow({
      where: { id: quote.offerRequestId },
      select: { name: true, status: true },
    });
    await enqueueQuoteEmail(tx, {
      quote: toQuoteDto(sent, index, now),
      name: request.name,
      link: `${deps.publicUrl}/quote/${token}`,
    });
    if (request.status === 'new') {
      await tx.offerRequest.update({
        where: { id: quote.offerRequestId },
        data: { status: 'answered', statusChangedAt: now },
      });
    }
    return sent;
  });
  const [dto] = await toDtos(deps, [row]);
  return dto!;
}
