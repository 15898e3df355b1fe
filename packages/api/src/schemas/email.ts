import { z } from 'zod';
import { listOf, pageOf, ZId, ZPageNumber } from './common';
import { readOnly, readOnlyFieldsOf, type WritableOutput } from './read-only';

/** The templates the shop itself sends; they can be edited but never deleted, and their key is fixed. */
export const BUILT_IN_EMAIL_KEYS = [
  'registration',
  'password_reset',
  'staff_invite',
  'order_confirmation',
  'order_status_change',
  'payment_succeeded',
  'order_processing',
  'order_packed',
  'order_shipped',
  'order_ready_for_pickup',
  'order_completed',
  'order_cancelled',
  'order_payment_failed',
  'order_tracking_changed',
  'refund_issued',
  'withdrawal_receipt',
  'contact_message',
  'offer_request',
  'contact_received',
  'offer_received',
  'quote_sent',
  'back_in_stock',
  'email_changed',
  'review_request',
  'newsletter_confirmation',
  'abandoned_cart',
] as const;
export type TBuiltInEmailKey = (typeof BUILT_IN_EMAIL_KEYS)[number];

export function isBuiltInEmailKey(key: string): key is TBuiltInEmailKey {
  return (BUILT_IN_EMAIL_KEYS as readonly string[]).includes(key);
}

