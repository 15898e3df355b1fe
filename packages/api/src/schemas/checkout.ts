import { z } from 'zod';
import { normalizeHungarianAccountNumber } from './bank-account';
import { ZForint, ZId, ZPosition } from './common';
import { ZPickupCarrier } from './pickup-point';
import { readOnly, readOnlyFieldsOf } from './read-only';

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
const position = ZPosition;

// ------------------------------------------------------------------ shipping

export const ZShippingMethod = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    fee: z.number().int().meta({ description: 'A szállítás bruttó díja egész forintban.' }),
    freeAbove: z.number().int().nullable().meta({
      description:
        'Ha a tételek bruttó összege eléri ezt (forint), a szállítás ingyenes; null: sosem ingyenes.',
    }),
    /** False for personal pickup and pickup points: no shipping address is asked. */
    needsAddress: z.boolean(),
    pickupCarrier: ZPickupCarrier.nullable().meta({
      description:
        'Csomagpontos (automatás) szállításnál a szállító (foxpost, packeta, gls, mpl): a pénztárban ennek egy pontját kell választani, cím nem kell; null: nem csomagpontos mód.',
    }),
    /** Shown to the shopper, e.g. "1–2 munkanap". */
    deliveryTime: z.string().nullable(),
    /** Payment method ids allowed with this method; empty: every enabled payment method. */
    paymentMethods: z.array(z.number().int()),
    enabled: z
      .boolean()
      .meta({ description: 'Engedélyezett-e: a letiltott módot a pénztárban nem lehet választani.' }),
    position: z.number().int().meta({ description: 'Sorrend a pénztárban: a kisebb áll előrébb.' }),
    /** How many orders chose this method; only in an admin's read of one method. */
    orderCount: readOnly(z.number().int().optional()),
  })
  .meta({ id: 'ShippingMethod', description: 'Szállítási mód díjjal és a díjmentesség határával.' });
export type TShippingMethod = z.infer<typeof ZShippingMethod>;
export const ZShippingMethodListOutput = z.object({ items: z.array(ZShippingMethod) });

