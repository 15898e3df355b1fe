import type { InvoiceLine, InvoiceRequest, StornoRequest } from './invoicing-port';

/**
 * The Számla Agent's request documents, built in the order of their XSD sequences (the Agent refuses
 * another order, error 57). Values are escaped; absent optional elements are left out.
 * [xmlszamla.xsd, xmlszamlast.xsd, xmlszamlapdf.xsd, xmlszamlaxml.xsd at szamlazz.hu/szamla/docs/xsds]
 */

export type XmlValue = string | number | boolean | null | undefined;
type Child = string | null;

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<name>value</name>`, or nothing for null and undefined. */
export function el(name: string, value: XmlValue): Child {
  if (value === null || value === undefined) return null;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

function group(name: string, children: Child[]): string {
  return `<${name}>${children.filter((child) => child !== null).join('')}</${name}>`;
}

function root(name: string, xsdPath: string, children: Child[]): string {
  const namespace = `http://www.szamlazz.hu/${name}`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<${name} xmlns="${namespace}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="${namespace} https://www.szamlazz.hu/szamla/docs/xsds/${xsdPath}">` +
    children.filter((child) => child !== null).join('') +
    `</${name}>`
  );
}

/** Amounts as the Agent reads xs:double: a dot, at most two decimals, no thousands separator. */
export function amount(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function line(item: InvoiceLine): string {
  return group('tetel', [
    el('megnevezes', item.name),
    el('mennyiseg', item.quantity),
    el('mennyisegiEgyseg', item.unit),
    el('nettoEgysegar', amount(item.netUnitPrice)),
    el('afakulcs', item.vat),
    el('nettoErtek', amount(item.net)),
    el('afaErtek', amount(item.vatAmount)),
    el('bruttoErtek', amount(item.gross)),
  ]);
}

/** The settings both documents open with: the key, the PDF in a version 2 answer, the shop's own id. */
function agentSettings(agentKey: string, request: { eInvoice: boolean; externalId: string }): string {
  return group('beallitasok', [
    el('szamlaagentkulcs', agentKey),
    el('eszamla', request.eInvoice),
    el('szamlaLetoltes', true),
    el('valaszVerzio', 2),
    el('szamlaKulsoAzon', request.externalId),
  ]);
}

/** `action-xmlagentxmlfile`: a new invoice, its PDF in the XML answer (valaszVerzio 2). */
export function invoiceXml(agentKey: string, request: InvoiceRequest): string {
  const { buyer } = request;
  const company = buyer.kind !== 'PRIVATE';
  return root('xmlszamla', 'agent/xmlszamla.xsd', [
    agentSettings(agentKey, request),
    group('fejlec', [
      el('keltDatum', request.issueDate),
      el('teljesitesDatum', request.fulfilmentDate),
      el('fizetesiHataridoDatum', request.dueDate),
      el('fizmod', request.paymentMethod),
      el('penznem', 'HUF'),
      el('szamlaNyelve', 'hu'),
      el('rendelesSzam', request.orderNumber),
      el('szamlaszamElotag', request.prefix),
      el('fizetendoKorrekcio', request.payableCorrection !== 0 ? amount(request.payableCorrection) : null),
      el('fizetve', request.paid),
    ]),
    group('elado', []),
    group('vevo', [
      el('nev', buyer.name),
      el('orszag', buyer.country),
      el('irsz', buyer.postcode),
      el('telepules', buyer.city),
      el('cim', buyer.address),
      el('email', buyer.email),
      el('sendEmail', request.sendToBuyer),
      el('adoalany', buyer.kind === 'HU_COMPANY' ? 1 : buyer.kind === 'EU_COMPANY' ? 6 : -1),
      el('adoszam', company ? buyer.taxNumber : null),
      el('adoszamEU', company ? buyer.euVatNumber : null),
    ]),
    group('tetelek', request.lines.map(line)),
  ]);
}

/** `action-szamla_agent_st`: the reversing (storno) document of an invoice. */
export function stornoXml(agentKey: string, request: StornoRequest): string {
  return root('xmlszamlast', 'agentst/xmlszamlast.xsd', [
    agentSettings(agentKey, request),
    group('fejlec', [
      el('szamlaszam', request.invoiceNumber),
      el('keltDatum', request.issueDate),
      el('teljesitesDatum', request.issueDate),
      el('tipus', 'SS'),
    ]),
    group('elado', []),
    group('vevo', [el('email', request.sendToBuyer ? request.buyerEmail : null)]),
  ]);
}

/** `action-szamla_agent_pdf`: a document's PDF by its number. */
export function pdfQueryXml(agentKey: string, number: string): string {
  return root('xmlszamlapdf', 'agentpdf/xmlszamlapdf.xsd', [
    el('szamlaagentkulcs', agentKey),
    el('szamlaszam', number),
    el('valaszVerzio', 2),
  ]);
}

/** `action-szamla_agent_xml`: a document's data (and PDF) by our external id; hibakod 7 when none. */
export function externalIdQueryXml(agentKey: string, externalId: string): string {
  return root('xmlszamlaxml', 'agentxml/xmlszamlaxml.xsd', [
    el('szamlaagentkulcs', agentKey),
    el('pdf', true),
    el('szamlaKulsoAzon', externalId),
  ]);
}
