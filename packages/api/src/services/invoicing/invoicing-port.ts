import type { TVatClass } from '../../schemas/vat';

/**
 * What the shop needs from an invoicing provider, whichever it is (Számlázz.hu's Számla Agent now; the
 * `provider` setting leaves room for Billingo v3). Every document carries our external id, so a request
 * whose answer was lost can be looked up instead of being issued twice.
 */

/** A buyer with a Hungarian tax number is a company (adóalany); anyone else a private person. */
export type BuyerKind = 'PRIVATE' | 'HU_COMPANY' | 'EU_COMPANY';

export type InvoiceBuyer = {
  name: string;
  postcode: string;
  city: string;
  address: string;
  country: string;
  email: string;
  kind: BuyerKind;
  /** The Hungarian tax number (12345678-1-12), for HU_COMPANY. */
  taxNumber: string | null;
  /** The EU VAT number (HU12345678), when the buyer gave one. */
  euVatNumber: string | null;
};

/** One invoice line: the provider gets net, VAT and gross as we computed them, never recomputes them. */
export type InvoiceLine = {
  name: string;
  quantity: number;
  unit: string;
  /** Net unit price, rounded to the fillér (two decimals). */
  netUnitPrice: number;
  vat: TVatClass;
  net: number;
  vatAmount: number;
  gross: number;
};

export type InvoiceRequest = {
  /** Számlázz.hu's szamlaKulsoAzon: our Invoice.externalId. */
  externalId: string;
  orderNumber: string;
  /** Számlázz.hu's szamlaszamElotag. */
  prefix: string;
  eInvoice: boolean;
  sendToBuyer: boolean;
  /** YYYY-MM-DD, Budapest calendar days. */
  issueDate: string;
  fulfilmentDate: string;
  dueDate: string;
  /** As printed: Bankkártya, Átutalás, Utánvét. */
  paymentMethod: string;
  paid: boolean;
  /** Cash rounding of the payable amount (fizetendoKorrekcio); the lines keep the exact total. */
  payableCorrection: number;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
};

export type StornoRequest = {
  externalId: string;
  /** The invoice being reversed. */
  invoiceNumber: string;
  issueDate: string;
  eInvoice: boolean;
  sendToBuyer: boolean;
  buyerEmail: string;
};

export type IssuedDocument = {
  number: string;
  /** The provider's own id of the document, when it tells one. */
  providerId: string | null;
  netTotal: number;
  grossTotal: number;
  pdf: Buffer | null;
};

export interface InvoicingPort {
  issue(request: InvoiceRequest): Promise<IssuedDocument>;
  storno(request: StornoRequest): Promise<IssuedDocument>;
  pdf(number: string): Promise<Buffer>;
  /** The document made with this external id, or null when the provider has none. */
  findByExternalId(externalId: string): Promise<IssuedDocument | null>;
}

/**
 * A refusal or failure of the provider. `retryable`: the same request may succeed later (maintenance,
 * network); anything else needs a person (a wrong key, data the provider refuses).
 */
export class InvoicingError extends Error {
  override name = 'InvoicingError';
  constructor(
    message: string,
    readonly code: string | null,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