/** Every placeholder the shop fills in, with its Hungarian meaning and the value the editor's preview uses. */
export const EMAIL_PLACEHOLDERS = {
  firstName: { label: 'A vásárló keresztneve', sample: 'Anna' },
  lastName: { label: 'A vásárló vezetékneve', sample: 'Kovács' },
  email: { label: 'E-mail-cím', sample: 'kovacs.anna@example.hu' },
  shopUrl: { label: 'A webáruház címe', sample: 'https://webaruhaz.example.hu' },
  resetLink: {
    label: 'Az új jelszó beállításának linkje',
    sample: 'https://webaruhaz.example.hu/newpassword/minta-token',
  },
  expiresInHours: {
    label: 'Hány óráig érvényes a link',
    sample: '72',
  },
  orderNumber: { label: 'A rendelés száma', sample: '2026-000123' },
  orderDate: { label: 'A rendelés ideje', sample: '2026. 11. 23. 14:05' },
  orderTotal: { label: 'A rendelés végösszege', sample: '12 990 Ft' },
  vatContent: { label: 'A végösszeg áfatartalma', sample: '2 762 Ft' },
  deliveryTime: { label: 'Várható szállítási idő', sample: '1–2 munkanap' },
  orderLink: {
    label: 'A rendelés megtekintésének linkje',
    sample: 'https://webaruhaz.example.hu/order/123?key=minta',
  },
  orderLines: {
    label: 'A rendelt tételek táblázata (HTML)',
    sample:
      '<table><tr><th>Termék</th><th>Mennyiség</th><th>Ár / db</th><th>Összesen</th></tr>' +
      '<tr><td>Kék bögre 3 dl</td><td>2 db</td><td>3 990 Ft</td><td>7 980 Ft</td></tr></table>',
    html: true,
  },
  orderTotals: {
    label: 'Részösszeg, díjak, végösszeg és áfa (HTML)',
    sample: '<p>Termékek: 7 980 Ft<br>Szállítás: 1 990 Ft<br><strong>Végösszeg: 9 970 Ft</strong></p>',
    html: true,
  },
  orderAddresses: {
    label: 'Szállítási és számlázási cím (HTML)',
    sample: '<p><strong>Szállítási cím:</strong> Kovács Anna, 1065 Budapest, Bögre utca 1.</p>',
    html: true,
  },
  paymentInstructions: {
    label: 'Fizetési tudnivalók, átutalásnál a bankszámla és a közlemény (HTML)',
    sample: '<p>Kérjük, utald át a végösszeget; közleményként a rendelés számát add meg: 2026-000123.</p>',
    html: true,
  },
  shippingMethod: { label: 'Szállítási mód', sample: 'Házhozszállítás futárszolgálattal' },
  paymentMethod: { label: 'Fizetési mód', sample: 'Bankkártyás fizetés' },
  status: { label: 'A rendelés új állapota', sample: 'Átadva a futárnak' },
  trackingNumber: { label: 'A csomag követési száma (üres, ha nincs megadva)', sample: 'GLS 1234567890' },
  trackingUrl: {
    label: 'A csomagkövetés címe a szállító oldalán (üres, ha a csomagszámot kézzel adták meg)',
    sample: 'https://www.foxpost.hu/csomagkovetes/?code=CLFOX0123456789',
  },
  trackingInfo: {
    label:
      'A csomagszám egy bekezdésben, a csomagkövetés linkjével vagy követési tudnivalóval (HTML; üres, ha nincs csomagszám)',
    sample:
      '<p>A csomag követési száma: <strong>GLS 1234567890</strong>. Ezzel a számmal a futárszolgálat nyomkövető oldalán követheted a csomagodat.</p>',
    html: true,
  },
  statusNote: {
    label: 'Az állapotváltáshoz írt megjegyzés egy bekezdésben (HTML; üres, ha nincs)',
    sample: '<p><strong>Megjegyzés:</strong> A csomagot holnap délelőtt szállítjuk ki.</p>',
    html: true,
  },
  refundAmount: { label: 'A most visszatérített összeg', sample: '3 990 Ft' },
  refundedTotal: { label: 'A rendelésből eddig visszatérített összeg', sample: '3 990 Ft' },
  refundMethod: {
    label: 'Hogyan kapja vissza a pénzt (kártyára vagy bankszámlára)',
    sample: 'a fizetéshez használt bankkártyádra (Barion)',
  },
  withdrawalDate: { label: 'Az elállás ideje (budapesti idő)', sample: '2026. 11. 23. 14:05' },
  withdrawalLines: {
    label: 'Az elállással érintett tételek listája (HTML)',
    sample: '<ul><li>Kék bögre 3 dl – 2 db</li></ul>',
    html: true,
  },
  withdrawalReason: { label: 'Az elállás indoka (üres, ha nem adta meg)', sample: 'Nem tetszett a színe.' },
  refundDeadline: { label: 'A visszatérítés határideje', sample: '2026. 12. 07.' },
  name: { label: 'A küldő neve', sample: 'Kovács Anna' },
  phone: { label: 'Telefonszám', sample: '+36 30 123 4567' },
  companyName: { label: 'Cégnév', sample: 'Minta Kft.' },
  taxNumber: { label: 'Adószám', sample: '12345676-1-12' },
  companyAddress: { label: 'A cég címe', sample: '1065 Budapest, Bögre utca 1.' },
  subject: { label: 'Az üzenet tárgya', sample: 'Szállítási idő' },
  offerLines: {
    label: 'A kért termékek és mennyiségek listája (HTML)',
    sample: '<ul><li>Kék bögre 3 dl – 20 db</li></ul>',
    html: true,
  },
  quoteLines: {
    label: 'Az árajánlat tételei ajánlott árakkal (HTML táblázat)',
    sample:
      '<table><tr><th>Termék</th><th>Mennyiség</th><th>Ár / db</th><th>Összesen</th></tr>' +
      '<tr><td>Kék bögre 3 dl</td><td>20</td><td>2 990 Ft</td><td>59 800 Ft</td></tr></table>',
    html: true,
  },
  quoteTotal: { label: 'Az árajánlat bruttó összege', sample: '59 800 Ft' },
  quoteValidUntil: { label: 'Az árajánlat érvényességének utolsó napja', sample: '2026. 12. 31.' },
  quoteNote: {
    label: 'A bolt megjegyzése egy bekezdésben (HTML; üres, ha nincs)',
    sample: '<p><strong>Megjegyzés:</strong> A szállítás díjtalan.</p>',
    html: true,
  },
  quoteLink: {
    label: 'Az árajánlat linkje, amely a tételeket a kosárba teszi',
    sample: 'https://webaruhaz.example.hu/quote/minta-token',
  },
  productName: { label: 'A termék neve', sample: 'Kék bögre 3 dl' },
  productPrice: { label: 'A termék mostani bruttó ára', sample: '2 990 Ft' },
  productLink: {
    label: 'A termék oldalának linkje',
    sample: 'https://webaruhaz.example.hu/kek-bogre-3-dl-12',
  },
  reviewProducts: {
    label: 'A rendelés még nem értékelt termékei listában (HTML)',
    sample: '<ul><li>Kék bögre 3 dl</li><li>Porcelán tányér</li></ul>',
    html: true,
  },
  reviewLink: {
    label: 'A rendelés oldalának linkje, ahol bejelentkezve értékelhet',
    sample: 'https://webaruhaz.example.hu/order/123',
  },
  reviewOptOutLink: {
    label: 'Egy kattintásos leiratkozás az értékelést kérő levelekről',
    sample: 'https://webaruhaz.example.hu/review-request/unsubscribe?token=minta',
  },
  previousEmail: { label: 'A fiók korábbi e-mail-címe', sample: 'kovacs.anna@example.hu' },
  confirmLink: {
    label: 'A hírlevél-feliratkozás megerősítő linkje',
    sample: 'https://webaruhaz.example.hu/hirlevel/megerosites?token=minta-token',
  },
  cartProducts: {
    label: 'A kosárban hagyott termékek listában, mennyiséggel (HTML)',
    sample: '<ul><li>Kék bögre 3 dl – 2 db</li><li>Porcelán tányér – 1 db</li></ul>',
    html: true,
  },
  restoreLink: {
    label: 'A kosarat bármely eszközön visszaállító link',
    sample: 'https://webaruhaz.example.hu/hirlevel/kosar?token=minta-token',
  },
  changedAt: { label: 'A módosítás ideje (budapesti idő)', sample: '2026. 11. 23. 14:05' },
  message: {
    label: 'Az üzenet szövege',
    sample: 'Jó napot! Érdeklődnék, hogy a termék mikor lesz újra raktáron.',
  },
} as const satisfies Record<string, { label: string; sample: string; html?: true }>;
export type TEmailPlaceholder = keyof typeof EMAIL_PLACEHOLDERS;

