import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PrismaClient } from '@shop/db';
import { withArticle } from '../../schemas/hungarian';
import { normalizeBasePath } from '../serve';
import { renderInvoicePdf } from './invoice-pdf';
import { createStandInStore, type DocumentData, type DocumentLine, type StoredDocument } from './store';
import { isValidHungarianTaxNumber } from './tax-number';
import {
  asBoolean,
  childrenAt,
  type ElementSpec,
  parseXml,
  validate,
  valueAt,
  XMLSZAMLA,
  XMLSZAMLAPDF,
  XMLSZAMLAST,
  XMLSZAMLAXML,
  type XmlNode,
  XmlReadError,
} from './xml-schema';

/**
 * The project's stand-in of Számlázz.hu's Számla Agent, speaking its protocol:
 * 1. One route, `POST {basePath}/szamla/`, multipart; the name of the file field picks the action:
 *    `action-xmlagentxmlfile` (invoice), `action-szamla_agent_st` (storno), `action-szamla_agent_pdf`,
 *    `action-szamla_agent_xml` (the document's data by number, order number or external id).
 * 2. Requests are validated as strictly as the Agent does (xml-schema.ts), then by its business rules:
 *    the Agent key, the currency, the VAT codes, a valid Hungarian tax number when `adoalany=1`, line
 *    arithmetic (net + VAT = gross, VAT of the rate).
 * 3. Answers are the Agent's: HTTP 200 always; on success the `szlahu_*` headers and, for valaszVerzio 2,
 *    the `xmlszamlavalasz` body with the PDF; on failure `szlahu_error` / `szlahu_error_code` and the
 *    envelope with `sikeres=false`. Codes: 3 login, 7 unknown document, 53 no XML file, 57 XML error.
 *    It has no customer account pages, so it sends no `szlahu_vevoifiokurl`.
 * 4. Documents live in the database (store.ts): numbering without gaps per prefix and year, one document
 *    per external id, one storno per invoice.
 */

export const VAT_CODES: readonly string[] = [
  '27',
  '18',
  '5',
  '0',
  'AAM',
  'TAM',
  'EU',
  'EUK',
  'MAA',
  'F.AFA',
  'K.AFA',
  'ÁKK',
  'TAHK',
  'TEHK',
  'EUT',
  'EUKT',
  'KBAET',
  'KBAUK',
  'EAM',
  'NAM',
  'ATK',
  'EUFAD37',
  'EUFADE',
  'EUE',
  'HO',
];
const TAX_SUBJECTS = new Set(['7', '6', '1', '0', '-1']);
const DEFAULT_PREFIX = 'E';
const MAX_BODY_BYTES = 2_000_000;

export type StandInSeller = { name: string; address: string; taxNumber: string };

export type SzamlazzStandInOptions = {
  prisma: PrismaClient;
  /** The one Agent key accepted; any other is error 3. */
  agentKey: string;
  /** The path the Agent's `/szamla/` sits under, e.g. `/_szamlazz`; '' when standalone. */
  basePath?: string;
  /** The account's company details printed as the seller. */
  seller?: () => Promise<StandInSeller>;
  /** The clock that dates a storno sent without keltDatum. */
  now?: () => Date;
};

export interface SzamlazzStandIn {
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /**
   * Tests of lost answers: the next `count` requests are served in full (documents are made) but the
   * connection is then destroyed instead of answered.
   */
  dropNextAnswers(count: number): void;
  /** Tests: the next `count` requests are answered with error 1 (maintenance) and change nothing. */
  failNextWithMaintenance(count: number): void;
}

class AgentError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const xmlReadError = (reason: string) => new AgentError(57, `XML beolvasási hiba: ${reason}`);

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function encodeHeader(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+');
}

