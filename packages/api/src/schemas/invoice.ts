import { z } from 'zod';
import { ZId } from './common';
import { ZAccessKey } from './order-key';
import { readOnly, readOnlyFieldsOf, type WritableOutput } from './read-only';

/** Invoicing providers the port knows; Billingo v3 is the room left for a second adapter. */
export const INVOICE_PROVIDERS = ['szamlazz'] as const;
export const ZInvoiceProvider = z
  .enum(INVOICE_PROVIDERS, { error: 'A számlázó szolgáltató jelenleg csak szamlazz (Számlázz.hu) lehet.' })
  .meta({ description: 'A számlázó szolgáltató: szamlazz (Számlázz.hu Számla Agent).' });

/** When transfer and cash-on-delivery orders are invoiced; card orders are invoiced when paid. */
export const OFFLINE_ISSUE_ON = ['completed', 'paid'] as const;
export const ZOfflineIssueOn = z
  .enum(OFFLINE_ISSUE_ON, {
    error: 'A számla kiállításának ideje completed (teljesítéskor) vagy paid (fizetéskor) lehet.',
  })
  .meta({
    description:
      'Átutalásos és utánvétes rendelés számlája: completed a teljesítéskor, paid a fizetéskor, vagyis amikor a bolt rögzíti a teljes befizetést (POST /api/order/{id}/payment; utánvétnél ezt a teljesítés is rögzíti).',
  });
export type TOfflineIssueOn = z.infer<typeof ZOfflineIssueOn>;

/** The saved Agent key, the project's stand-in, or none (stand-ins off, no key: invoices wait in the queue). */
export const INVOICE_SOURCES = ['admin', 'stand_in', 'none'] as const;
export type TInvoiceSource = (typeof INVOICE_SOURCES)[number];

export const ZInvoiceSettings = z
  .object({
    provider: ZInvoiceProvider,
    enabled: z
      .boolean()
      .meta({ description: 'Automatikus számlázás; kikapcsolva csak kézzel készül számla.' }),
    agentKeySet: readOnly(z.boolean()),
    /** The saved key's last 4 characters; the key itself never leaves the server. */
    agentKeyLast4: readOnly(z.string().nullable()),
    /** False: a key is saved but this server's encryption key cannot open it. */
    agentKeyReadable: readOnly(z.boolean()),
    /** Which account invoices go to now: the saved Agent key, or the project's stand-in. */
    source: readOnly(z.enum(INVOICE_SOURCES)),
    canStoreAgentKey: readOnly(z.boolean()),
    prefix: z.string().meta({ description: 'A számlaszám előtagja (KBB → KBB-2026-1).' }),
    eInvoice: z.boolean(),
    sendToBuyer: z.boolean(),
    offlineIssueOn: ZOfflineIssueOn,
    updatedAt: readOnly(
      z
        .string()
        .nullable()
        .meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601); null, ha még nem volt.' }),
    ),
  })
  .meta({
    id: 'InvoiceSettings',
    description:
      'A számlázás beállításai; a Számla Agent kulcsa sosem jelenik meg, csak az utolsó 4 karaktere.',
  });
export type TInvoiceSettings = z.infer<typeof ZInvoiceSettings>;

const agentKeyInput = z
  .string({ error: 'A Számla Agent kulcs szöveg.' })
  .trim()
  .regex(/^[A-Za-z0-9]{20,64}$/, {
    error:
      'A Számla Agent kulcs 20–64 betű és számjegy (a Számlázz.hu fiókban: Beállítások → Számla Agent kulcsok).',
  })
  .meta({ example: 'x9k2m4p6r8t0v1w3y5z7a9b2c4d6e8f0g1h3j5' });

