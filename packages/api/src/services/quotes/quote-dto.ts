import type { Prisma } from '@shop/db';
import type { TQuote, TQuoteLine, TQuoteStatus } from '../../schemas';
import type { CatalogueIndex } from '../catalogue/in-memory-index';
import { soldTitle } from '../catalogue/variants';
import { budapestDay } from '../dashboard';

export const quoteSelect = {
  id: true,
  offerRequestId: true,
  email: true,
  userId: true,
  validUntil: true,
  note: true,
  sentAt: true,
  orderId: true,
  createdAt: true,
  lines: {
    select: { id: true, productId: true, variantId: true, quantity: true, unitPrice: true },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  },
} as const satisfies Prisma.QuoteSelect;

export type QuoteRow = Prisma.QuoteGetPayload<{ select: typeof quoteSelect }>;

/** What decides whether a quote's prices still hold. */
export type QuoteState = Pick<QuoteRow, 'validUntil' | 'sentAt' | 'orderId'>;

/** `validUntil` is stored as the instant the day after the last valid Budapest day starts. */
export function quoteStatus(quote: QuoteState, now: Date): TQuoteStatus {
  if (quote.orderId !== null) return 'used';
  if (quote.validUntil <= now) return 'expired';
  return quote.sentAt === null ? 'draft' : 'sent';
}

/** The last Budapest day a quote is valid on, from the exclusive instant stored. */
export function lastValidDay(validUntil: Date): string {
  return budapestDay(new Date(validUntil.getTime() - 1));
}

/** A quote line under the name it is sold by: "Póló, kék, M" for a variant. */
export function quoteLineDto(line: QuoteRow['lines'][number], index: CatalogueIndex): TQuoteLine {
  const product = index.byId.get(line.productId);
  const variant = line.variantId === null ? null : (index.variantsById.get(line.variantId) ?? null);
  return {
    id: line.id,
    product: line.productId,
    variant: line.variantId,
    title: product ? soldTitle(product.title, variant) : `#${line.productId}`,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    lineTotal: line.unitPrice * line.quantity,
  };
}

export function toQuoteDto(row: QuoteRow, index: CatalogueIndex, now: Date): TQuote {
  const lines = row.lines.map((line) => quoteLineDto(line, index));
  return {
    id: row.id,
    offerRequestId: row.offerRequestId,
    email: row.email,
    customerId: row.userId,
    validUntil: lastValidDay(row.validUntil),
    note: row.note,
    status: quoteStatus(row, now),
    sentAt: row.sentAt?.toISOString() ?? null,
    orderId: row.orderId,
    total: lines.reduce((sum, line) => sum + line.lineTotal, 0),
    lines,
    createdAt: row.createdAt.toISOString(),
  };
}
