import { escapeHtml } from '../../html-escape';
import { PLACEHOLDER_PATTERN } from '../../schemas/email';
import { hungarianArticle } from '../../schemas/hungarian';

export { escapeHtml };

/**
 * A block of HTML the shop itself built from escaped values (an order's line table, its addresses),
 * with its plain-text form for the subject and the text part. Only services create these: whatever a
 * customer typed is escaped before it gets into one.
 */
export type TrustedHtml = { readonly html: string; readonly text: string };

export type EmailVariables = Record<string, string | TrustedHtml>;

export type RenderedEmail = {
  subject: string;
  html: string;
  text: string;
  /** Placeholders with no value; they stay in the message as typed so a mistake is seen, not hidden. */
  unknownPlaceholders: string[];
};

function fill(
  template: string,
  variables: EmailVariables,
  encode: (value: string) => string,
  unknown: Set<string>,
  inBody: boolean,
): string {
  return template.replace(PLACEHOLDER_PATTERN, (placeholder, name: string) => {
    const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (value === undefined) {
      unknown.add(name);
      return placeholder;
    }
    if (typeof value !== 'string') return inBody ? value.html : encode(value.text);
    return encode(value);
  });
}

/**
 * The rich-text editor keeps every text in a block, so a placeholder of a whole block (an order's
 * line table) sits alone in a paragraph; a table inside a <p> is not valid HTML, so such a
 * paragraph gives way to the block.
 */
function unwrapBlockPlaceholders(bodyHtml: string, variables: EmailVariables): string {
  return bodyHtml.replace(
    new RegExp(`<p>\\s*(${PLACEHOLDER_PATTERN.source})\\s*</p>`, 'g'),
    (paragraph, placeholder: string, name: string) => {
      const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
      return value !== undefined && typeof value !== 'string' ? placeholder : paragraph;
    },
  );
}

/**
 * "a", "az" or "a(z)" (any case) right before a placeholder, with only spaces, an opening „ or inline
 * tags between: "A <strong>{{orderNumber}}</strong> számú rendelésed".
 */
const ARTICLE_BEFORE_PLACEHOLDER = new RegExp(
  String.raw`(?<![\p{L}\p{N}<\/])(a\(z\)|az|a)((?:\s|&nbsp;|„|<(?:strong|b|em|i|u|span)\b[^>]*>)+)(${PLACEHOLDER_PATTERN.source})`,
  'giu',
);

/**
 * The article before a placeholder is chosen for the value that fills it (hungarianArticle), so a
 * template says "a {{orderNumber}}" and the e-mail reads "az 1…" or "a 2026-000123", never "a(z)".
 */
function agreeArticles(template: string, variables: EmailVariables): string {
  return template.replace(
    ARTICLE_BEFORE_PLACEHOLDER,
    (match, article: string, between: string, placeholder: string, name: string) => {
      const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
      if (value === undefined) return match;
      const text = typeof value === 'string' ? value : value.text;
      return `${hungarianArticle(text, { capital: article.startsWith('A') })}${between}${placeholder}`;
    },
  );
}

/** A header must stay on one line, whatever a customer typed into a form. */
function toHeaderText(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ');
}

/**
 * Fills `{{name}}` placeholders: values are HTML-escaped in the body and kept on one line in the
 * subject, and the article before a placeholder agrees with its value. The template itself is trusted
 * admin HTML; only the values are untrusted.
 */
export function renderEmail(
  template: { subject: string; bodyHtml: string },
  variables: EmailVariables,
): RenderedEmail {
  const unknown = new Set<string>();
  const subject = fill(
    agreeArticles(template.subject, variables),
    variables,
    toHeaderText,
    unknown,
    false,
  ).trim();
  const html = fill(
    agreeArticles(unwrapBlockPlaceholders(template.bodyHtml, variables), variables),
    variables,
    escapeHtml,
    unknown,
    true,
  );
  return { subject, html, text: htmlToText(html), unknownPlaceholders: [...unknown] };
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  bdquo: '„',
  rdquo: '”',
  ldquo: '“',
  copy: '©',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * The plain-text alternative of a template's HTML: paragraphs and line breaks kept, list items
 * bulleted, and every link's address written out after its label, because a text-only reader
 * must still be able to open e.g. the password reset link.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style|head)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ')
    .replace(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi, (_match, attributes: string, label: string) => {
      const href = attribute(` ${attributes}`, 'href');
      const shownLabel = label.replace(/<[^>]*>/g, '').trim();
      if (!href || href.startsWith('#')) return shownLabel;
      const address = decodeEntities(href).replace(/^mailto:/i, '');
      return decodeEntities(shownLabel) === address || !shownLabel ? href : `${shownLabel} (${href})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|blockquote|table|tr)\s*>/gi, '\n\n')
    .replace(/<(p|div|h[1-6]|ul|ol|blockquote|table|tr)\b[^>]*>/gi, '\n\n')
    .replace(/<\/(td|th)\s*>/gi, '\t')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
