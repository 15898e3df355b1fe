import { XMLParser } from 'fast-xml-parser';
import { withArticle } from '../../schemas/hungarian';

/**
 * The Agent's request XSDs as data, and a validator as strict as the real service: the root and its
 * namespace, every element known, sequences in XSD order, required elements present, occurrences
 * bounded, simple types (boolean, int, double, date, the invoice languages) well formed. Any failure is
 * the Agent's error 57, "XML beolvasási hiba", with the reason.
 * [ewngs/szamlazz.js tests/resources/xmlszamla.xsd, extended with the newer optional fields the current
 * xsds at szamlazz.hu/szamla/docs/xsds carry: guardian, cikkazoninvoice, szamlaKulsoAzon, eusAfa …]
 */

export type SimpleType = 'string' | 'boolean' | 'int' | 'double' | 'date' | 'language';

export type ElementSpec = {
  name: string;
  min?: number;
  /** Default 1; Infinity for unbounded. */
  max?: number;
  type?: SimpleType;
  children?: ElementSpec[];
  /** A complex element whose inside the stand-in does not use (waybills, ledger data): any content. */
  anyContent?: boolean;
};

const opt = (name: string, type: SimpleType = 'string'): ElementSpec => ({ name, min: 0, type });
const req = (name: string, type: SimpleType = 'string'): ElementSpec => ({ name, min: 1, type });

const AUTH: ElementSpec[] = [opt('felhasznalo'), opt('jelszo'), opt('szamlaagentkulcs')];

export const XMLSZAMLA: ElementSpec = {
  name: 'xmlszamla',
  children: [
    {
      name: 'beallitasok',
      children: [
        ...AUTH,
        req('eszamla', 'boolean'),
        req('szamlaLetoltes', 'boolean'),
        opt('szamlaLetoltesPld', 'int'),
        opt('valaszVerzio', 'int'),
        opt('aggregator'),
        opt('guardian', 'boolean'),
        opt('cikkazoninvoice', 'boolean'),
        opt('szamlaKulsoAzon'),
      ],
    },
    {
      name: 'fejlec',
      children: [
        req('keltDatum', 'date'),
        req('teljesitesDatum', 'date'),
        req('fizetesiHataridoDatum', 'date'),
        req('fizmod'),
        req('penznem'),
        req('szamlaNyelve', 'language'),
        opt('megjegyzes'),
        opt('arfolyamBank'),
        opt('arfolyam', 'double'),
        opt('rendelesSzam'),
        opt('dijbekeroSzamlaszam'),
        opt('elolegszamla', 'boolean'),
        opt('vegszamla', 'boolean'),
        opt('elolegSzamlaszam'),
        opt('helyesbitoszamla', 'boolean'),
        opt('helyesbitettSzamlaszam'),
        opt('dijbekero', 'boolean'),
        opt('szallitolevel', 'boolean'),
        opt('logoExtra'),
        opt('szamlaszamElotag'),
        opt('fizetendoKorrekcio', 'double'),
        opt('fizetve', 'boolean'),
        opt('arresAfa', 'boolean'),
        opt('eusAfa', 'boolean'),
        opt('szamlaSablon'),
        opt('elonezetpdf', 'boolean'),
      ],
    },
    {
      name: 'elado',
      children: [
        opt('bank'),
        opt('bankszamlaszam'),
        opt('emailReplyto'),
        opt('emailTargy'),
        opt('emailSzoveg'),
        opt('alairoNeve'),
      ],
    },
    {
      name: 'vevo',
      children: [
        req('nev'),
        opt('orszag'),
        req('irsz'),
        req('telepules'),
        req('cim'),
        opt('email'),
        opt('sendEmail', 'boolean'),
        opt('adoalany', 'int'),
        opt('adoszam'),
        opt('csoportazonosito'),
        opt('adoszamEU'),
        opt('postazasiNev'),
        opt('postazasiOrszag'),
        opt('postazasiIrsz'),
        opt('postazasiTelepules'),
        opt('postazasiCim'),
        { name: 'vevoFokonyv', min: 0, anyContent: true },
        opt('azonosito'),
        opt('alairoNeve'),
        opt('telefonszam'),
        opt('megjegyzes'),
      ],
    },
    { name: 'fuvarlevel', min: 0, anyContent: true },
    {
      name: 'tetelek',
      children: [
        {
          name: 'tetel',
          min: 1,
          max: Number.POSITIVE_INFINITY,
          children: [
            req('megnevezes'),
            opt('azonosito'),
            req('mennyiseg', 'double'),
            req('mennyisegiEgyseg'),
            req('nettoEgysegar', 'double'),
            req('afakulcs'),
            opt('arresAfaAlap', 'double'),
            req('nettoErtek', 'double'),
            req('afaErtek', 'double'),
            req('bruttoErtek', 'double'),
            opt('megjegyzes'),
            { name: 'tetelFokonyv', min: 0, anyContent: true },
          ],
        },
      ],
    },
  ],
};