const round2 = (value: number) => Math.round(value * 100) / 100;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new AgentError(57, 'XML beolvasási hiba: a kérés túl nagy.');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The action's file field and its XML (53 when there is none, or it came as a plain form field). */
async function readAction(req: IncomingMessage, body: Buffer): Promise<{ action: string; xml: string }> {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new AgentError(53, 'Hiányzó XML fájl.');
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AgentError(53, 'Hiányzó XML fájl.');
  }
  for (const [name, value] of form) {
    if (!name.startsWith('action-')) continue;
    if (typeof value === 'string') throw new AgentError(53, 'Hiányzó XML fájl.');
    return { action: name, xml: await value.text() };
  }
  throw new AgentError(53, 'Hiányzó XML fájl.');
}

function parseAndValidate(xml: string, spec: ElementSpec): XmlNode {
  try {
    const root = parseXml(xml);
    validate(root, spec);
    return root;
  } catch (error) {
    if (error instanceof XmlReadError) throw xmlReadError(error.message);
    throw error;
  }
}

function today(now: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Budapest' }).format(now);
}

type Answer = { headers: Record<string, string>; body: string | Buffer; contentType: string };

function envelope(children: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><xmlszamlavalasz xmlns="http://www.szamlazz.hu/xmlszamlavalasz">${children}</xmlszamlavalasz>`;
}

function errorAnswer(error: AgentError): Answer {
  return {
    headers: { szlahu_error: encodeHeader(error.message), szlahu_error_code: String(error.code) },
    body: envelope(
      `<sikeres>false</sikeres><hibakod>${error.code}</hibakod><hibauzenet>${escapeXml(error.message)}</hibauzenet>`,
    ),
    contentType: 'application/xml; charset=utf-8',
  };
}

function outstanding(document: StoredDocument): number {
  if (document.kind === 'SS' || document.data.paid) return 0;
  return round2(document.grossTotal + document.data.payableCorrection);
}

export function createSzamlazzStandIn(options: SzamlazzStandInOptions): SzamlazzStandIn {
  const basePath = normalizeBasePath(options.basePath);
  const store = createStandInStore(options.prisma);
  const now = options.now ?? (() => new Date());
  const seller =
    options.seller ??
    (async () => ({
      name: 'Teszt Kft. (Számla Agent helyettesítő)',
      address: '1000 Budapest',
      taxNumber: '',
    }));
  let answersToDrop = 0;
  let maintenance = 0;

  function authenticate(root: XmlNode, path: string) {
    const key = valueAt(root, path ? `${path}/szamlaagentkulcs` : 'szamlaagentkulcs');
    if (key !== options.agentKey) throw new AgentError(3, 'Sikertelen bejelentkezés');
  }

  async function documentAnswer(
    document: StoredDocument,
    version: number,
    withPdf: boolean,
  ): Promise<Answer> {
    const headers = {
      szlahu_id: String(document.id),
      szlahu_szamlaszam: encodeHeader(document.number),
      szlahu_nettovegosszeg: String(document.netTotal),
      szlahu_bruttovegosszeg: String(document.grossTotal),
      szlahu_kintlevoseg: String(outstanding(document)),
    };
    const pdf = withPdf ? await renderInvoicePdf(document) : null;
    if (version !== 2) {
      return pdf
        ? { headers, body: pdf, contentType: 'application/pdf' }
        : {
            headers,
            body: `xmlagentresponse=DONE;${document.number}`,
            contentType: 'text/plain; charset=utf-8',
          };
    }
    return {
      headers,
      contentType: 'application/xml; charset=utf-8',
      body: envelope(
        '<sikeres>true</sikeres>' +
          `<szamlaszam>${escapeXml(document.number)}</szamlaszam>` +
          `<szamlanetto>${document.netTotal}</szamlanetto>` +
          `<szamlabrutto>${document.grossTotal}</szamlabrutto>` +
          `<kintlevoseg>${outstanding(document)}</kintlevoseg>` +
          (pdf ? `<pdf>${pdf.toString('base64')}</pdf>` : ''),
      ),
    };
  }

  function readLine(tetel: XmlNode, index: number): DocumentLine {
    const at = (name: string) => valueAt(tetel, name) ?? '';
    const line: DocumentLine = {
      name: at('megnevezes'),
      quantity: Number(at('mennyiseg')),
      unit: at('mennyisegiEgyseg'),
      netUnitPrice: Number(at('nettoEgysegar')),
      vat: at('afakulcs'),
      net: Number(at('nettoErtek')),
      vatAmount: Number(at('afaErtek')),
      gross: Number(at('bruttoErtek')),
    };
    const where = `${withArticle(`${index + 1}.`)} tétel („${line.name}”)`;
    if (!VAT_CODES.includes(line.vat)) {
      throw xmlReadError(
        `${where} ÁFA-kulcsa („${line.vat}”) ismeretlen; lehet például 27, 18, 5, 0, AAM, TAM`,
      );
    }
    if (line.name.trim() === '') throw xmlReadError(`${where} megnevezése üres`);
    if (!(line.quantity > 0)) throw xmlReadError(`${where} mennyisége pozitív szám legyen`);
    if (Math.abs(line.net + line.vatAmount - line.gross) > 0.01) {
      throw xmlReadError(`${where}: a nettó érték és az ÁFA összege nem egyezik a bruttó értékkel`);
    }
    const rate = /^\d+$/.test(line.vat) ? Number(line.vat) : 0;
    if (Math.abs(line.vatAmount - (line.net * rate) / 100) > 1) {
      throw xmlReadError(`${where}: az ÁFA értéke nem ${withArticle(line.vat)} kulcs szerinti`);
    }
    if (Math.abs(line.netUnitPrice * line.quantity - line.net) > 1 + line.quantity * 0.005) {
      throw xmlReadError(`${where}: a nettó egységár és a mennyiség szorzata nem a nettó érték`);
    }
    return line;
  }

  async function issueInvoice(root: XmlNode): Promise<Answer> {
    authenticate(root, 'beallitasok');
    const currency = valueAt(root, 'fejlec/penznem') ?? '';
    if (currency !== 'HUF' && currency !== 'Ft') {
      throw xmlReadError(`a pénznem („${currency}”) HUF vagy Ft lehet ebben a fiókban`);
    }
    const taxSubject = valueAt(root, 'vevo/adoalany') ?? '0';
    if (!TAX_SUBJECTS.has(taxSubject)) {
      throw xmlReadError(`a vevő adóalany-jelölése („${taxSubject}”) 7, 6, 1, 0 vagy -1 lehet`);
    }
    const taxNumber = valueAt(root, 'vevo/adoszam');
    if (taxSubject === '1' && !taxNumber) {
      throw xmlReadError('adoalany=1 (magyar adószámmal rendelkező vevő) mellett a vevő adószáma kötelező');
    }
    if (taxSubject === '1' && taxNumber && !isValidHungarianTaxNumber(taxNumber)) {
      throw xmlReadError(`a vevő adószáma („${taxNumber}”) nem érvényes magyar adószám (12345678-1-12)`);
    }
    const lines = childrenAt(root, 'tetelek', 'tetel').map(readLine);
    const issueDate = valueAt(root, 'fejlec/keltDatum') ?? today(now());
    const prefix = valueAt(root, 'fejlec/szamlaszamElotag') || DEFAULT_PREFIX;
    if (!/^[A-Za-z0-9ÁÉÍÓÖŐÚÜŰáéíóöőúüű]{1,10}$/.test(prefix)) {
      throw xmlReadError(`a számlaszám előtagja („${prefix}”) legfeljebb 10 betű vagy számjegy lehet`);
    }
    const data: DocumentData = {
      seller: await seller(),
      buyer: {
        name: valueAt(root, 'vevo/nev') ?? '',
        postcode: valueAt(root, 'vevo/irsz') ?? '',
        city: valueAt(root, 'vevo/telepules') ?? '',
        address: valueAt(root, 'vevo/cim') ?? '',
        country: valueAt(root, 'vevo/orszag'),
        email: valueAt(root, 'vevo/email'),
        taxNumber,
        euVatNumber: valueAt(root, 'vevo/adoszamEU'),
      },
      issueDate,
      fulfilmentDate: valueAt(root, 'fejlec/teljesitesDatum') ?? issueDate,
      dueDate: valueAt(root, 'fejlec/fizetesiHataridoDatum') ?? issueDate,
      paymentMethod: valueAt(root, 'fejlec/fizmod') ?? '',
      currency,
      paid: asBoolean(valueAt(root, 'fejlec/fizetve')),
      payableCorrection: Number(valueAt(root, 'fejlec/fizetendoKorrekcio') ?? 0),
      orderNumber: valueAt(root, 'fejlec/rendelesSzam'),
      lines,
      reverses: null,
    };
    const document = await store.create({
      kind: 'SZ',
      prefix,
      year: Number(issueDate.slice(0, 4)),
      externalId: valueAt(root, 'beallitasok/szamlaKulsoAzon') || null,
      data,
    });
    return documentAnswer(
      document,
      Number(valueAt(root, 'beallitasok/valaszVerzio') ?? 1),
      asBoolean(valueAt(root, 'beallitasok/szamlaLetoltes')),
    );
  }

  async function reverseInvoice(root: XmlNode): Promise<Answer> {
    authenticate(root, 'beallitasok');
    const number = valueAt(root, 'fejlec/szamlaszam') ?? '';
    const original = await store.byNumber(number);
    if (original?.kind !== 'SZ') {
      throw new AgentError(7, `Nem található a sztornózandó számla: ${number}`);
    }
    const tipus = valueAt(root, 'fejlec/tipus');
    if (tipus !== null && tipus !== 'SS') throw xmlReadError(`a sztornó típusa SS lehet, nem „${tipus}”`);
    const issueDate = valueAt(root, 'fejlec/keltDatum') || today(now());
    const document = await store.create({
      kind: 'SS',
      prefix: original.number.replace(/-\d{4}-\d+$/, ''),
      year: Number(issueDate.slice(0, 4)),
      externalId: valueAt(root, 'beallitasok/szamlaKulsoAzon') || null,
      data: {
        ...original.data,
        issueDate,
        fulfilmentDate: valueAt(root, 'fejlec/teljesitesDatum') || original.data.fulfilmentDate,
        dueDate: issueDate,
        paid: false,
        reverses: original.number,
      },
    });
    return documentAnswer(
      document,
      Number(valueAt(root, 'beallitasok/valaszVerzio') ?? 1),
      asBoolean(valueAt(root, 'beallitasok/szamlaLetoltes')),
    );
  }

  async function findDocument(root: XmlNode): Promise<StoredDocument> {
    const number = valueAt(root, 'szamlaszam');
    const orderNumber = valueAt(root, 'rendelesSzam');
    const externalId = valueAt(root, 'szamlaKulsoAzon');
    const document = number
      ? await store.byNumber(number)
      : orderNumber
        ? await store.byOrderNumber(orderNumber)
        : externalId
          ? await store.byExternalId(externalId)
          : null;
    if (!document) {
      throw new AgentError(
        7,
        'Nem található a számla (ismeretlen számlaszám, rendelésszám vagy külső azonosító).',
      );
    }
    return document;
  }

  async function pdfOf(root: XmlNode): Promise<Answer> {
    authenticate(root, '');
    return documentAnswer(await findDocument(root), Number(valueAt(root, 'valaszVerzio')), true);
  }

  /** The `szamla` document (namespace …/szamla) the Agent answers a data query with. */
  async function dataOf(root: XmlNode): Promise<Answer> {
    authenticate(root, '');
    const document = await findDocument(root);
    const { data } = document;
    const sign = document.kind === 'SS' ? -1 : 1;
    const el = (name: string, value: string | number | null) =>
      value === null ? '' : `<${name}>${escapeXml(String(value))}</${name}>`;
    const lines = data.lines
      .map(
        (line) =>
          `<tetel>${el('nev', line.name)}${el('mennyiseg', line.quantity)}${el('mennyisegiegyseg', line.unit)}` +
          `${el('nettoegysegar', sign * line.netUnitPrice)}${el('afakulcs', line.vat)}${el('netto', sign * line.net)}` +
          `${el('afa', sign * line.vatAmount)}${el('brutto', sign * line.gross)}</tetel>`,
      )
      .join('');
    const pdf = asBoolean(valueAt(root, 'pdf'))
      ? (await renderInvoicePdf(document)).toString('base64')
      : null;
    return {
      headers: { szlahu_szamlaszam: encodeHeader(document.number), szlahu_id: String(document.id) },
      contentType: 'application/xml; charset=utf-8',
      body:
        '<?xml version="1.0" encoding="UTF-8"?><szamla xmlns="http://www.szamlazz.hu/szamla">' +
        `<szallito>${el('nev', data.seller.name)}${el('adoszam', data.seller.taxNumber || null)}</szallito>` +
        `<alap>${el('id', document.id)}${el('szamlaszam', document.number)}${el('tipus', document.kind)}` +
        `${el('kelt', data.issueDate)}${el('telj', data.fulfilmentDate)}${el('hatarido', data.dueDate)}` +
        `${el('fizmod', data.paymentMethod)}${el('devizanem', data.currency)}${el('rendelesszam', data.orderNumber)}` +
        `${el('hivatkozottSzamlaszam', data.reverses)}</alap>` +
        `<vevo>${el('nev', data.buyer.name)}${el('irsz', data.buyer.postcode)}${el('telepules', data.buyer.city)}` +
        `${el('cim', data.buyer.address)}${el('adoszam', data.buyer.taxNumber)}${el('email', data.buyer.email)}</vevo>` +
        `<tetelek>${lines}</tetelek>` +
        `<osszegek><totalossz>${el('netto', document.netTotal)}${el('afa', document.vatTotal)}${el('brutto', document.grossTotal)}</totalossz></osszegek>` +
        (pdf ? `<pdf>${pdf}</pdf>` : '') +
        '</szamla>',
    };
  }

  const actions: Record<string, { spec: ElementSpec; serve: (root: XmlNode) => Promise<Answer> }> = {
    'action-xmlagentxmlfile': { spec: XMLSZAMLA, serve: issueInvoice },
    'action-szamla_agent_st': { spec: XMLSZAMLAST, serve: reverseInvoice },
    'action-szamla_agent_pdf': { spec: XMLSZAMLAPDF, serve: pdfOf },
    'action-szamla_agent_xml': { spec: XMLSZAMLAXML, serve: dataOf },
  };

  async function answer(req: IncomingMessage): Promise<Answer> {
    try {
      const { action, xml } = await readAction(req, await readBody(req));
      const handler = actions[action];
      if (!handler) throw new AgentError(57, `XML beolvasási hiba: ismeretlen művelet (${action}).`);
      if (maintenance > 0) {
        maintenance--;
        throw new AgentError(1, 'Rendszerkarbantartás, kérem próbálja meg pár perc múlva.');
      }
      return await handler.serve(parseAndValidate(xml, handler.spec));
    } catch (error) {
      if (error instanceof AgentError) return errorAnswer(error);
      throw error;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname.replace(/\/+$/, '');
    if (path !== `${basePath}/szamla`) return false;
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST', 'content-type': 'text/plain; charset=utf-8' }).end('POST only');
      return true;
    }
    let result: Answer;
    try {
      result = await answer(req);
    } catch (error) {
      console.error('Számla Agent stand-in failed', error);
      result = errorAnswer(new AgentError(1, 'Rendszerkarbantartás, kérem próbálja meg pár perc múlva.'));
    }
    if (answersToDrop > 0) {
      answersToDrop--;
      res.destroy();
      return true;
    }
    res.writeHead(200, {
      ...result.headers,
      'content-type': result.contentType,
      'cache-control': 'no-store',
    });
    res.end(result.body);
    return true;
  }

  return {
    handle,
    dropNextAnswers(count) {
      answersToDrop = count;
    },
    failNextWithMaintenance(count) {
      maintenance = count;
    },
  };
}
