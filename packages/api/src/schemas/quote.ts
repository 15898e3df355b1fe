import { z } from 'zod';
import { pageOf, ZForint, ZId, ZPageNumber, ZQuantity } from './common';
import { matchItemsBy, readOnly, readOnlyFieldsOf } from './read-only';
import { ZVariantId } from './variant';

/** How many lines one quote may have. */
export const MAX_QUOTE_LINES = 100;
export const MAX_QUOTE_NOTE_LENGTH = 2000;

/**
 * draft: not sent yet; sent: the customer has the link and may use it; expired: its last valid day has
 * passed; used: an order was placed with it (a quote is used once).
 */
export const QUOTE_STATUSES = ['draft', 'sent', 'expired', 'used'] as const;
export const ZQuoteStatus = z.enum(QUOTE_STATUSES).meta({
  description:
    'draft: még nincs elküldve; sent: elküldve, felhasználható; expired: lejárt; used: rendelés készült belőle.',
});
export type TQuoteStatus = z.infer<typeof ZQuoteStatus>;

export const QUOTE_STATUS_LABELS: Record<TQuoteStatus, string> = {
  draft: 'Piszkozat',
  sent: 'Elküldve',
  expired: 'Lejárt',
  used: 'Felhasználva',
};

export const ZQuoteLine = z
  .object({
    id: readOnly(z.number().int()),
    product: z.number().int().meta({ description: 'A termék azonosítója.' }),
    variant: z.number().int().nullable().meta({
      description:
        'A változat azonosítója; null, ha a termék egyféle. Az ajánlott ár csak erre a változatra él.',
    }),
    title: readOnly(
      z.string().meta({
        description: 'A termék magyar neve, változatnál az opcióértékekkel (pl. "Póló, kék, M").',
      }),
    ),
    quantity: z.number().int().meta({ description: 'Az ajánlott mennyiség; az ár erre a mennyiségre él.' }),
    unitPrice: z.number().int().meta({ description: 'Az ajánlott bruttó darabár egész forintban.' }),
    lineTotal: readOnly(z.number().int().meta({ description: 'unitPrice × quantity, bruttó forintban.' })),
  })
  .meta({
    id: 'QuoteLine',
    description: 'Az árajánlat egy tétele: termék (és változat), mennyiség, ajánlott ár.',
  });
export type TQuoteLine = z.infer<typeof ZQuoteLine>;