export const XMLSZAMLAST: ElementSpec = {
  name: 'xmlszamlast',
  children: [
    {
      name: 'beallitasok',
      children: [
        ...AUTH,
        req('eszamla', 'boolean'),
        req('szamlaLetoltes', 'boolean'),
        opt('szamlaLetoltesPld', 'int'),
        opt('valaszVerzio', 'int'),
        opt('aggregator'),
        opt('szamlaKulsoAzon'),
      ],
    },
    {
      name: 'fejlec',
      children: [
        req('szamlaszam'),
        opt('keltDatum', 'date'),
        opt('teljesitesDatum', 'date'),
        opt('tipus'),
        opt('szamlaSablon'),
      ],
    },
    { name: 'elado', min: 0, children: [opt('emailReplyto'), opt('emailTargy'), opt('emailSzoveg')] },
    { name: 'vevo', min: 0, children: [opt('email'), opt('adoszam'), opt('adoszamEU')] },
  ],
};

export const XMLSZAMLAPDF: ElementSpec = {
  name: 'xmlszamlapdf',
  children: [
    ...AUTH,
    opt('szamlaszam'),
    opt('rendelesSzam'),
    req('valaszVerzio', 'int'),
    opt('szamlaKulsoAzon'),
  ],
};

export const XMLSZAMLAXML: ElementSpec = {
  name: 'xmlszamlaxml',
  children: [...AUTH, opt('szamlaszam'), opt('rendelesSzam'), opt('pdf', 'boolean'), opt('szamlaKulsoAzon')],
};

/** A parsed element: its name, its element children in document order, its text. */
export type XmlNode = { name: string; children: XmlNode[]; text: string; namespace: string | null };

export class XmlReadError extends Error {
  override name = 'XmlReadError';
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

type OrderedNode = Record<string, unknown>;

function toNode(raw: OrderedNode): XmlNode | null {
  const name = Object.keys(raw).find((key) => key !== ':@' && key !== '#text' && !key.startsWith('?'));
  if (!name) return null;
  const attributes = (raw[':@'] ?? {}) as Record<string, string>;
  const content = (raw[name] ?? []) as OrderedNode[];
  const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')) : null;
  const children: XmlNode[] = [];
  let text = '';
  for (const item of content) {
    if ('#text' in item) text += String(item['#text']);
    else {
      const child = toNode(item);
      if (child) children.push(child);
    }
  }
  return {
    name: prefix ? name.slice(prefix.length + 1) : name,
    children,
    text,
    namespace: (prefix ? attributes[`xmlns:${prefix}`] : attributes.xmlns) ?? null,
  };
}

/** The document element, or an XmlReadError when the text is not XML. */
export function parseXml(xml: string): XmlNode {
  let parsed: OrderedNode[];
  try {
    parsed = parser.parse(xml, true) as OrderedNode[];
  } catch (error) {
    throw new XmlReadError(`a dokumentum nem jól formált XML (${(error as Error).message})`);
  }
  const roots = parsed.map(toNode).filter((node): node is XmlNode => node !== null);
  if (roots.length !== 1 || !roots[0]) throw new XmlReadError('a dokumentumnak egy gyökéreleme legyen');
  return roots[0];
}

const LANGUAGES = new Set(['hu', 'en', 'de', 'it', 'ro', 'sk', 'hr', 'fr']);

export function isXsdDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function typeError(type: SimpleType, value: string): string | null {
  switch (type) {
    case 'boolean':
      return /^(true|false|1|0)$/.test(value) ? null : 'logikai érték (true vagy false) kell';
    case 'int':
      return /^[+-]?\d+$/.test(value) ? null : 'egész szám kell';
    case 'double':
      return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value) ? null : 'szám kell (tizedespont)';
    case 'date':
      return isXsdDate(value) ? null : 'dátum kell ÉÉÉÉ-HH-NN alakban';
    case 'language':
      return LANGUAGES.has(value) ? null : 'a számla nyelve hu, en, de, it, ro, sk, hr vagy fr';
    default:
      return null;
  }
}

