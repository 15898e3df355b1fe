/**
 * The ONE allow-list of admin-written HTML (descriptions, pages, e-mail templates), shared by the
 * server, which cleans every write (services/html-sanitize.ts), and the shop's browser code, which
 * cleans again before rendering (apps/web/src/lib/sanitize-html.ts). Browser-safe: no imports.
 */

/** Tags kept, with the attributes below. */
export const ALLOWED_HTML_TAGS: ReadonlySet<string> = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);

/** Elements without content or closing tag. */
export const VOID_HTML_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img']);

/** Dropped with their content; any other unknown tag is unwrapped and its text kept. */
export const DROPPED_HTML_TAGS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'link',
  'meta',
  'base',
  'frame',
  'frameset',
  'title',
  'head',
]);

/** The only attributes kept, per tag: no event handlers, no style, no class. */
export const ALLOWED_HTML_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start'],
};

const URL_ATTRIBUTES = new Set(['href', 'src']);
const NUMERIC_ATTRIBUTES = new Set(['colspan', 'rowspan', 'width', 'height', 'start']);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** Relative URLs and the schemes above; never javascript:, data:, vbscript: and the like. */
export function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = Array.from(value)
    .filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}

/** The allowed attributes of an element of `tag`, read through `get`, with unsafe values left out. */
export function allowedHtmlAttributes(tag: string, get: (name: string) => string | null | undefined) {
  const attributes: Record<string, string> = {};
  for (const name of ALLOWED_HTML_ATTRIBUTES[tag] ?? []) {
    const value = get(name)?.trim();
    if (value === undefined || value === null) continue;
    if (URL_ATTRIBUTES.has(name) && !isSafeUrl(value)) continue;
    if (NUMERIC_ATTRIBUTES.has(name) && !/^\d{1,4}$/.test(value)) continue;
    attributes[name] = value;
  }
  return attributes;
}

/** What happens to an element: kept (with its allowed attributes), dropped with its content, or unwrapped. */
export function htmlTagFate(tag: string): 'keep' | 'drop' | 'unwrap' {
  if (DROPPED_HTML_TAGS.has(tag)) return 'drop';
  return ALLOWED_HTML_TAGS.has(tag) ? 'keep' : 'unwrap';
}