/** What every order status e-mail (order-status.ts) can say. */
const ORDER_STATUS_EMAIL_PLACEHOLDERS = [
  'firstName',
  'lastName',
  'orderNumber',
  'orderDate',
  'orderTotal',
  'status',
  'shippingMethod',
  'paymentMethod',
  'statusNote',
] as const satisfies readonly TEmailPlaceholder[];

/** Which placeholders the shop supplies to each built-in template. */
export const EMAIL_TEMPLATE_PLACEHOLDERS: Record<TBuiltInEmailKey, readonly TEmailPlaceholder[]> = {
  registration: ['firstName', 'lastName', 'email', 'shopUrl'],
  password_reset: ['firstName', 'resetLink'],
  staff_invite: ['firstName', 'resetLink', 'expiresInHours'],
  order_confirmation: [
    'firstName',
    'lastName',
    'orderNumber',
    'orderDate',
    'orderTotal',
    'vatContent',
    'shippingMethod',
    'paymentMethod',
    'deliveryTime',
    'orderLines',
    'orderTotals',
    'orderAddresses',
    'paymentInstructions',
    'orderLink',
  ],
  order_status_change: ['firstName', 'orderNumber', 'status'],
  payment_succeeded: ['firstName', 'orderNumber', 'orderTotal'],
  order_processing: [...ORDER_STATUS_EMAIL_PLACEHOLDERS],
  order_packed: [...ORDER_STATUS_EMAIL_PLACEHOLDERS],
  order_shipped: [...ORDER_STATUS_EMAIL_PLACEHOLDERS, 'trackingNumber', 'trackingUrl', 'trackingInfo'],
  order_ready_for_pickup: [...ORDER_STATUS_EMAIL_PLACEHOLDERS],
  order_completed: [...ORDER_STATUS_EMAIL_PLACEHOLDERS],
  order_cancelled: [...ORDER_STATUS_EMAIL_PLACEHOLDERS],
  order_payment_failed: [...ORDER_STATUS_EMAIL_PLACEHOLDERS],
  order_tracking_changed: [
    'firstName',
    'lastName',
    'orderNumber',
    'shippingMethod',
    'trackingNumber',
    'trackingUrl',
    'trackingInfo',
  ],
  refund_issued: ['firstName', 'orderNumber', 'orderTotal', 'refundAmount', 'refundedTotal', 'refundMethod'],
  withdrawal_receipt: [
    'firstName',
    'name',
    'email',
    'orderNumber',
    'orderDate',
    'withdrawalDate',
    'withdrawalLines',
    'withdrawalReason',
    'refundDeadline',
    'shopUrl',
  ],
  contact_message: ['name', 'email', 'phone', 'subject', 'message'],
  offer_request: [
    'name',
    'email',
    'phone',
    'companyName',
    'taxNumber',
    'companyAddress',
    'offerLines',
    'message',
  ],
  contact_received: ['name', 'subject', 'message', 'shopUrl'],
  offer_received: ['name', 'companyName', 'offerLines', 'message', 'shopUrl'],
  quote_sent: ['name', 'quoteLines', 'quoteTotal', 'quoteValidUntil', 'quoteNote', 'quoteLink'],
  back_in_stock: ['productName', 'productPrice', 'productLink', 'shopUrl'],
  email_changed: ['firstName', 'previousEmail', 'email', 'changedAt', 'shopUrl'],
  review_request: [
    'firstName',
    'orderNumber',
    'orderDate',
    'reviewProducts',
    'reviewLink',
    'reviewOptOutLink',
    'shopUrl',
  ],
  newsletter_confirmation: ['email', 'confirmLink', 'shopUrl'],
  abandoned_cart: ['firstName', 'cartProducts', 'restoreLink', 'shopUrl'],
};