export const ZQuote = z
  .object({
    id: z.number().int(),
    offerRequestId: readOnly(
      z.number().int().meta({ description: 'Az ajánlatkérés, amelyre az ajánlat válaszol.' }),
    ),
    email: readOnly(z.string().meta({ description: 'A vásárló e-mail-címe, akinek az ajánlat szól.' })),
    customerId: readOnly(
      z.number().int().nullable().meta({ description: 'A vásárló fiókja; null, amíg nincs a címhez fiók.' }),
    ),
    validUntil: z.iso
      .date()
      .meta({ description: 'Az utolsó nap (budapesti idő szerint, ÉÉÉÉ-HH-NN), amelyen az ár érvényes.' }),
    note: z.string().nullable().meta({ description: 'Megjegyzés a vásárlónak; null, ha nincs.' }),
    status: readOnly(ZQuoteStatus),
    sentAt: readOnly(
      z
        .string()
        .nullable()
        .meta({ description: 'Az utolsó küldés ideje (UTC, ISO 8601); null, ha nem küldték.' }),
    ),
    orderId: readOnly(
      z
        .number()
        .int()
        .nullable()
        .meta({ description: 'A rendelés, amely felhasználta; null, ha még nem használták fel.' }),
    ),
    total: readOnly(z.number().int().meta({ description: 'A tételek bruttó összege egész forintban.' })),
    lines: z.array(ZQuoteLine),
    createdAt: readOnly(z.string().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' })),
  })
  .meta({ id: 'Quote', description: 'Árajánlat egy ajánlatkérésre: tételenkénti ár és érvényesség.' });
export type TQuote = z.infer<typeof ZQuote>;

export const ZQuoteListInput = z.strictObject({
  offerRequest: ZId.optional().meta({ description: 'Csak ennek az ajánlatkérésnek az ajánlatai.' }),
  page: ZPageNumber.default(1),
});
export type TQuoteListInput = z.infer<typeof ZQuoteListInput>;
export const ZQuoteListOutput = pageOf(ZQuote);
export type TQuoteListOutput = z.infer<typeof ZQuoteListOutput>;

/**
 * A quoted line is addressed as a cart line is: a product sold in variants names the variant (else 400),
 * a product sold as itself names none (else 400); another product's, a switched-off or an unknown
 * variant answers 404.
 */
export const ZQuoteLineInput = z.strictObject({
  product: ZId,
  /** null as a GET answers it for a product sold as itself: the same as left out. */
  variant: ZVariantId.nullish().transform((variant) => variant ?? undefined),
  quantity: ZQuantity,
  unitPrice: ZForint,
});
export type TQuoteLineInput = z.infer<typeof ZQuoteLineInput>;

function quoteLines<Line extends z.ZodType<{ product: number; variant?: number }>>(line: Line) {
  return z
    .array(line, { error: 'Az ajánlat tételeinek listája.' })
    .min(1, { error: 'Az ajánlatnak legalább egy tétele legyen.' })
    .max(MAX_QUOTE_LINES, { error: `Az ajánlatnak legfeljebb ${MAX_QUOTE_LINES} tétele lehet.` })
    .refine(
      (lines) => new Set(lines.map((line) => `${line.product}:${line.variant ?? ''}`)).size === lines.length,
      { error: 'Egy termék vagy változat csak egyszer szerepelhet az ajánlatban.' },
    );
}

const quoteFields = {
  lines: quoteLines(ZQuoteLineInput),
  validUntil: z.iso.date({ error: 'Az érvényesség dátumának formátuma ÉÉÉÉ-HH-NN.' }),
  note: z
    .string({ error: 'A megjegyzés szöveg kell legyen.' })
    .trim()
    .max(MAX_QUOTE_NOTE_LENGTH, { error: `A megjegyzés legfeljebb ${MAX_QUOTE_NOTE_LENGTH} karakter lehet.` })
    .optional(),
};

export const ZQuoteCreateInput = z.strictObject({ offerRequestId: ZId, ...quoteFields });
export type TQuoteCreateInput = z.infer<typeof ZQuoteCreateInput>;
/** A line of an update may carry back what a GET answered of it (read-only, matched by its id). */
const ZQuoteLineUpdateInput = ZQuoteLineInput.extend(
  readOnlyFieldsOf(ZQuoteLine, ['id', 'title', 'lineTotal']),
);
export const ZQuoteUpdateInput = z.strictObject({
  id: ZId,
  ...quoteFields,
  lines: matchItemsBy(quoteLines(ZQuoteLineUpdateInput), 'id'),
  ...readOnlyFieldsOf(ZQuote, [
    'offerRequestId',
    'email',
    'customerId',
    'status',
    'sentAt',
    'orderId',
    'total',
    'createdAt',
  ]),
});
export type TQuoteUpdateInput = z.infer<typeof ZQuoteUpdateInput>;

export const ZQuoteProposalInput = z.strictObject({ offerRequest: ZId });
export type TQuoteProposalInput = z.infer<typeof ZQuoteProposalInput>;

/** The starting point of a new quote: the requested lines at the shop's list price for that quantity. */
export const ZQuoteProposal = z
  .object({
    email: z.string().meta({ description: 'Az ajánlatkérő e-mail-címe; neki szól az ajánlat.' }),
    lines: z.array(ZQuoteLine.omit({ id: true })).meta({
      description: 'A kért, ma is létező termékek a kért mennyiséggel és a mennyiséghez tartozó listaárral.',
    }),
    unmatched: z
      .array(z.object({ title: z.string(), quantity: z.number().int() }))
      .meta({ description: 'Kért tételek, amelyekhez nincs (már) termék a boltban.' }),
    validUntil: z.iso
      .date()
      .meta({ description: 'Javasolt utolsó érvényes nap: ma + 14 nap (budapesti idő).' }),
  })
  .meta({ id: 'QuoteProposal', description: 'Javaslat új árajánlathoz egy ajánlatkérés tételeiből.' });
export type TQuoteProposal = z.infer<typeof ZQuoteProposal>;

/** The token of the e-mailed link `/quote/{token}`: 256 random bits, base64url. */
export const ZQuoteTokenInput = z.strictObject({
  token: z
    .string({ error: 'Az ajánlat azonosítója kötelező.' })
    .trim()
    .min(1, { error: 'Az ajánlat azonosítója kötelező.' })
    .max(200, { error: 'Az ajánlat azonosítója érvénytelen.' }),
});
export type TQuoteTokenInput = z.infer<typeof ZQuoteTokenInput>;

/** Why the signed-in caller cannot put the quote into the cart; null when they can. */
export const QUOTE_BLOCKS = ['sign_in', 'other_customer', 'expired', 'used'] as const;

export const ZQuoteView = z
  .object({
    validUntil: ZQuote.shape.validUntil,
    note: ZQuote.shape.note,
    status: ZQuoteStatus,
    total: ZQuote.shape.total,
    lines: z.array(
      ZQuoteLine.extend({
        slug: z
          .string()
          .nullable()
          .meta({ description: 'A termék URL-neve (a termékoldal `/{slug}`); null, ha nem látható.' }),
        image: z.string().nullable().meta({ description: 'A bélyegkép címe; null, ha nincs.' }),
      }),
    ),
    blockedBy: z.enum(QUOTE_BLOCKS).nullable().meta({
      description:
        'Miért nem teheti a hívó kosárba: sign_in (nincs bejelentkezve), other_customer (másnak szól), expired, used; null, ha kosárba teheti.',
    }),
  })
  .meta({ id: 'QuoteView', description: 'Árajánlat, ahogy a vásárló a levélben kapott linken látja.' });
export type TQuoteView = z.infer<typeof ZQuoteView>;