const shippingFields = {
  name,
  description,
  fee: ZForint,
  freeAbove: ZForint.nullable().optional(),
  needsAddress: z.boolean({ error: 'A címigény igen/nem érték.' }).optional(),
  /** A carrier makes it a pickup point method (no address); null makes it an ordinary one again. */
  pickupCarrier: ZPickupCarrier.nullable().optional(),
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

export const ZShippingMethodCreateInput = z.strictObject(shippingFields);
export type TShippingMethodCreateInput = z.infer<typeof ZShippingMethodCreateInput>;
export const ZShippingMethodUpdateInput = z.strictObject({
  id: ZId,
  ...shippingFields,
  name: name.optional(),
  fee: ZForint.optional(),
  ...readOnlyFieldsOf(ZShippingMethod, ['orderCount']),
});
export type TShippingMethodUpdateInput = z.infer<typeof ZShippingMethodUpdateInput>;

// ------------------------------------------------------------------- payment

export const ZPaymentMethod = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    provider: ZPaymentProvider,
    fee: z
      .number()
      .int()
      .meta({ description: 'A fizetési mód bruttó díja egész forintban (pl. utánvét kezelési díja).' }),
    enabled: z
      .boolean()
      .meta({ description: 'Engedélyezett-e: a letiltott módot a pénztárban nem lehet választani.' }),
    position: z.number().int().meta({ description: 'Sorrend a pénztárban: a kisebb áll előrébb.' }),
    /** How many orders chose this method; only in an admin's read of one method. */
    orderCount: readOnly(z.number().int().optional()),
  })
  .meta({ id: 'PaymentMethod', description: 'Fizetési mód (utánvét, átutalás, bankkártya).' });
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
export const ZPaymentMethodCreateInput = z.strictObject(paymentFields);
export type TPaymentMethodCreateInput = z.infer<typeof ZPaymentMethodCreateInput>;
export const ZPaymentMethodUpdateInput = z.strictObject({
  id: ZId,
  ...paymentFields,
  name: name.optional(),
  provider: ZPaymentProvider.optional(),
  ...readOnlyFieldsOf(ZPaymentMethod, ['orderCount']),
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
 * as invoicing software rounds it.
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

// ---------------------------------------------------------- payment settings

export const BARION_ENVIRONMENTS = ['test', 'live'] as const;
export const ZBarionEnvironment = z.enum(BARION_ENVIRONMENTS, {
  error: 'A Barion-környezet test (teszt) vagy live (éles) lehet.',
});
export type TBarionEnvironment = z.infer<typeof ZBarionEnvironment>;

export const BARION_ENVIRONMENT_LABELS: Record<TBarionEnvironment, string> = {
  test: 'Teszt (api.test.barion.com)',
  live: 'Éles (api.barion.com)',
};

/**
 * Whose Barion account card payments use: the admin's settings, the server's BARION_* variables, the
 * stand-in, or none (stand-ins off and no account: card payment is refused until a POS key is saved).
 */
export const BARION_SOURCES = ['admin', 'environment', 'stand_in', 'none'] as const;
export type TBarionSource = (typeof BARION_SOURCES)[number];

/** Barion's POSKey is a GUID: 32 hexadecimal digits, with or without dashes. */
const POS_KEY =
  /^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label}: szöveget várunk.` })
    .trim()
    .max(max, { error: `${label}: legfeljebb ${max} karakter lehet.` })
    .transform((value) => (value === '' ? null : value))
    .nullable();

export const ZPaymentSettings = z
  .object({
    /** A POS key is saved in the settings (it is never sent back, only its last four characters). */
    barionPosKeySet: readOnly(z.boolean()),
    barionPosKeyLast4: readOnly(z.string().nullable()),
    /** False when the saved key cannot be opened with this server's encryption key: it must be entered again. */
    barionPosKeyReadable: readOnly(z.boolean()),
    barionPayee: z.string().nullable(),
    barionEnvironment: ZBarionEnvironment,
    /** The account card payments use right now. */
    barionSource: readOnly(z.enum(BARION_SOURCES)),
    /** The server has an encryption key, so a POS key can be saved. */
    canStorePosKey: readOnly(z.boolean()),
    bankAccountHolder: z.string().nullable(),
    bankName: z.string().nullable(),
    bankAccountNumber: z.string().nullable(),
    updatedAt: readOnly(
      z
        .string()
        .nullable()
        .meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601); null, ha még nem volt.' }),
    ),
  })
  .meta({
    id: 'PaymentSettings',
    description: 'A bankkártyás fizetés (Barion) beállításai; a POS-kulcs sosem jelenik meg.',
  });
export type TPaymentSettings = z.infer<typeof ZPaymentSettings>;

const posKeyInput = z
  .string({ error: 'A POS-kulcs szöveg.' })
  .trim()
  .regex(POS_KEY, { error: 'A POS-kulcs egy GUID: 32 hexadecimális számjegy, kötőjelekkel vagy anélkül.' })
  .meta({ example: '2f1c3e4d-5a6b-4c7d-8e9f-0a1b2c3d4e5f' });

export const ZPaymentSettingsUpdateInput = z.strictObject({
  /** Left out: the saved key stays; null: the saved key is removed; a GUID: replaces it. */
  barionPosKey: posKeyInput.nullable().optional(),
  barionPayee: z
    .string({ error: 'A Barion-tárca e-mail-címe szöveg.' })
    .trim()
    .toLowerCase()
    .max(256, { error: 'A Barion-tárca e-mail-címe legfeljebb 256 karakter lehet.' })
    .pipe(z.union([z.literal(''), z.email({ error: 'A Barion-tárca e-mail-címe érvénytelen.' })]))
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  barionEnvironment: ZBarionEnvironment,
  bankAccountHolder: optionalText(200, 'A számlatulajdonos neve'),
  bankName: optionalText(200, 'A bank neve'),
  bankAccountNumber: z
    .string({ error: 'A bankszámlaszám szöveg.' })
    .trim()
    .transform((value, ctx) => {
      if (value === '') return null;
      const normalized = normalizeHungarianAccountNumber(value);
      if (normalized) return normalized;
      ctx.addIssue({
        code: 'custom',
        message: /^\d{16}(\d{8})?$/.test(value.replace(/[\s-]/g, ''))
          ? 'A bankszámlaszám hibás: 2×8 vagy 3×8 számjegy, és az ellenőrző számjegyek nem stimmelnek. Nézd meg, nincs-e elírás.'
          : 'A bankszámlaszám 2×8 vagy 3×8 számjegy, például 12345676-12345678-90123452.',
      });
      return z.NEVER;
    })
    .nullable(),
  ...readOnlyFieldsOf(ZPaymentSettings, [
    'barionPosKeySet',
    'barionPosKeyLast4',
    'barionPosKeyReadable',
    'barionSource',
    'canStorePosKey',
    'updatedAt',
  ]),
});
export type TPaymentSettingsUpdateInput = z.input<typeof ZPaymentSettingsUpdateInput>;
export type TPaymentSettingsUpdate = z.output<typeof ZPaymentSettingsUpdateInput>;

export const ZPaymentSettingsTestInput = z.strictObject({
  /** A key to try before saving it; left out, the saved connection (or the one in use) is tried. */
  barionPosKey: posKeyInput.optional(),
  barionEnvironment: ZBarionEnvironment.optional(),
});
export type TPaymentSettingsTestInput = z.infer<typeof ZPaymentSettingsTestInput>;

export const ZPaymentSettingsTestOutput = z.object({
  ok: z.boolean(),
  /** What happened, in Hungarian, for the admin. */
  message: z.string(),
  /** Which account was tried. */
  source: z.enum(BARION_SOURCES),
  environment: ZBarionEnvironment.nullable(),
});
export type TPaymentSettingsTestOutput = z.infer<typeof ZPaymentSettingsTestOutput>;

export const ZMethodReorderInput = z.strictObject({
  ids: z
    .array(ZId, { error: 'A sorrend azonosítók listája.' })
    .min(1, { error: 'A sorrend nem lehet üres.' })
    .max(200, { error: 'Legfeljebb 200 mód rendezhető.' }),
});
export type TMethodReorderInput = z.infer<typeof ZMethodReorderInput>;
