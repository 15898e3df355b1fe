import type {
  TAdminOrderDetail,
  TOrderAuditEntry,
  TOrderRefunds,
  TOrderSummary,
  TStaffOrder,
} from '../../schemas';

/**
 * What of an order a staff member without `customers:read` (the warehouse role) is sent: the order without the customer's data beyond the delivery address (#28).
 *
 * Kept, because packing and handing over a parcel need them: the recipient's name (the customer's first
 * and last name: a pickup point or the shop's counter hands the parcel to that name, and a personal
 * pickup has no address at all), the shipping address, the pickup point, and the buyer's note on the
 * order (it carries delivery instructions). Also kept: the account's id, which is no data in itself.
 *
 * Left out (the fields are absent, not null, so null keeps meaning "none"): the customer's e-mail address
 * and phone number, the billing address with its company name and tax numbers, the bank account given
 * with a refund, the e-mail address a withdrawal was declared from, and the same data where the audit
 * trail repeats it (an address correction's billing address, a resent e-mail's recipient, a refund's
 * bank account).
 *
 * `seesCustomers` is decided by who calls (trpc.ts `seesBuyerContact`: API keys keep what they had).
 */
export function staffOrderView(order: TStaffOrder, seesCustomers: boolean): TStaffOrder {
  if (seesCustomers) return order;
  const { billingAddress: _billingAddress, customer, ...rest } = order;
  return { ...rest, customer: { firstName: customer.firstName, lastName: customer.lastName } };
}

/** The order list's row: the name stays (see above), the e-mail address goes. */
export function staffSummaryView(summary: TOrderSummary, seesCustomers: boolean): TOrderSummary {
  if (seesCustomers) return summary;
  const { email: _email, ...rest } = summary;
  return rest;
}

/** The audit entries' keys that repeat customer data, per action (order-admin.ts, refund.ts). */
const CUSTOMER_DATA_IN_AUDIT: Record<string, readonly string[]> = {
  address: ['billing'],
  email_resent: ['to'],
  refund: ['bankAccount'],
};

function auditEntryView(entry: TOrderAuditEntry): TOrderAuditEntry {
  const hidden = CUSTOMER_DATA_IN_AUDIT[entry.action];
  if (!hidden) return entry;
  const detail = Object.fromEntries(Object.entries(entry.detail).filter(([key]) => !hidden.includes(key)));
  return { ...entry, detail };
}

export function staffRefundsView(refunds: TOrderRefunds, seesCustomers: boolean): TOrderRefunds {
  if (seesCustomers) return refunds;
  return {
    ...refunds,
    refunds: refunds.refunds.map(({ bankAccount: _bankAccount, ...refund }) => refund),
    withdrawals: refunds.withdrawals.map(({ email: _email, ...withdrawal }) => withdrawal),
  };
}

/** GET /api/order/{id}/admin: the order, its refunds and its audit trail without the customer's data. */
export function staffOrderDetailView(detail: TAdminOrderDetail, seesCustomers: boolean): TAdminOrderDetail {
  if (seesCustomers) return detail;
  return {
    ...detail,
    order: staffOrderView(detail.order, false),
    refunds: staffRefundsView(detail.refunds, false),
    audit: detail.audit.map(auditEntryView),
  };
}
