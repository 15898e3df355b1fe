import { z } from 'zod';
import { ZPickupPointSnapshot } from './pickup-point';

/** Field rules shared by sign-up, the account screens, addresses and the admin's customer editor. */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
/** Shown under every new-password field, so the rule is stated before it is enforced. */
export const PASSWORD_RULES =
  'A jelszó legalább 8 karakter hosszú, és tartalmaz legalább egy betűt és egy számjegyet.';

export const ZNewPassword = z
  .string({ error: 'A jelszó kötelező.' })
  .min(PASSWORD_MIN_LENGTH, { error: 'A jelszónak legalább 8 karakter hosszúnak kell lennie.' })
  // argon2 hashes whatever it gets; an upper bound keeps a request from costing seconds.
  .max(PASSWORD_MAX_LENGTH, { error: 'A jelszó legfeljebb 200 karakter lehet.' })
  .regex(/\p{L}/u, { error: 'A jelszónak tartalmaznia kell legalább egy betűt.' })
  .regex(/\d/, { error: 'A jelszónak tartalmaznia kell legalább egy számjegyet.' })
  .meta({ example: 'Kiskert2026' });

/** An existing password being confirmed: only presence is checked, old passwords may predate the rules. */
export const ZCurrentPassword = z
  .string({ error: 'A jelszó kötelező.' })
  .min(1, { error: 'A jelszó kötelező.' })
  .max(PASSWORD_MAX_LENGTH, { error: 'A jelszó legfeljebb 200 karakter lehet.' });

export const ZFirstName = z
  .string({ error: 'A keresztnév kötelező.' })
  .trim()
  .min(1, { error: 'A keresztnév kötelező.' })
  .max(100, { error: 'A keresztnév legfeljebb 100 karakter lehet.' })
  .meta({ example: 'Anna' });

export const ZLastName = z
  .string({ error: 'A vezetéknév kötelező.' })
  .trim()
  .min(1, { error: 'A vezetéknév kötelező.' })
  .max(100, { error: 'A vezetéknév legfeljebb 100 karakter lehet.' })
  .meta({ example: 'Kovács' });

export const PHONE_FORMAT_MESSAGE = 'Érvénytelen telefonszám. Add meg +36 formátumban, pl. +36 30 123 4567.';

const MOBILE_PREFIX = /^(20|30|31|50|70)/;

/**
 * A Hungarian phone number written any common way (+36…, 0036…, 06…, with spaces, dashes or
 * slashes) in one stored form: "+36 30 123 4567", "+36 1 234 5678" or "+36 46 123 456".
 * Null when it is not a Hungarian number.
 */
export function normalizePhone(value: string): string | null {
  const compact = value.replace(/[\s\-/().]/g, '');
  const prefix = ['+36', '0036', '06'].find((candidate) => compact.startsWith(candidate));
  if (!prefix) return null;
  const national = compact.slice(prefix.length);
  if (!/^\d{8,9}$/.test(national)) return null;
  if (national.startsWith('1')) {
    return national.length === 8 ? `+36 1 ${national.slice(1, 4)} ${national.slice(4)}` : null;
  }
  const isMobile = MOBILE_PREFIX.test(national);
  if (isMobile !== (national.length === 9) || national.startsWith('0')) return null;
  const area = national.slice(0, 2);
  const rest = national.slice(2);
  return `+36 ${area} ${rest.slice(0, 3)} ${rest.slice(3)}`;
}

export const TAX_NUMBER_FORMAT_MESSAGE = 'Az adószám formátuma: 12345678-1-12.';
export const TAX_NUMBER_CHECK_DIGIT_MESSAGE = 'Az adószám ellenőrző számjegye hibás.';

const TAX_NUMBER_PATTERN = /^(\d{8})-([1-5])-(\d{2})$/;
const TAX_NUMBER_WEIGHTS = [9, 7, 3, 1, 9, 7, 3] as const;

/** "12345676112" and "12345676 1 12" are read as "12345676-1-12". */
export function normalizeTaxNumber(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{11}$/.test(digits) ? `${digits.slice(0, 8)}-${digits.slice(8, 9)}-${digits.slice(9)}` : value;
}

/** The check digit (8th) of a Hungarian tax number's first seven digits, weighted 9,7,3,1,9,7,3. */
export function taxNumberCheckDigit(firstSeven: string): number {
  const sum = TAX_NUMBER_WEIGHTS.reduce(
    (total, weight, index) => total + weight * Number(firstSeven[index]),
    0,
  );
  return (10 - (sum % 10)) % 10;
}