/** `{{name}}`, optionally with spaces inside the braces; the one placeholder syntax of every template. */
export const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

export const ZEmailTemplateKey = z
  .string({ error: 'A sablon kulcsa kötelező.' })
  .trim()
  .min(1, { error: 'A sablon kulcsa kötelező.' })
  .max(64, { error: 'A sablon kulcsa legfeljebb 64 karakter lehet.' })
  .regex(/^[a-z][a-z0-9_]*$/, {
    error:
      'A sablon kulcsa csak ékezet nélküli kisbetűt, számot és aláhúzást tartalmazhat, és betűvel kezdődik.',
  })
  .meta({ example: 'order_shipped' });

const ZTemplateName = z
  .string({ error: 'A sablon neve kötelező.' })
  .trim()
  .min(1, { error: 'A sablon neve kötelező.' })
  .max(200, { error: 'A sablon neve legfeljebb 200 karakter lehet.' });

const ZTemplateSubject = z
  .string({ error: 'A tárgy kötelező.' })
  .trim()
  .min(1, { error: 'A tárgy kötelező.' })
  .max(300, { error: 'A tárgy legfeljebb 300 karakter lehet.' })
  .regex(/^[^\r\n]*$/, { error: 'A tárgy nem tartalmazhat sortörést.' });

const ZTemplateBody = z
  .string({ error: 'A levél szövege kötelező.' })
  .trim()
  .min(1, { error: 'A levél szövege kötelező.' })
  .max(100_000, { error: 'A levél szövege legfeljebb 100 000 karakter lehet.' });

export const ZEmailTemplate = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
    subject: z.string(),
    bodyHtml: z.string(),
    /** Sent by the shop itself: it cannot be deleted and its key cannot change. */
    builtIn: readOnly(z.boolean()),
    /** The placeholders the shop fills in for this template (empty for an admin's own template). */
    placeholders: readOnly(z.array(z.string())),
    createdAt: readOnly(z.string().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' })),
    updatedAt: readOnly(z.string().meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601).' })),
  })
  .meta({ id: 'EmailTemplate', description: 'E-mail-sablon tárggyal és HTML-törzzsel.' });
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;

