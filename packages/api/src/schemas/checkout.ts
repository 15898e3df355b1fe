import { z } from 'zod';
import { ZForint, ZId } from './common';

export const PAYMENT_PROVIDERS = ['barion', 'cash_on_delivery', 'bank_transfer'] as const;
export const ZPaymentProvider = z.enum(PAYMENT_PROVIDERS, {
  error: 'A fizetési szolgáltató barion, cash_on_delivery vagy bank_transfer lehet.',
});
export type TPaymentProvider = z.infer<typeof ZPaymentProvider>;

export const PAYMENT_PROVIDER_LABELS: Record<TPaymentProvider, string> = {
  barion: 'Bankkártya (Barion)',
  cash_on_delivery: 'Utánvét',
  bank_transfer: 'Banki átutalás',
};

const name = z
  .string({ error: 'A név kötelező.' })
  .trim()
  .min(1, { error: 'A név kötelező.' })
  .max(200, { error: 'A név legfeljebb 200 karakter lehet.' });
const description = z
  .string()
  .trim()
  .max(2000, { error: 'A leírás legfeljebb 2000 karakter lehet.' })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();
const position = z
  .number({ error: 'A sorrendnek számnak kell lennie.' })
  .int({ error: 'A sorrend egész szám.' })
  .min(0, { error: 'A sorrend nem lehet negatív.' })
  .max(100_000, { error: 'A sorrend legfeljebb 100 000.' });

// ------------------------------------------------------------------ shipping

export const ZShippingMethod = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Gross fee in forints. */
  fee: z.number().int(),
  /** Orders whose gross item total reaches this ship free; null: never free. */
  freeAbove: z.number().int().nullable(),
  /** False for personal pickup: no shipping address is asked. */
  needsAddress: z.boolean(),
  /** Shown to the shopper, e.g. "1–2 munkanap". */
  deliveryTime: z.string().nullable(),
  /** Payment method ids allowed with this method; empty: every enabled payment method. */
  paymentMethods: z.array(z.number().int()),
  enabled: z.boolean(),
  position: z.number().int(),
});
export type TShippingMethod = z.infer<typeof ZShippingMethod>;
export const ZShippingMethodListOutput = z.object({ items: z.array(ZShippingMethod) });

const shippingFields = {
  name,
  description,
  fee: ZForint,
  freeAbove: ZForint.nullable().optional(),
  needsAddress: z.boolean({ error: 'A címigény igen/nem érték.' }).optional(),
  deliveryTime: z
    .string()
    .trim()
    .max(100, { error: 'A szállítási idő legfeljebb 100 karakter lehet.' })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  paymentMethods: z.array(ZId).max(50).optional(),
  enabled: z.boolean({ error: 'Az engedélyezés igen/nem érték.' }).optional(),
  position: position.optional(),
};

export const ZShippingMethodCreateInput = z.object(shippingFields);
export type TShippingMethodCreateInput = z.infer<typeof ZShippingMethodCreateInput>;
export const ZShippingMethodUpdateInput = z.object({
  id: ZId,
  ...shippingFields,
  name: name.optional(),
  fee: ZForint.optional(),
});
export type TShippingMethodUpdateInput = z.infer<typeof ZShippingMethodUpdateInput>;

// ------------------------------------------------------------------- payment

export const ZPaymentMethod = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  provider: ZPaymentProvider,
  /** Gross fee in forints (e.g. the cash-on-delivery handling fee). */
  fee: z.number().int(),
  enabled: z.boolean(),
  position: z.number().int(),
});
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;
export const ZPaymentMethodListOutput = z.object({ items: z.array(ZPaymentMethod) });

const paymentFields = {
  name,
  description,
  provider: ZPaymentProvider,
  fee: ZForint.optional(),
  enabled: z.boolean({ error: 'Az engedélyezés igen/nem érték.' }).optional(),
  position: position.optional(),
};
export const ZPaymentMethodCreateInput = z.object(paymentFields);
export type TPaymentMethodCreateInput = z.infer<typeof ZPaymentMethodCreateInput>;
export const ZPaymentMethodUpdateInput = z.object({
  id: ZId,
  ...paymentFields,
  name: name.optional(),
  provider: ZPaymentProvider.optional(),
});
export type TPaymentMethodUpdateInput = z.infer<typeof ZPaymentMethodUpdateInput>;

/**
 * Cash is paid in 5-forint steps in Hungary: 1–2 rounds down to 0, 3–7 to 5, 8–9 up to the next 0.
 * Card and transfer totals are paid to the forint.
 */
export function roundCash(total: number): number {
  const remainder = total % 5;
  return remainder < 2.5 ? total - remainder : total + (5 - remainder);
}

/** Shipping and payment fees carry the general VAT rate. */
export const GENERAL_VAT_RATE = 27;

/**
 * VAT contained in a gross amount: gross × rate / (100 + rate), rounded to the whole forint, per line
 * as invoicing software rounds it (§5.9 of the commerce reference).
 */
export function vatContentOf(gross: number, ratePercent: number): number {
  if (ratePercent <= 0) return 0;
  return Math.round((gross * ratePercent) / (100 + ratePercent));
}

/** A shipping method ships free once the gross item total reaches its threshold. */
export function shippingFeeFor(
  method: { fee: number; freeAbove: number | null },
  itemsTotal: number,
): number {
  return method.freeAbove !== null && itemsTotal >= method.freeAbove ? 0 : method.fee;
}
