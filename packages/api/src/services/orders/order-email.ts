import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { escapeHtml } from '../../html-escape';
import { PICKUP_CARRIER_LABELS, type TOrder, vatClassShortLabel } from '../../schemas';
import { type BankDetails, getShopBankDetails } from '../checkout/payment-settings';
import { formatBudapestTime, formatForint } from '../email/format';
import { type EnqueueTemplatedEmailInput, enqueueTemplatedEmail } from '../email/outbox';
import type { TrustedHtml } from '../email/render';
import { htmlToText } from '../email/render';

export type { BankDetails };

/**
 * The bank account the admin saved in the payment settings (null until one is saved), from memory. Read
 * it before the order's transaction: on the embedded database a read beside an open transaction waits for it.
 */
export function shopBankDetails(deps: {
  prisma: PrismaClient;
  cache: VersionedCache;
}): Promise<BankDetails | null> {
  return getShopBankDetails(deps);
}

function trusted(html: string): TrustedHtml {
  return { html, text: htmlToText(html) };
}

const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:left"';
const numberCell = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap"';

function linesTable(order: OrderForEmail): TrustedHtml {
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td ${cell}>${line.gift ? '<strong>Ajándék:</strong> ' : ''}${escapeHtml(line.title)}${line.kutiId ? ` <small>(${escapeHtml(line.kutiId)})</small>` : ''}</td>` +
        `<td ${numberCell}>${line.quantity}</td><td ${numberCell}>${formatForint(line.unitPrice)}</td>` +
        `<td ${numberCell}>${vatClassShortLabel(line.vatClass)}</td><td ${numberCell}>${formatForint(line.lineTotal)}` +
        `${line.discount ? `<br><small>${formatForint(line.discount)} kedvezménnyel</small>` : ''}</td></tr>`,
    )
    .join('');
  return trusted(
    `<table style="border-collapse:collapse;width:100%"><thead><tr><th ${cell}>Termék</th><th ${numberCell}>Mennyiség</th>` +
      `<th ${numberCell}>Bruttó ár / db</th><th ${numberCell}>Áfa</th><th ${numberCell}>Bruttó összeg</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

const discountName = (discount: OrderForEmail['discounts'][number]) =>
  escapeHtml(discount.code ? `${discount.label} (${discount.code})` : discount.label);

/** The totals as the order page shows them: items before their discounts, each discount, the fees. */
function totals(order: OrderForEmail): TrustedHtml {
  const itemDiscounts = order.discounts.filter((discount) => !discount.shipping && discount.amount > 0);
  const waiver = order.discounts.find((discount) => discount.shipping);
  const listItems = order.itemsTotal + itemDiscounts.reduce((sum, discount) => sum + discount.amount, 0);
  const rows = [
    `Termékek: ${formatForint(listItems)}`,
    ...itemDiscounts.map(
      (discount) => `Kedvezmény – ${discountName(discount)}: −${formatForint(discount.amount)}`,
    ),
    `Szállítási díj (${escapeHtml(order.shippingMethod.name)}): ${formatForint(order.shippingMethod.fee)}` +
      (waiver ? ` – ${discountName(waiver)}` : ''),
    ...(order.paymentMethod.fee
      ? [`Fizetési díj (${escapeHtml(order.paymentMethod.name)}): ${formatForint(order.paymentMethod.fee)}`]
      : []),
    ...(order.rounding ? [`Kerekítés (készpénzes fizetés): ${formatForint(order.rounding)}`] : []),
    `<strong>Fizetendő végösszeg: ${formatForint(order.total)}</strong>`,
    `Ebből áfa: ${order.vat.map((line) => `${vatClassShortLabel(line.vatClass)}: ${formatForint(line.vat)}`).join(', ')} (összesen ${formatForint(order.vatContent)})`,
  ];
  return trusted(`<p>${rows.join('<br>')}</p>`);
}

function addressLine(address: {
  name: string;
  postcode: string;
  city: string;
  street: string;
  floorDoor: string | null;
}) {
  return escapeHtml(
    `${address.name}, ${address.postcode} ${address.city}, ${address.street}${address.floorDoor ? ` ${address.floorDoor}` : ''}`,
  );
}

function addresses(order: OrderForEmail): TrustedHtml {
  const billing = order.billingAddress;
  const company = billing.companyName
    ? `<br>Cégnév: ${escapeHtml(billing.companyName)}${billing.taxNumber ? `, adószám: ${escapeHtml(billing.taxNumber)}` : ''}` +
      (billing.euVatNumber ? `, közösségi adószám: ${escapeHtml(billing.euVatNumber)}` : '')
    : '';
  const point = order.pickupPoint;
  const shipping = point
    ? `<strong>Átvételi pont (${escapeHtml(PICKUP_CARRIER_LABELS[point.carrier])}):</strong> ${escapeHtml(`${point.name}, ${point.postcode} ${point.city}, ${point.street}`)}`
    : order.shippingAddress
      ? `<strong>Szállítási cím:</strong> ${addressLine(order.shippingAddress)}`
      : '<strong>Átvétel:</strong> személyesen, a szállítási módnál megadott helyen';
  return trusted(
    `<p>${shipping}<br><strong>Számlázási cím:</strong> ${addressLine(billing)}${company}<br>` +
      `<strong>Kapcsolattartó:</strong> ${escapeHtml(`${order.customer.lastName} ${order.customer.firstName}`)}, ` +
      `${escapeHtml(order.customer.email)}${order.customer.phone ? `, ${escapeHtml(order.customer.phone)}` : ''}</p>` +
      (order.note ? `<p><strong>Megjegyzés:</strong> ${escapeHtml(order.note)}</p>` : ''),
  );
}

function paymentInstructions(order: OrderForEmail, bank: BankDetails | null): TrustedHtml {
  switch (order.paymentMethod.provider) {
    case 'bank_transfer':
      if (!bank) {
        // No bank account saved yet: the shop has to send it, so the customer is told to wait for it.
        return trusted(
          `<p><strong>Átutalás</strong><br>Összeg: ${formatForint(order.total)}<br>` +
            `Közlemény: <strong>${escapeHtml(order.number)}</strong><br>` +
            'A bankszámlaszámot a bolt külön e-mailben küldi el, kérjük, addig ne utalj. A csomagot a jóváírás után adjuk fel.</p>',
        );
      }
      return trusted(
        `<p><strong>Átutalási adatok</strong><br>Kedvezményezett: ${escapeHtml(bank.holder)}<br>` +
          (bank.bankName ? `Bank: ${escapeHtml(bank.bankName)}<br>` : '') +
          `Bankszámlaszám: ${escapeHtml(bank.account)}<br>` +
          `Összeg: ${formatForint(order.total)}<br>Közlemény: <strong>${escapeHtml(order.number)}</strong><br>` +
          'A csomagot a jóváírás után adjuk fel.</p>',
      );
    case 'cash_on_delivery':
      return trusted(
        `<p>A végösszeget (${formatForint(order.total)}) a csomag átvételekor kell kifizetned.</p>`,
      );
    case 'barion':
      return trusted(
        '<p>Bankkártyás fizetés a Barion rendszerén keresztül. A fizetés állapotát a rendelés oldalán követheted; ' +
          'ha a fizetés megszakadt, ott újra elindíthatod.</p>',
      );
  }
}

/** What the order e-mails show of an order: everything but the lines' ids, which a new order has not got yet. */
export type OrderForEmail = Omit<TOrder, 'lines'> & { lines: Omit<TOrder['lines'][number], 'id'>[] };

type ConfirmationLinks = { orderLink: string; shopUrl: string; bank: BankDetails | null };

/** Queues the confirmation (spec "order" template, key `order_confirmation`) in the order's transaction. */
export async function enqueueOrderConfirmation(
  tx: Prisma.TransactionClient,
  order: OrderForEmail,
  links: ConfirmationLinks,
): Promise<void> {
  await enqueueTemplatedEmail(tx, orderConfirmationEmail(order, links));
}

/** The confirmation's recipient and values, for `enqueueTemplatedEmail` or `composeEmail`. */
export function orderConfirmationEmail(
  order: OrderForEmail,
  { orderLink, shopUrl, bank }: ConfirmationLinks,
): EnqueueTemplatedEmailInput {
  return {
    templateKey: 'order_confirmation',
    to: order.customer.email,
    variables: {
      firstName: order.customer.firstName,
      lastName: order.customer.lastName,
      orderNumber: order.number,
      orderDate: formatBudapestTime(new Date(order.createdAt)),
      orderTotal: formatForint(order.total),
      vatContent: formatForint(order.vatContent),
      shippingMethod: order.shippingMethod.name,
      paymentMethod: order.paymentMethod.name,
      deliveryTime: order.shippingMethod.deliveryTime ?? 'a szállítási tájékoztató szerint',
      orderLink,
      shopUrl,
      orderLines: linesTable(order),
      orderTotals: totals(order),
      orderAddresses: addresses(order),
      paymentInstructions: paymentInstructions(order, bank),
    },
  };
}
