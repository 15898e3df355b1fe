import type { PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type { TBinaryFileOutput, TOrderInvoicesOutput } from '../../schemas/invoice';
import { accessKeyMatches } from '../orders/order-access';
import { ORDER_NOT_FOUND, type OrderViewer } from '../orders/order-read';
import { sessionAllows } from '../session';
import { canIssueInvoice } from './invoice-queue';

export const INVOICE_NOT_FOUND = 'A rendeléshez még nincs letölthető számla.';

/** The shop's own download link of an order's invoice (or storno) PDF. */
export function invoiceUrl(orderId: number, kind: 'invoice' | 'storno' = 'invoice'): string {
  return `/api/order/${orderId}/invoice${kind === 'storno' ? '?kind=storno' : ''}`;
}

/**
 * GET /api/order/{id}/invoice: the PDF for whoever may see the order (its customer, the private link's
 * key, admins and `invoices:read` or `orders:read` keys); anyone else gets the same 404 as for a missing order.
 */
export async function invoicePdfFor(
  prisma: PrismaClient,
  orderId: number,
  kind: 'invoice' | 'storno',
  { session, key, staff }: OrderViewer,
): Promise<TBinaryFileOutput> {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: { userId: true, accessKeyHash: true },
  });
  const allowed =
    order &&
    (staff ||
      sessionAllows(session, 'invoices:read') ||
      (session !== null && order.userId === session.user.id) ||
      (key !== undefined && accessKeyMatches(key, order.accessKeyHash)));
  if (!allowed) throw new DomainError('not_found', ORDER_NOT_FOUND);
  const invoice = await prisma.invoice.findUnique({
    where: { orderId_kind: { orderId, kind } },
    select: { status: true, number: true, pdf: true },
  });
  if (invoice?.status !== 'issued' || !invoice.number || !invoice.pdf) {
    throw new DomainError('not_found', INVOICE_NOT_FOUND);
  }
  return {
    filename: `szamla-${invoice.number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`,
    contentType: 'application/pdf',
    content: Buffer.from(invoice.pdf).toString('base64'),
  };
}

/** The admin's view: the order's invoice and storno with their state and the provider's last message. */
export async function orderInvoices(prisma: PrismaClient, orderId: number): Promise<TOrderInvoicesOutput> {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      status: true,
      invoices: {
        orderBy: { id: 'asc' },
        select: {
          kind: true,
          status: true,
          provider: true,
          number: true,
          grossTotal: true,
          attempts: true,
          lastError: true,
          nextAttemptAt: true,
          issuedAt: true,
        },
      },
    },
  });
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  const hasInvoice = order.invoices.some((invoice) => invoice.kind === 'invoice');
  return {
    items: order.invoices.map((invoice) => {
      const kind = invoice.kind === 'storno' ? 'storno' : 'invoice';
      return {
        kind,
        status: invoice.status,
        provider: invoice.provider,
        number: invoice.number,
        grossTotal: invoice.grossTotal,
        attempts: invoice.attempts,
        lastError: invoice.lastError,
        nextAttemptAt: invoice.status === 'pending' ? invoice.nextAttemptAt.toISOString() : null,
        issuedAt: invoice.issuedAt?.toISOString() ?? null,
        url: invoice.status === 'issued' ? invoiceUrl(orderId, kind) : null,
      };
    }),
    canIssue: hasInvoice
      ? order.invoices.some((invoice) => invoice.status === 'failed')
      : canIssueInvoice(order.status),
  };
}
