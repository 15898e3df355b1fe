/**
 * The ONE allow-list of admin-written HTML (descriptions, pages, e-mail templates), shared by the
 * server, which cleans every write (services/html-sanitize.ts), and the shop's browser code, which
 * cleans again before rendering (apps/web/src/lib/html/sanitize-html.ts). Browser-safe: no imports.
 */

/**
 * Tags kept, with the attributes below: exactly what the admin's rich-text editor writes
 * (apps/web/src/features/admin/rich-text/extensions.ts), so whatever a client sends is stored as
 * the editor would have written it. Anything else is unwrapped (its text kept) or dropped.
 */
export const ALLOWED_HTML_TAGS: ReadonlySet<string> = new Set([
  'a',
  'blockquote',
  'br',
  'em',
  'h2',
  'h3',
  'h4',
  'hr',
  'img',
  'li',
  'ol',
  'p',
  'strong',
  'table',
  'tbody',
  'td',
  'th',
  'tr',
  'ul',
]);

/**
 * Tags stored under the name the editor uses for the same thing: the page title is the only h1, so
 * body headings start at h2; b and i are the old spellings of strong and em.
 */
export const RENAMED_HTML_TAGS: Readonly<Record<string, string>> = {
  h1: 'h2',
  h5: 'h4',
  h6: 'h4',
  b: 'strong',
  i: 'em',
};

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
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
};

/** A link may only open in a new tab, and may only say that it does not vouch for its target. */
const LINK_TARGETS = new Set(['_blank']);
const LINK_RELATIONS = new Set(['noopener', 'noreferrer', 'nofollow']);

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
    if (name === 'target' && !LINK_TARGETS.has(value)) continue;
    if (name === 'rel') {
      // A page opened in a new tab must not reach back to the shop's window (window.opener).
      const relations = allowedRelations(get('target') === '_blank' ? `${value} noopener noreferrer` : value);
      if (relations) attributes.rel = relations;
      continue;
    }
    attributes[name] = value;
    if (name === 'target' && !get('rel')) attributes.rel = allowedRelations('noopener noreferrer');
  }
  return attributes;
}

function allowedRelations(value: string): string {
  const relations = new Set(
    value
      .toLowerCase()
      .split(/\s+/)
      .filter((token) => LINK_RELATIONS.has(token)),
  );
  return [...LINK_RELATIONS].filter((token) => relations.has(token)).join(' ');
}

/** The name an element is kept under (see RENAMED_HTML_TAGS). */
export function allowedHtmlTagName(tag: string): string {
  return RENAMED_HTML_TAGS[tag] ?? tag;
}

/** What happens to an element: kept (with its allowed attributes), dropped with its content, or unwrapped. */
export function htmlTagFate(tag: string): 'keep' | 'drop' | 'unwrap' {
  if (DROPPED_HTML_TAGS.has(tag)) return 'drop';
  return ALLOWED_HTML_TAGS.has(allowedHtmlTagName(tag)) ? 'keep' : 'unwrap';
}