/** Why a (normalised) Hungarian tax number is wrong, or null when it is right. */
export function taxNumberProblem(value: string): string | null {
  const match = TAX_NUMBER_PATTERN.exec(value);
  const base = match?.[1];
  if (!base) return TAX_NUMBER_FORMAT_MESSAGE;
  return taxNumberCheckDigit(base.slice(0, 7)) === Number(base[7]) ? null : TAX_NUMBER_CHECK_DIGIT_MESSAGE;
}

export const EU_VAT_NUMBER_FORMAT_MESSAGE =
  'A közösségi adószám országkóddal kezdődik: magyar cégnél HU és 8 számjegy (HU12345676), más EU-s cégnél pl. DE123456789.';
export const HU_VAT_NUMBER_CHECK_DIGIT_MESSAGE = 'A közösségi adószám (HU…) ellenőrző számjegye hibás.';
export const EU_VAT_NUMBER_MISMATCH_MESSAGE =
  'A magyar közösségi adószám számjegyei az adószám első 8 számjegyével egyeznek (12345676-1-12 → HU12345676).';

/** The EU member states' VAT prefixes (Greece is EL; XI is Northern Ireland under the Windsor Framework). */
const EU_VAT_PREFIXES = new Set(
  'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '),
);

/** "hu 1234 5676" and "HU-12345676" are read as "HU12345676": upper case, no spaces, dots or dashes. */
export function normalizeEuVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * Why a (normalised) EU VAT number is wrong, or null when it is right: a Hungarian one is HU and the eight
 * digits of the tax number's base, whose last is its check digit; any other is a member state's prefix and
 * 2–12 letters or digits (each state's own pattern is the tax office's to check, through VIES).
 */
export function euVatNumberProblem(value: string): string | null {
  const prefix = value.slice(0, 2);
  const rest = value.slice(2);
  if (prefix === 'HU') {
    if (!/^\d{8}$/.test(rest)) return EU_VAT_NUMBER_FORMAT_MESSAGE;
    return taxNumberCheckDigit(rest.slice(0, 7)) === Number(rest[7])
      ? null
      : HU_VAT_NUMBER_CHECK_DIGIT_MESSAGE;
  }
  return EU_VAT_PREFIXES.has(prefix) && /^[A-Z0-9+*]{2,12}$/.test(rest) ? null : EU_VAT_NUMBER_FORMAT_MESSAGE;
}

/** A Hungarian EU VAT number that does not belong to the Hungarian tax number beside it (null: they agree). */
export function euVatNumberMismatch(
  euVatNumber: string | null | undefined,
  taxNumber: string | null | undefined,
) {
  if (!euVatNumber?.startsWith('HU') || !taxNumber) return null;
  return euVatNumber.slice(2) === taxNumber.slice(0, 8) ? null : EU_VAT_NUMBER_MISMATCH_MESSAGE;
}

/**
 * An optional text field of a form: an empty text clears it (null), so a form can send every
 * field as it stands; null clears it too, and leaving it out keeps the stored value.
 */
function clearableText(maxLength: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(maxLength, { error: tooLong })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}

export const ZOptionalPhone = z
  .string()
  .trim()
  .max(40, { error: PHONE_FORMAT_MESSAGE })
  .transform((value, ctx) => {
    if (value === '') return null;
    const phone = normalizePhone(value);
    if (phone) return phone;
    ctx.issues.push({ code: 'custom', message: PHONE_FORMAT_MESSAGE, input: value });
    return z.NEVER;
  })
  .nullable()
  .optional();

export const ZOptionalTaxNumber = z
  .string()
  .trim()
  .max(20, { error: TAX_NUMBER_FORMAT_MESSAGE })
  .transform((value, ctx) => {
    if (value === '') return null;
    const taxNumber = normalizeTaxNumber(value);
    const problem = taxNumberProblem(taxNumber);
    if (!problem) return taxNumber;
    ctx.issues.push({ code: 'custom', message: problem, input: value });
    return z.NEVER;
  })
  .nullable()
  .optional();

/** A company buyer's EU VAT number (közösségi adószám), stored as "HU12345676". */
export const ZOptionalEuVatNumber = z
  .string()
  .trim()
  .max(20, { error: EU_VAT_NUMBER_FORMAT_MESSAGE })
  .transform((value, ctx) => {
    if (value === '') return null;
    const euVatNumber = normalizeEuVatNumber(value);
    const problem = euVatNumberProblem(euVatNumber);
    if (!problem) return euVatNumber;
    ctx.issues.push({ code: 'custom', message: problem, input: value });
    return z.NEVER;
  })
  .nullable()
  .optional()
  .meta({
    description:
      'Közösségi (EU-s) adószám, nem kötelező: magyar cégnél HU és az adószám első 8 számjegye (HU12345676), más tagállamnál annak országkódja és száma. Üres szöveg vagy null: nincs.',
  });