/** GET /api/email: every template, without the body. */
export const ZEmailTemplateListOutput = listOf(ZEmailTemplate.omit({ bodyHtml: true }));
export type TEmailTemplateListOutput = z.infer<typeof ZEmailTemplateListOutput>;

export const ZEmailTemplateCreateInput = z.strictObject({
  key: ZEmailTemplateKey,
  name: ZTemplateName,
  subject: ZTemplateSubject,
  bodyHtml: ZTemplateBody,
});
export type TEmailTemplateCreateInput = z.infer<typeof ZEmailTemplateCreateInput>;

export const ZEmailTemplateUpdateInput = z.strictObject({
  id: ZId,
  key: ZEmailTemplateKey.optional(),
  name: ZTemplateName.optional(),
  subject: ZTemplateSubject.optional(),
  bodyHtml: ZTemplateBody.optional(),
  ...readOnlyFieldsOf(ZEmailTemplate, ['builtIn', 'placeholders', 'createdAt', 'updatedAt']),
});
export type TEmailTemplateUpdateInput = z.infer<typeof ZEmailTemplateUpdateInput>;

export const ZEmailPreviewInput = z.strictObject({
  /** The template being edited; decides which placeholders count as known. */
  key: z.string().trim().max(64).optional(),
  subject: z
    .string({ error: 'A tárgy kötelező.' })
    .max(300, { error: 'A tárgy legfeljebb 300 karakter lehet.' }),
  bodyHtml: z
    .string({ error: 'A levél szövege kötelező.' })
    .max(100_000, { error: 'A levél szövege legfeljebb 100 000 karakter lehet.' }),
});
export type TEmailPreviewInput = z.infer<typeof ZEmailPreviewInput>;

export const ZEmailPreviewOutput = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Placeholders the shop does not fill in for this template; they stay visible as typed. */
  unknownPlaceholders: z.array(z.string()),
});
export type TEmailPreviewOutput = z.infer<typeof ZEmailPreviewOutput>;

// ------------------------------------------------------------------ settings

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((value) => (value ? value : null));

const ZEmailAddress = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .pipe(z.email({ error: invalid }));

export const ZEmailSetting = z
  .object({
    smtpHost: z.string().nullable(),
    smtpPort: z.number().int().nullable(),
    smtpSecure: z.boolean(),
    smtpUser: z.string().nullable(),
    /** The password itself never leaves the server once saved. */
    smtpPasswordSet: readOnly(z.boolean()),
    senderName: z.string(),
    senderEmail: z.string(),
    notificationEmail: z.string().nullable(),
    /** False while no SMTP host is set: e-mails then wait in the outbox (demo mode). */
    deliveryEnabled: readOnly(z.boolean()),
    updatedAt: readOnly(
      z
        .string()
        .nullable()
        .meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601); null, ha még nem volt.' }),
    ),
  })
  .meta({
    id: 'EmailSetting',
    description: 'Az e-mail-küldés (SMTP) beállításai; a jelszó sosem jelenik meg.',
  });
export type TEmailSetting = z.infer<typeof ZEmailSetting>;

/**
 * PUT /api/emailsetting replaces every field but the password. `smtpPassword` left out keeps the
 * saved one; an empty string or null clears it; any other value replaces it.
 */
