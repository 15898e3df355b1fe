import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceRequest } from '../../services/invoicing/invoicing-port';
import { invoiceXml, stornoXml } from '../../services/invoicing/szamlazz-xml';
import { type StartedSzamlazzStandIn, startSzamlazzStandIn } from './server';

const KEY = 'standinkulcs0123456789abcdef';
let db: Database;
let agent: StartedSzamlazzStandIn;

beforeAll(async () => {
  db = await createTestDatabase();
  agent = await startSzamlazzStandIn({ prisma: db.prisma, agentKey: KEY });
});
afterAll(async () => {
  await agent?.close();
  await db?.close();
});

const request: InvoiceRequest = {
  externalId: 'valid-1',
  orderNumber: '2026-000001',
  prefix: 'VAL',
  eInvoice: true,
  sendToBuyer: false,
  issueDate: '2026-05-04',
  fulfilmentDate: '2026-05-04',
  dueDate: '2026-05-04',
  paymentMethod: 'Átutalás',
  paid: false,
  payableCorrection: 0,
  buyer: {
    name: 'Bögre Bt.',
    postcode: '1137',
    city: 'Budapest',
    address: 'Pozsonyi út 23.',
    country: 'Magyarország',
    email: 'bt@example.hu',
    kind: 'HU_COMPANY',
    taxNumber: '12345676-2-42',
    euVatNumber: null,
  },
  lines: [
    {
      name: 'Kék bögre',
      quantity: 2,
      unit: 'db',
      netUnitPrice: 3141.5,
      vat: '27',
      net: 6283,
      vatAmount: 1697,
      gross: 7980,
    },
  ],
};

/** Posts a document as the Agent's clients do: one file field whose name is the action. */
async function post(action: string, xml: string, asFile = true) {
  const form = new FormData();
  if (asFile) form.append(action, new Blob([xml], { type: 'application/xml' }), 'request.xml');
  else form.append(action, xml);
  const response = await fetch(`${agent.url}/szamla/`, { method: 'POST', body: form });
  const body = await response.text();
  const parsed = new XMLParser({ parseTagValue: false }).parse(body) as Record<
    string,
    Record<string, string>
  >;
  return {
    status: response.status,
    code: response.headers.get('szlahu_error_code'),
    error: decodeURIComponent((response.headers.get('szlahu_error') ?? '').replace(/\+/g, ' ')),
    headers: response.headers,
    body: parsed.xmlszamlavalasz ?? {},
  };
}

const valid = () => invoiceXml(KEY, request);