export const ZOptionalCompanyName = clearableText(200, 'A cégnév legfeljebb 200 karakter lehet.');
export const ZOptionalFloorDoor = clearableText(100, 'Az emelet, ajtó legfeljebb 100 karakter lehet.');

// ----------------------------------------------------------------- data export

/*
 * The pieces of GET /api/user/export (ZAccountExport in user.ts) that hold the customer's records beyond the
 * account itself. Each section is the export side of one entry of PERSONAL_DATA_TABLES
 * (services/personal-data.ts), which names the field here that carries it. Money is integer forints, times UTC ISO.
 */

const ZExportTime = z.iso.datetime();

const ZExportOrderLine = z.object({
  productTitle: z.string(),
  kutiId: z.string().nullable(),
  unitPrice: z.number().int(),
  vatRate: z.number().int(),
  vatClass: z.string().meta({ description: 'ÁFA-osztály: "27", "18", "5", "TAM" vagy "AAM".' }),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
});

const ZExportRefund = z.object({
  provider: z.string(),
  status: z.string(),
  amount: z.number().int(),
  bankAccount: z
    .string()
    .nullable()
    .meta({ description: 'A bankszámla, amelyre az átutalásos visszatérítés ment.' }),
  createdAt: ZExportTime,
  lines: z.array(
    z.object({ productTitle: z.string(), quantity: z.number().int(), amount: z.number().int() }),
  ),
});

export const ZExportOrder = z.object({
  number: z.string(),
  status: z.string(),
  createdAt: ZExportTime.meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
  email: z.string(),
  phone: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  shippingName: z.string().nullable(),
  shippingPostcode: z.string().nullable(),
  shippingCity: z.string().nullable(),
  shippingStreet: z.string().nullable(),
  shippingFloorDoor: z.string().nullable(),
  pickupPoint: ZPickupPointSnapshot.nullable(),
  billingName: z.string(),
  billingCompanyName: z.string().nullable(),
  billingTaxNumber: z.string().nullable(),
  billingEuVatNumber: z.string().nullable(),
  billingPostcode: z.string(),
  billingCity: z.string(),
  billingStreet: z.string(),
  billingFloorDoor: z.string().nullable(),
  shippingMethodName: z.string(),
  paymentMethodName: z.string(),
  itemsTotal: z.number().int(),
  shippingFee: z.number().int(),
  paymentFee: z.number().int(),
  discountTotal: z.number().int(),
  grandTotal: z.number().int(),
  paidTotal: z.number().int(),
  refundedTotal: z.number().int(),
  note: z.string().nullable(),
  lines: z.array(ZExportOrderLine),
  discounts: z.array(
    z.object({
      label: z.string(),
      code: z.string().nullable(),
      amount: z.number().int(),
      shipping: z.boolean(),
    }),
  ),
  statusHistory: z.array(
    z.object({ status: z.string(), note: z.string().nullable(), createdAt: ZExportTime }),
  ),
  shipments: z.array(
    z.object({
      carrier: z.string().nullable(),
      trackingNumber: z.string(),
      trackingUrl: z.string().nullable(),
    }),
  ),
  parcel: z.object({ carrier: z.string(), parcelNumber: z.string(), trackingUrl: z.string() }).nullable(),
  payments: z.array(
    z.object({
      provider: z.string(),
      status: z.string(),
      amount: z.number().int(),
      createdAt: ZExportTime,
      completedAt: ZExportTime.nullable(),
    }),
  ),
  refunds: z.array(ZExportRefund),
  withdrawals: z.array(
    z.object({
      status: z.string(),
      name: z.string(),
      email: z.string(),
      reason: z.string().nullable(),
      lines: z
        .array(z.object({ productTitle: z.string(), quantity: z.number().int() }))
        .meta({ description: 'A megnevezett tételek; üres: a teljes rendelés.' }),
      createdAt: ZExportTime,
      completedAt: ZExportTime.nullable(),
    }),
  ),
  invoices: z.array(
    z.object({
      kind: z.string().meta({ description: '"invoice" (számla) vagy "storno" (sztornó).' }),
      number: z.string().nullable(),
      status: z.string(),
      grossTotal: z.number().int().nullable(),
      issuedAt: ZExportTime.nullable(),
    }),
  ),
  emails: z
    .array(
      z.object({
        orderStatus: z.string(),
        subject: z.string(),
        deliveryStatus: z.string(),
        createdAt: ZExportTime,
        sentAt: ZExportTime.nullable(),
      }),
    )
    .meta({
      description:
        'A rendelés állapotáról küldött e-mailek (tárgy és kézbesítés); a szövegük a rendelés itt is szereplő adatait ismétli.',
    }),
});