function checkElement(node: XmlNode, spec: ElementSpec, path: string): void {
  if (spec.anyContent) return;
  if (!spec.children) {
    if (node.children.length > 0)
      throw new XmlReadError(`${withArticle(`<${path}>`)} elem csak szöveget tartalmazhat`);
    const problem = typeError(spec.type ?? 'string', node.text);
    if (problem) throw new XmlReadError(`<${path}> értéke („${node.text}”) hibás: ${problem}`);
    return;
  }
  if (node.text !== '') throw new XmlReadError(`${withArticle(`<${path}>`)} elemben szöveg nem állhat`);
  checkSequence(node.children, spec.children, path);
}

/** An XSD sequence: children in the listed order, each between its min and max times. */
function checkSequence(children: XmlNode[], specs: ElementSpec[], path: string): void {
  let position = 0;
  for (const spec of specs) {
    let count = 0;
    while (children[position]?.name === spec.name) {
      count++;
      const max = spec.max ?? 1;
      if (count > max)
        throw new XmlReadError(
          `${withArticle(`<${path}/${spec.name}>`)} elem legfeljebb ${max}× szerepelhet`,
        );
      checkElement(children[position] as XmlNode, spec, `${path}/${spec.name}`);
      position++;
    }
    if (count < (spec.min ?? 1)) {
      const later = children.slice(position).some((child) => child.name === spec.name);
      throw new XmlReadError(
        later
          ? `${withArticle(`<${path}/${spec.name}>`)} elem rossz helyen áll: az XSD sorrendje szerint ${describeNext(children[position])} előtt kell lennie`
          : `hiányzik a kötelező <${path}/${spec.name}> elem`,
      );
    }
  }
  const extra = children[position];
  if (extra) {
    const known = specs.some((spec) => spec.name === extra.name);
    throw new XmlReadError(
      known
        ? `${withArticle(`<${path}/${extra.name}>`)} elem rossz helyen áll (az XSD sorrendje kötött)`
        : `ismeretlen elem: <${path}/${extra.name}>`,
    );
  }
}

function describeNext(node: XmlNode | undefined): string {
  return node ? withArticle(`<${node.name}>`) : 'a szülőelem vége';
}

/** Checks the document against its root's spec, namespace included. */
export function validate(root: XmlNode, spec: ElementSpec): void {
  if (root.name !== spec.name) {
    throw new XmlReadError(`a gyökérelem <${spec.name}> legyen, nem <${root.name}>`);
  }
  const namespace = `http://www.szamlazz.hu/${spec.name}`;
  if (root.namespace !== namespace) {
    throw new XmlReadError(`${withArticle(`<${spec.name}>`)} névtere ${namespace} legyen`);
  }
  checkElement(root, spec, spec.name);
}

/** The text of the element at a slash-separated path below `node`, or null. */
export function valueAt(node: XmlNode, path: string): string | null {
  let current: XmlNode | undefined = node;
  for (const name of path.split('/')) {
    current = current?.children.find((child) => child.name === name);
    if (!current) return null;
  }
  return current.text;
}

export function childrenAt(node: XmlNode, path: string, name: string): XmlNode[] {
  let current: XmlNode | undefined = node;
  for (const part of path.split('/')) current = current?.children.find((child) => child.name === part);
  return current?.children.filter((child) => child.name === name) ?? [];
}

export function asBoolean(value: string | null): boolean {
  return value === 'true' || value === '1';
}