describe('the Számla Agent stand-in refuses what the Agent refuses', () => {
  it('issues a valid company invoice with the szlahu_* headers and the xmlszamlavalasz body', async () => {
    const answer = await post('action-xmlagentxmlfile', valid());
    expect(answer.code).toBeNull();
    expect(answer.headers.get('szlahu_szamlaszam')).toBe('VAL-2026-1');
    expect(answer.headers.get('szlahu_bruttovegosszeg')).toBe('7980');
    expect(answer.headers.get('szlahu_nettovegosszeg')).toBe('6283');
    expect(answer.headers.get('szlahu_kintlevoseg')).toBe('7980');
    expect(answer.body).toMatchObject({ sikeres: 'true', szamlaszam: 'VAL-2026-1', szamlabrutto: '7980' });
    expect(
      Buffer.from(answer.body.pdf ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it.each([
    [
      'a missing required element',
      (xml: string) => xml.replace('<nev>Bögre Bt.</nev>', ''),
      'XML beolvasási hiba: hiányzik a kötelező <xmlszamla/vevo/nev> elem',
    ],
    [
      'elements out of the XSD order',
      (xml: string) =>
        xml.replace(
          '<irsz>1137</irsz><telepules>Budapest</telepules>',
          '<telepules>Budapest</telepules><irsz>1137</irsz>',
        ),
      'XML beolvasási hiba: a <xmlszamla/vevo/irsz> elem rossz helyen áll: az XSD sorrendje szerint a <telepules> előtt kell lennie',
    ],
    [
      'an unknown VAT code',
      (xml: string) => xml.replace('<afakulcs>27</afakulcs>', '<afakulcs>25</afakulcs>'),
      'XML beolvasási hiba: az 1. tétel („Kék bögre”) ÁFA-kulcsa („25”) ismeretlen; lehet például 27, 18, 5, 0, AAM, TAM',
    ],
    [
      'a company invoice without a tax number',
      (xml: string) => xml.replace('<adoszam>12345676-2-42</adoszam>', ''),
      'XML beolvasási hiba: adoalany=1 (magyar adószámmal rendelkező vevő) mellett a vevő adószáma kötelező',
    ],
    [
      'a tax number whose check digit is wrong',
      (xml: string) => xml.replace('12345676-2-42', '12345678-2-42'),
      'XML beolvasási hiba: a vevő adószáma („12345678-2-42”) nem érvényes magyar adószám (12345678-1-12)',
    ],
    [
      'an impossible date',
      (xml: string) => xml.replace('<keltDatum>2026-05-04</keltDatum>', '<keltDatum>2026-02-30</keltDatum>'),
      'XML beolvasási hiba: <xmlszamla/fejlec/keltDatum> értéke („2026-02-30”) hibás: dátum kell ÉÉÉÉ-HH-NN alakban',
    ],
    [
      'VAT that is not the rate’s',
      (xml: string) =>
        xml.replace(
          '<afaErtek>1697</afaErtek><bruttoErtek>7980</bruttoErtek>',
          '<afaErtek>1000</afaErtek><bruttoErtek>7283</bruttoErtek>',
        ),
      'XML beolvasási hiba: az 1. tétel („Kék bögre”): az ÁFA értéke nem a 27 kulcs szerinti',
    ],
  ])('answers error 57 (HTTP 200) for %s', async (_case, change, message) => {
    const answer = await post(
      'action-xmlagentxmlfile',
      change(valid()).replace('valid-1', `bad-${Math.random()}`),
    );
    expect(answer.status).toBe(200);
    expect(answer.code).toBe('57');
    expect(answer.error).toBe(message);
    expect(answer.body).toMatchObject({ sikeres: 'false', hibakod: '57', hibauzenet: message });
    expect(answer.headers.get('szlahu_szamlaszam')).toBeNull();
  });

  it('answers 3 for a wrong Agent key, 53 without an XML file, 7 for an unknown invoice to reverse', async () => {
    expect(
      await post('action-xmlagentxmlfile', invoiceXml('rosszkulcs0123456789abcdef', request)),
    ).toMatchObject({
      code: '3',
      error: 'Sikertelen bejelentkezés',
    });
    expect(await post('action-xmlagentxmlfile', valid(), false)).toMatchObject({
      code: '53',
      error: 'Hiányzó XML fájl.',
    });
    const storno = stornoXml(KEY, {
      externalId: 'st-unknown',
      invoiceNumber: 'VAL-2026-999',
      issueDate: '2026-05-05',
      eInvoice: true,
      sendToBuyer: false,
      buyerEmail: 'bt@example.hu',
    });
    expect(await post('action-szamla_agent_st', storno)).toMatchObject({
      code: '7',
      error: 'Nem található a sztornózandó számla: VAL-2026-999',
    });
  });

  it('made nothing for the refused requests: the next number follows without a gap', async () => {
    const answer = await post('action-xmlagentxmlfile', valid().replace('valid-1', 'valid-2'));
    expect(answer.headers.get('szlahu_szamlaszam')).toBe('VAL-2026-2');
  });

  it('reverses an invoice once, in the same series, with negative totals', async () => {
    const storno = (externalId: string) =>
      stornoXml(KEY, {
        externalId,
        invoiceNumber: 'VAL-2026-1',
        issueDate: '2026-05-06',
        eInvoice: true,
        sendToBuyer: false,
        buyerEmail: 'bt@example.hu',
      });
    const first = await post('action-szamla_agent_st', storno('st-1'));
    expect(first.headers.get('szlahu_szamlaszam')).toBe('VAL-2026-3');
    expect(first.headers.get('szlahu_bruttovegosszeg')).toBe('-7980');
    const again = await post('action-szamla_agent_st', storno('st-2'));
    expect(again.headers.get('szlahu_szamlaszam')).toBe('VAL-2026-3');
  });
});
