import type { Prisma } from '@shop/db';
import { vatContentOf } from '../../schemas/checkout';
import { asVatClass, feeVatClass, type TVatClass, vatPercentOf } from '../../schemas/vat';
import type { BuyerKind, InvoiceLine, InvoiceRequest } from './invoicing-port';

/**
 * An order as an invoice (the fields an invoice must carry, rounded as invoicing software rounds):
 * 1. Every order line is an invoice line with its own VAT class; shipping and the payment fee are lines
 *    too, in the fee class (27 %, or AAM when the shop was alanyi adómentes: every line of the order AAM).
 * 2. Gross is what the order stored (whole forints per unit × quantity); VAT is derived per line from the
 *    gross (gross × rate / (100 + rate), rounded to the forint, as the order's own VAT content is), net is
 *    gross − VAT. So the lines add up to the order's exact total to the forint.
 * 3. Cash rounding of a cash-on-delivery total is not a line: it goes as the payable correction
 *    (fizetendoKorrekcio); the invoice's gross is the exact total, the payable the order's grand total.
 * 4. A buyer with a tax number is a Hungarian company (adoalany 1, its tax number, the EU VAT number if
 *    given); anyone else a private person (adoalany -1, no tax number).
 */

export const invoiceOrderSelect = {
  id: true,
  number: true,
  status: true,
  email: true,
  createdAt: true,
  completedAt: true,
  billingName: true,
  billingCompanyName: true,
  billingTaxNumber: true,
  billingEuVatNumber: true,
  billingPostcode: true,
  billingCity: true,
  billingStreet: true,
  billingFloorDoor: true,
  shippingMethodName: true,
  shippingFee: true,
  paymentMethodName: true,
  paymentProvider: true,
  paymentFee: true,
  itemsTotal: true,
  rounding: true,
  grandTotal: true,
  lines: {
    orderBy: { id: 'asc' },
    select: {
      productTitle: true,
      quantity: true,
      unitPrice: true,
      lineTotal: true,
      vatClass: true,
      unit: true,
    },
  },
  payments: { where: { status: 'succeeded' }, take: 1, select: { completedAt: true } },
} as const satisfies Prisma.OrderSelect;

export type InvoiceOrder = Prisma.OrderGetPayload<{ select: typeof invoiceOrderSelect }>;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Rule 2 for one line. */
export function invoiceLine(
  name: string,
  quantity: number,
  unit: string,
  gross: number,
  vat: TVatClass,
): InvoiceLine {
  const vatAmount = vatContentOf(gross, vatPercentOf(vat));
  const net = gross - vatAmount;
  return { name, quantity, unit, netUnitPrice: round2(net / quantity), vat, net, vatAmount, gross };
}

export function invoiceLines(
  order: Pick<
    InvoiceOrder,
    'lines' | 'shippingFee' | 'shippingMethodName' | 'paymentFee' | 'paymentMethodName'
  >,
): InvoiceLine[] {
  const classes = order.lines.map((line) => asVatClass(line.vatClass));
  const shopVatExempt = classes.length > 0 && classes.every((vatClass) => vatClass === 'AAM');
  const feeClass = feeVatClass(shopVatExempt);
  const lines = order.lines.map((line, index) =>
    invoiceLine(line.productTitle, line.quantity, line.unit || 'db', line.lineTotal, classes[index] ?? '27'),
  );
  if (order.shippingFee !== 0) {
    lines.push(invoiceLine(`Szállítás: ${order.shippingMethodName}`, 1, 'db', order.shippingFee, feeClass));
  }
  if (order.paymentFee !== 0) {
    lines.push(invoiceLine(`Fizetési díj: ${order.paymentMethodName}`, 1, 'db', order.paymentFee, feeClass));
  }
  return lines;
}

const PAYMENT_METHOD_NAMES: Record<string, string> = {
  barion: 'Bankkártya',
  cash_on_delivery: 'Utánvét',
  bank_transfer: 'Átutalás',
};

const FULFILLED = new Set(['processing', 'packed', 'shipped', 'ready_for_pickup', 'completed']);

/** Paid when invoiced: a succeeded card payment; cash on delivery once delivered; a transfer once fulfilled. */
export function isPaid(order: Pick<InvoiceOrder, 'paymentProvider' | 'status' | 'payments'>): boolean {
  if (order.paymentProvider === 'barion') return order.payments.length > 0;
  if (order.paymentProvider === 'cash_on_delivery') return order.status === 'completed';
  return FULFILLED.has(order.status);
}

/** A Budapest calendar day, YYYY-MM-DD. */
export function budapestDate(at: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Budapest' }).format(at);
}

const TRANSFER_DUE_DAYS = 8;

function buyerKind(order: InvoiceOrder): BuyerKind {
  return order.billingTaxNumber ? 'HU_COMPANY' : 'PRIVATE';
}

export function buildInvoiceRequest(
  order: InvoiceOrder,
  options: { externalId: string; prefix: string; eInvoice: boolean; sendToBuyer: boolean; now: Date },
): InvoiceRequest {
  const paid = isPaid(order);
  const issueDate = budapestDate(options.now);
  const kind = buyerKind(order);
  const due = new Date(options.now.getTime() + TRANSFER_DUE_DAYS * 86_400_000);
  return {
    externalId: options.externalId,
    orderNumber: order.number,
    prefix: options.prefix,
    eInvoice: options.eInvoice,
    sendToBuyer: options.sendToBuyer,
    issueDate,
    fulfilmentDate: order.completedAt ? budapestDate(order.completedAt) : issueDate,
    dueDate: !paid && order.paymentProvider === 'bank_transfer' ? budapestDate(due) : issueDate,
    paymentMethod: PAYMENT_METHOD_NAMES[order.paymentProvider] ?? order.paymentMethodName,
    paid,
    payableCorrection: order.rounding,
    buyer: {
      name: (kind === 'PRIVATE' ? null : order.billingCompanyName) || order.billingName,
      postcode: order.billingPostcode,
      city: order.billingCity,
      address: [order.billingStreet, order.billingFloorDoor].filter(Boolean).join(' '),
      country: 'Magyarország',
      email: order.email,
      kind,
      taxNumber: kind === 'PRIVATE' ? null : order.billingTaxNumber,
      euVatNumber: kind === 'PRIVATE' ? null : order.billingEuVatNumber,
    },
    lines: invoiceLines(order),
  };
}