export const ZInvoiceSettingsUpdateInput = z.strictObject({
  provider: ZInvoiceProvider,
  enabled: z.boolean({ error: 'Az automatikus számlázás be- vagy kikapcsolt (true/false).' }),
  /** Left out: the saved key stays; null: removed (the stand-in takes over); a key: replaces it. */
  agentKey: agentKeyInput.nullable().optional(),
  prefix: z
    .string({ error: 'A számlaszám előtagja szöveg.' })
    .trim()
    .regex(/^[A-Za-z0-9]{1,10}$/, {
      error: 'A számlaszám előtagja 1–10 betű vagy számjegy, ékezet nélkül (például KBB).',
    })
    .meta({ example: 'KBB' }),
  eInvoice: z.boolean({ error: 'Az e-számla be- vagy kikapcsolt (true/false).' }),
  sendToBuyer: z.boolean({ error: 'A számla e-mailben küldése be- vagy kikapcsolt (true/false).' }),
  offlineIssueOn: ZOfflineIssueOn,
  ...readOnlyFieldsOf(ZInvoiceSettings, [
    'agentKeySet',
    'agentKeyLast4',
    'agentKeyReadable',
    'source',
    'canStoreAgentKey',
    'updatedAt',
  ]),
});
export type TInvoiceSettingsUpdate = WritableOutput<typeof ZInvoiceSettingsUpdateInput>;

export const ZInvoiceSettingsTestInput = z.strictObject({
  /** A key to try before saving it; left out, the account in use is tried. */
  agentKey: agentKeyInput.optional(),
});
export const ZInvoiceSettingsTestOutput = z.object({
  ok: z.boolean(),
  message: z.string(),
  source: z.enum(INVOICE_SOURCES),
});
export type TInvoiceSettingsTestOutput = z.infer<typeof ZInvoiceSettingsTestOutput>;

export const INVOICE_KINDS = ['invoice', 'storno'] as const;
export const ZInvoiceKind = z.enum(INVOICE_KINDS, {
  error: 'A bizonylat invoice (számla) vagy storno lehet.',
});
export const INVOICE_STATUSES = ['pending', 'issued', 'failed'] as const;

/** GET /api/order/{id}/invoice: the order's invoice (or its storno) as a PDF. */
export const ZOrderInvoicePdfInput = z.strictObject({
  id: ZId,
  key: ZAccessKey.optional(),
  kind: ZInvoiceKind.optional(),
});

/** A PDF answer (meta `download: 'pdf'`): `content` is the bytes in base64; the REST mirror sends the bytes. */
export const ZBinaryFileOutput = z.object({
  filename: z.string(),
  contentType: z.string(),
  content: z.string(),
});
export type TBinaryFileOutput = z.infer<typeof ZBinaryFileOutput>;

export const ZOrderInvoiceDocument = z
  .object({
    kind: ZInvoiceKind,
    status: z.enum(INVOICE_STATUSES).meta({
      description: 'pending: kiállításra vár, issued: kiállítva, failed: sikertelen (az ok a lastError).',
    }),
    provider: z.string(),
    number: z.string().nullable(),
    grossTotal: z.number().int().nullable(),
    attempts: z.number().int(),
    /** The provider's message of the last failure. */
    lastError: z.string().nullable(),
    nextAttemptAt: z
      .string()
      .nullable()
      .meta({ description: 'A következő próbálkozás ideje (UTC, ISO 8601), amíg kiállításra vár.' }),
    issuedAt: z.string().nullable(),
    /** The shop's own download link of the PDF, once issued. */
    url: z.string().nullable(),
  })
  .meta({ id: 'OrderInvoiceDocument' });
export const ZOrderInvoicesOutput = z.object({
  items: z.array(ZOrderInvoiceDocument),
  /** Whether an admin may ask for the invoice now (an unpaid or cancelled order without one cannot). */
  canIssue: z.boolean(),
});
export type TOrderInvoicesOutput = z.infer<typeof ZOrderInvoicesOutput>;

/** What an order answer carries once its invoice is issued. */
export const ZOrderInvoice = z
  .object({ number: z.string(), url: z.string() })
  .meta({ description: 'A rendelés számlája: száma és a bolt letöltési linkje (PDF).' });