const ZExportProductRef = { productId: z.number().int(), slug: z.string() };

/** The customer's records the export answers besides the account details and addresses. */
export const ZAccountRecordsExport = z.object({
  orders: z.array(ZExportOrder),
  bookmarks: z.array(z.object({ productId: z.number().int(), slug: z.string(), createdAt: ZExportTime })),
  cart: z
    .object({
      updatedAt: ZExportTime,
      lines: z.array(
        z.object({
          ...ZExportProductRef,
          variantId: z.number().int().nullable(),
          quantity: z.number().int(),
          addedAt: ZExportTime,
        }),
      ),
    })
    .nullable(),
  customerPrices: z.array(
    z.object({ ...ZExportProductRef, grossPrice: z.number().int().nullable(), hidden: z.boolean() }),
  ),
  sessions: z.array(
    z.object({
      createdAt: ZExportTime,
      lastUsedAt: ZExportTime,
      expiresAt: ZExportTime,
      userAgent: z.string().nullable(),
    }),
  ),
  trustedDevices: z.array(z.object({ createdAt: ZExportTime, lastUsedAt: ZExportTime })),
  passwordResets: z.array(
    z.object({ createdAt: ZExportTime, expiresAt: ZExportTime, usedAt: ZExportTime.nullable() }),
  ),
  contactMessages: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      subject: z.string().nullable(),
      message: z.string(),
      status: z.string(),
      consentAt: ZExportTime,
      createdAt: ZExportTime,
    }),
  ),
  offerRequests: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      companyName: z.string().nullable(),
      taxNumber: z.string().nullable(),
      postcode: z.string().nullable(),
      city: z.string().nullable(),
      address: z.string().nullable(),
      note: z.string().nullable(),
      status: z.string(),
      consentAt: ZExportTime,
      createdAt: ZExportTime,
      lines: z.array(z.object({ productTitle: z.string(), quantity: z.number().int() })),
    }),
  ),
  quotes: z.array(
    z.object({
      email: z.string(),
      note: z.string().nullable(),
      validUntil: ZExportTime,
      sentAt: ZExportTime.nullable(),
      createdAt: ZExportTime,
      orderNumber: z.string().nullable(),
      lines: z.array(
        z.object({
          ...ZExportProductRef,
          variantId: z.number().int().nullable(),
          quantity: z.number().int(),
          unitPrice: z.number().int(),
        }),
      ),
    }),
  ),
  consents: z.array(
    z.object({
      consentId: z.string(),
      statistics: z.boolean(),
      marketing: z.boolean(),
      policyVersion: z.string(),
      userAgent: z.string().nullable(),
      createdAt: ZExportTime,
    }),
  ),
  stockNotifications: z.array(
    z.object({
      ...ZExportProductRef,
      variantId: z.number().int().nullable(),
      email: z.string(),
      notifiedAt: ZExportTime.nullable(),
      createdAt: ZExportTime,
    }),
  ),
  promotionUses: z.array(z.object({ promotion: z.string(), uses: z.number().int() })),
  reviews: z.array(
    z.object({
      ...ZExportProductRef,
      orderId: z.number().int().nullable(),
      rating: z.number().int(),
      title: z.string().nullable(),
      body: z.string(),
      status: z.string(),
      answer: z.string().nullable(),
      createdAt: ZExportTime,
    }),
  ),
  newsletterSubscriptions: z.array(
    z.object({
      email: z.string(),
      status: z.string(),
      source: z.string(),
      consentVersion: z.string(),
      requestedAt: ZExportTime,
      confirmedAt: ZExportTime.nullable(),
      unsubscribedAt: ZExportTime.nullable(),
    }),
  ),
  newsletterConsents: z.array(
    z.object({
      email: z.string(),
      event: z.string(),
      source: z.string(),
      consentVersion: z.string(),
      consentText: z.string(),
      createdAt: ZExportTime,
    }),
  ),
  abandonedCartReminders: z.array(
    z.object({
      email: z.string(),
      lines: z
        .array(
          z.object({
            product: z.number().int(),
            variant: z.number().int().optional(),
            quantity: z.number().int(),
          }),
        )
        .meta({ description: 'A kosár tételei, amelyekről az emlékeztető szólt.' }),
      remindedAt: ZExportTime,
      restoredAt: ZExportTime.nullable().meta({ description: 'A visszaállító link első megnyitása.' }),
    }),
  ),
});