export const ZEmailSettingUpdateInput = z.strictObject({
  smtpHost: z
    .string({ error: 'Az SMTP-kiszolgáló szöveg kell legyen.' })
    .trim()
    .max(253, { error: 'Az SMTP-kiszolgáló neve legfeljebb 253 karakter lehet.' })
    .regex(
      /^$|^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$|^\[?[0-9a-fA-F:.]+\]?$/,
      {
        error: 'Az SMTP-kiszolgáló nem érvényes gépnév vagy IP-cím (például smtp.example.hu).',
      },
    )
    .meta({ example: 'smtp.example.hu' })
    .nullish()
    .transform((value) => (value ? value : null)),
  smtpPort: z
    .number({ error: 'Az SMTP-port szám kell legyen.' })
    .int({ error: 'Az SMTP-port egész szám kell legyen.' })
    .min(1, { error: 'Az SMTP-port 1 és 65535 közötti szám lehet.' })
    .max(65_535, { error: 'Az SMTP-port 1 és 65535 közötti szám lehet.' })
    .nullish()
    .transform((value) => value ?? null),
  smtpSecure: z.boolean({ error: 'A titkosított kapcsolat (TLS) igen vagy nem lehet.' }).default(false),
  smtpUser: optionalText(320, 'Az SMTP-felhasználónév legfeljebb 320 karakter lehet.'),
  smtpPassword: z
    .string({ error: 'Az SMTP-jelszó szöveg kell legyen.' })
    .max(1000, { error: 'Az SMTP-jelszó legfeljebb 1000 karakter lehet.' })
    .nullable()
    .optional(),
  senderName: z
    .string({ error: 'A feladó neve kötelező.' })
    .trim()
    .min(1, { error: 'A feladó neve kötelező.' })
    .max(100, { error: 'A feladó neve legfeljebb 100 karakter lehet.' })
    .regex(/^[^\r\n<>"]*$/, {
      error: 'A feladó neve nem tartalmazhat sortörést, idézőjelet vagy < > jelet.',
    }),
  senderEmail: ZEmailAddress('A feladó e-mail-címe kötelező.', 'A feladó e-mail-címe nem érvényes.'),
  notificationEmail: z
    .string({ error: 'Az értesítési e-mail-cím szöveg kell legyen.' })
    .trim()
    .pipe(z.union([z.literal(''), z.email({ error: 'Az értesítési e-mail-cím nem érvényes.' })]))
    .nullish()
    .transform((value) => (value ? value : null)),
  ...readOnlyFieldsOf(ZEmailSetting, ['smtpPasswordSet', 'deliveryEnabled', 'updatedAt']),
});
export type TEmailSettingUpdateInput = z.input<typeof ZEmailSettingUpdateInput>;
export type TEmailSettingUpdate = WritableOutput<typeof ZEmailSettingUpdateInput>;

// -------------------------------------------------------------------- outbox

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type TOutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const ZOutboxMessage = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    html: z.string(),
    text: z.string().nullable(),
    templateKey: z.string().nullable(),
    status: z.enum(OUTBOX_STATUSES).meta({
      description:
        'A levél állapota: pending küldésre vár (újrapróbálkozás előtt is), sent elküldve, failed a próbálkozások elfogytak.',
    }),
    attempts: z.number().int(),
    nextAttemptAt: z.string().meta({ description: 'A következő küldési kísérlet ideje (UTC, ISO 8601).' }),
    lastError: z.string().nullable(),
    sentAt: z.string().nullable(),
    createdAt: z.string().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
  })
  .meta({
    id: 'OutboxMessage',
    description: 'Egy kimenő e-mail a küldési sorban, állapottal és próbálkozásokkal.',
  });
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZOutboxListInput = z.strictObject({
  status: z.enum(OUTBOX_STATUSES, { error: 'Az állapot pending, sent vagy failed lehet.' }).optional(),
  /** Matches the recipient or the subject, case-insensitively. */
  search: z.string().trim().max(200, { error: 'A keresőszó legfeljebb 200 karakter lehet.' }).optional(),
  page: ZPageNumber.default(1),
  pageSize: z
    .number({ error: 'Az oldalméret szám kell legyen.' })
    .int({ error: 'Az oldalméret egész szám kell legyen.' })
    .min(1, { error: 'Az oldalméret legalább 1.' })
    .max(100, { error: 'Az oldalméret legfeljebb 100.' })
    .default(20),
});
export type TOutboxListInput = z.input<typeof ZOutboxListInput>;
export type TOutboxList = z.output<typeof ZOutboxListInput>;

export const ZOutboxListOutput = pageOf(ZOutboxMessage.omit({ html: true, text: true }));
export type TOutboxListOutput = z.infer<typeof ZOutboxListOutput>;
