import { XMLParser } from 'fast-xml-parser';
import { reportProviderCallFailed } from '../../observability';
import {
  type InvoiceRequest,
  InvoicingError,
  type InvoicingPort,
  type IssuedDocument,
  type StornoRequest,
} from './invoicing-port';
import { externalIdQueryXml, invoiceXml, pdfQueryXml, stornoXml } from './szamlazz-xml';

/**
 * The Számla Agent adapter, as Számlázz.hu documents the Agent. Every operation is one multipart
 * `POST {base}/szamla/` whose file field's name picks the action. Answers:
 * 1. HTTP 200 even for business errors: `szlahu_error_code` / `szlahu_error` headers, or
 *    `<sikeres>false</sikeres><hibakod>…</hibakod><hibauzenet>…</hibauzenet>` in the body.
 * 2. Success: the `szlahu_*` headers (number URL-encoded, totals plain) and, with valaszVerzio 2, an
 *    `xmlszamlavalasz` body with the number, totals and the PDF in base64.
 * 3. Error 1 (maintenance), `szlahu_down`, network failures and 5xx answers may be retried; every other
 *    error needs a person. The caller limits the tries (5, the Agent's own rule).
 */

export const SZAMLAZZ_AGENT_URL = 'https://www.szamlazz.hu';
/** hibakod 7: no document with that number, order number or external id. */
export const UNKNOWN_DOCUMENT_CODE = '7';
const MAINTENANCE_CODE = '1';
const DEFAULT_TIMEOUT_MS = 30_000;

export type SzamlazzAgentOptions = {
  /** `https://www.szamlazz.hu`, or the stand-in's base; requests go to `${url}/szamla/`. */
  url: string;
  agentKey: string;
  timeoutMs?: number;
};

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
});

type Answer = { headers: Headers; body: Record<string, unknown> | null; text: string };

function decodeHeader(value: string | null): string | null {
  if (value === null) return null;
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

function toNumber(value: string | null): number {
  const parsed = Number(value ?? 'NaN');
  return Number.isFinite(parsed) ? parsed : 0;
}

export function createSzamlazzAgent({
  url,
  agentKey,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: SzamlazzAgentOptions): InvoicingPort {
  const endpoint = `${url.replace(/\/+$/, '')}/szamla/`;

  async function send(action: string, xml: string): Promise<Answer> {
    try {
      return await post(action, xml);
    } catch (error) {
      reportProviderCallFailed('szamlazz', action);
      throw error;
    }
  }

  async function post(action: string, xml: string): Promise<Answer> {
    const form = new FormData();
    form.append(action, new Blob([xml], { type: 'application/xml' }), 'request.xml');
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new InvoicingError(`A Számlázz.hu nem érhető el (${reason}).`, null, true);
    }
    const body = await response.text();
    if (response.headers.has('szlahu_down')) {
      throw new InvoicingError(
        'A Számlázz.hu karbantartás miatt most nem érhető el.',
        MAINTENANCE_CODE,
        true,
      );
    }
    if (response.status !== 200) {
      throw new InvoicingError(
        `A Számlázz.hu váratlan választ adott (HTTP ${response.status}).`,
        null,
        response.status >= 500 || response.status === 429,
      );
    }
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = body.trim().startsWith('<') ? (parser.parse(body) as Record<string, unknown>) : null;
    } catch {
      parsed = null;
    }
    return { headers: response.headers, body: parsed, text: body };
  }

  /** Rule 1: the provider's own message, its code, and whether waiting helps. */
  function businessError(answer: Answer): InvoicingError | null {
    const envelope = answer.body?.xmlszamlavalasz as Record<string, unknown> | undefined;
    const headerCode = answer.headers.get('szlahu_error_code');
    const bodyFailed = envelope !== undefined && text(envelope.sikeres) === 'false';
    if (!headerCode && !bodyFailed) return null;
    const code = headerCode ?? text(envelope?.hibakod) ?? null;
    const message =
      decodeHeader(answer.headers.get('szlahu_error')) ??
      text(envelope?.hibauzenet) ??
      'A Számlázz.hu ismeretlen hibát jelzett.';
    return new InvoicingError(
      code ? `Számlázz.hu hiba (${code}): ${message}` : `Számlázz.hu hiba: ${message}`,
      code,
      code === MAINTENANCE_CODE,
    );
  }

  /** Rule 2: the document from the headers and the xmlszamlavalasz body. */
  function issued(answer: Answer): IssuedDocument {
    const failure = businessError(answer);
    if (failure) throw failure;
    const envelope = (answer.body?.xmlszamlavalasz ?? {}) as Record<string, unknown>;
    const number = text(envelope.szamlaszam) ?? decodeHeader(answer.headers.get('szlahu_szamlaszam'));
    if (!number) throw new InvoicingError('A Számlázz.hu válaszából hiányzik a számlaszám.', null, false);
    const pdf = text(envelope.pdf);
    return {
      number,
      providerId: answer.headers.get('szlahu_id'),
      netTotal: toNumber(text(envelope.szamlanetto) ?? answer.headers.get('szlahu_nettovegosszeg')),
      grossTotal: toNumber(text(envelope.szamlabrutto) ?? answer.headers.get('szlahu_bruttovegosszeg')),
      pdf: pdf ? Buffer.from(pdf, 'base64') : null,
    };
  }

  return {
    async issue(request: InvoiceRequest) {
      return issued(await send('action-xmlagentxmlfile', invoiceXml(agentKey, request)));
    },

    async storno(request: StornoRequest) {
      return issued(await send('action-szamla_agent_st', stornoXml(agentKey, request)));
    },

    async pdf(number: string) {
      const document = issued(await send('action-szamla_agent_pdf', pdfQueryXml(agentKey, number)));
      if (!document.pdf) throw new InvoicingError('A Számlázz.hu nem küldte el a PDF-et.', null, true);
      return document.pdf;
    },

    async findByExternalId(externalId: string) {
      const answer = await send('action-szamla_agent_xml', externalIdQueryXml(agentKey, externalId));
      const failure = businessError(answer);
      if (failure?.code === UNKNOWN_DOCUMENT_CODE) return null;
      if (failure) throw failure;
      // The answer is the document itself (namespace …/szamla): alap, vevo, tetelek, osszegek, pdf.
      const invoice = answer.body?.szamla as Record<string, unknown> | undefined;
      const basics = invoice?.alap as Record<string, unknown> | undefined;
      const totals = (invoice?.osszegek as Record<string, unknown> | undefined)?.totalossz as
        | Record<string, unknown>
        | undefined;
      const number = text(basics?.szamlaszam);
      if (!invoice || !number) {
        throw new InvoicingError('A Számlázz.hu válasza nem egy számla adatai.', null, true);
      }
      const pdf = text(invoice.pdf);
      return {
        number,
        providerId: text(basics?.id),
        netTotal: toNumber(text(totals?.netto)),
        grossTotal: toNumber(text(totals?.brutto)),
        pdf: pdf ? Buffer.from(pdf, 'base64') : null,
      };
    },
  };
}
