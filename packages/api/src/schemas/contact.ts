import { z } from 'zod';
import { ZOptionalPhone, ZOptionalTaxNumber } from './account';
import { pageOf, ZId, ZPageNumber, ZQuantity } from './common';
import { ZEmail } from './user';
import { ZVariantId } from './variant';

/** How an inquiry (contact message or offer request) stands with the shop. */
export const INQUIRY_STATUSES = ['new', 'answered', 'closed'] as const;
export const ZInquiryStatus = z.enum(INQUIRY_STATUSES, {
  error: 'Az állapot lehetséges értékei: new, answered, closed.',
});
export type TInquiryStatus = z.infer<typeof ZInquiryStatus>;
export const INQUIRY_STATUS_LABELS: Record<TInquiryStatus, string> = {
  new: 'Új',
  answered: 'Megválaszolva',
  closed: 'Lezárva',
};

export const CONSENT_REQUIRED_MESSAGE = 'Az adatkezelési tájékoztató elfogadása kötelező.';

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} kötelező.` })
    .trim()
    .min(1, { error: `${label} kötelező.` })
    .max(max, { error: `${label} legfeljebb ${max} karakter lehet.` });
}

function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: `${label} legfeljebb ${max} karakter lehet.` })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}

/** The privacy notice must be accepted: only `true` passes. */
const ZConsent = z
  .boolean({ error: CONSENT_REQUIRED_MESSAGE })
  .refine((value) => value, { error: CONSENT_REQUIRED_MESSAGE })
  .meta({ description: 'Elfogadta-e az adatkezelési tájékoztatót; csak `true` fogadható el.' });

/**
 * What keeps bots out without a third-party service: a field people never see (it must stay empty)
 * and the token from `GET /api/contact/form-token`, which proves the form was open long enough.
 */
const botFields = {
  formToken: z
    .string({ error: 'Az űrlap azonosítója hiányzik. Kérjük, töltsd be újra az oldalt!' })
    .max(200, { error: 'Az űrlap azonosítója érvénytelen. Kérjük, töltsd be újra az oldalt!' })
    .meta({ description: 'A `GET /api/contact/form-token` válaszának `token` mezője.' }),
  website: z
    .string()
    .max(500)
    .optional()
    .meta({ description: 'Csapda a robotoknak: az emberek nem látják, üresen kell maradnia.' }),
};

export const ZFormToken = z
  .object({
    token: z.string().meta({ description: 'Aláírt időbélyeg: mikor nyílt meg az űrlap.' }),
    minFillSeconds: z
      .number()
      .int()
      .meta({ description: 'Legalább ennyi másodpercnek kell eltelnie a token kérése és a küldés között.' }),
  })
  .meta({ id: 'ContactFormToken', description: 'Az űrlap kitöltési idejét igazoló token.' });
export type TFormToken = z.infer<typeof ZFormToken>;

export const ZContactInput = z.strictObject({
  name: requiredText('A név', 100),
  email: ZEmail,
  phone: ZOptionalPhone,
  subject: requiredText('A tárgy', 200),
  message: requiredText('Az üzenet', 5000),
  consent: ZConsent,
  ...botFields,
});
export type TContactInput = z.input<typeof ZContactInput>;
export type TContactSubmission = z.output<typeof ZContactInput>;

/** A line asked about, addressed as a cart line is: a product sold in variants names the variant too. */
export const ZOfferLineInput = z.strictObject({
  product: ZId.meta({ description: 'A termék azonosítója.' }),
  variant: ZVariantId.optional(),
  quantity: ZQuantity,
});

export const MAX_OFFER_LINES = 50;

export const ZOfferInput = z.strictObject({
  companyName: optionalText('A cégnév', 200),
  taxNumber: ZOptionalTaxNumber,
  name: requiredText('A név', 100),
  email: ZEmail,
  phone: ZOptionalPhone,
  postcode: optionalText('Az irányítószám', 10),
  city: optionalText('A település', 100),
  address: optionalText('A cím', 200),
  lines: z
    .array(ZOfferLineInput)
    .min(1, { error: 'Legalább egy terméket adj meg.' })
    .max(MAX_OFFER_LINES, { error: `Egy ajánlatkérésben legfeljebb ${MAX_OFFER_LINES} termék lehet.` }),
  note: optionalText('A megjegyzés', 2000),
  consent: ZConsent,
  ...botFields,
});
export type TOfferInput = z.input<typeof ZOfferInput>;
export type TOfferSubmission = z.output<typeof ZOfferInput>;

export const ZInquiryAccepted = z
  .object({ ok: z.literal(true) })
  .meta({ id: 'InquiryAccepted', description: 'Az üzenetet megkaptuk; a küldő visszaigazoló e-mailt kap.' });

// ------------------------------------------------------------------ admin

const timestamps = {
  createdAt: z.iso.datetime().meta({ description: 'Beérkezés ideje (UTC, ISO 8601).' }),
  statusChangedAt: z.iso
    .datetime()
    .nullable()
    .meta({ description: 'Az utolsó állapotváltás ideje (UTC, ISO 8601); null, ha még új.' }),
};

export const ZContactMessage = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    subject: z.string().nullable(),
    message: z.string(),
    status: ZInquiryStatus.meta({
      description: 'Állapot: new (új), answered (megválaszolva) vagy closed (lezárva).',
    }),
    userId: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'A küldő vásárlói fiókja, ha be volt jelentkezve.' }),
    consentAt: z.iso.datetime().meta({ description: 'Az adatkezelési hozzájárulás ideje (UTC).' }),
    ...timestamps,
  })
  .meta({ id: 'ContactMessage', description: 'A kapcsolatfelvételi űrlapon érkezett üzenet.' });
export type TContactMessage = z.infer<typeof ZContactMessage>;

export const ZOfferRequestLine = z.object({
  productId: z.number().int().nullable().meta({ description: 'A termék; null, ha azóta törölték.' }),
  variantId: z.number().int().nullable().meta({
    description: 'A kért változat; null, ha a termék egyféle, vagy a változatot azóta törölték.',
  }),
  productTitle: z.string().meta({
    description: 'A termék neve a kérés idején, változatnál az opcióértékekkel (pl. "Póló, kék, M").',
  }),
  quantity: z.number().int(),
});

export const ZOfferRequest = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    taxNumber: z.string().nullable(),
    postcode: z.string().nullable(),
    city: z.string().nullable(),
    address: z.string().nullable(),
    note: z.string().nullable(),
    status: ZInquiryStatus.meta({
      description: 'Állapot: new (új), answered (megválaszolva) vagy closed (lezárva).',
    }),
    userId: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'A küldő vásárlói fiókja, ha be volt jelentkezve.' }),
    consentAt: z.iso.datetime().meta({ description: 'Az adatkezelési hozzájárulás ideje (UTC).' }),
    lines: z.array(ZOfferRequestLine),
    ...timestamps,
  })
  .meta({ id: 'OfferRequest', description: 'Árajánlatkérés a kért termékekkel és mennyiségekkel.' });
export type TOfferRequest = z.infer<typeof ZOfferRequest>;

export const ZOfferRequestSummary = ZOfferRequest.omit({ lines: true })
  .extend({ lineCount: z.number().int().meta({ description: 'Hány terméket kért.' }) })
  .meta({ id: 'OfferRequestSummary', description: 'Árajánlatkérés a listában, tételei nélkül.' });
export type TOfferRequestSummary = z.infer<typeof ZOfferRequestSummary>;

export const INQUIRY_SORT_FIELDS = ['createdAt', 'name', 'email', 'status'] as const;
export type TInquirySortField = (typeof INQUIRY_SORT_FIELDS)[number];

export const ZInquiryListInput = z
  .strictObject({
    status: ZInquiryStatus.optional(),
    search: z
      .string()
      .trim()
      .max(200, { error: 'A keresőkifejezés legfeljebb 200 karakter lehet.' })
      .optional(),
    page: ZPageNumber.default(1),
    pageSize: z.number().int().min(1).max(200).default(25),
    sort: z.enum(INQUIRY_SORT_FIELDS).default('createdAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .default({ page: 1, pageSize: 25, sort: 'createdAt', order: 'desc' });
export type TInquiryListInput = z.infer<typeof ZInquiryListInput>;

export const ZContactMessageListOutput = pageOf(ZContactMessage);
export type TContactMessageListOutput = z.infer<typeof ZContactMessageListOutput>;
export const ZOfferRequestListOutput = pageOf(ZOfferRequestSummary);
export type TOfferRequestListOutput = z.infer<typeof ZOfferRequestListOutput>;

export const ZInquiryStatusInput = z.strictObject({ id: ZId, status: ZInquiryStatus });
export type TInquiryStatusInput = z.infer<typeof ZInquiryStatusInput>;
