/**
 * Allow-list sanitizer for HTML written in the admin (page and category bodies). It parses with the
 * browser's inert DOMParser (scripts never run, images never load) and keeps only harmless tags and
 * attributes; the result is plain data that React renders as elements, so no raw markup reaches the DOM.
 */

export type SafeNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: string; attributes: Record<string, string>; children: SafeNode[] };

const ALLOWED_TAGS = new Set([
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

/** The page title is the only h1; headings in a body are demoted one level. */
const RENAMED_TAGS: Record<string, string> = { h1: 'h2' };

/** Dropped with their content; any other unknown tag is unwrapped and its text kept. */
const DROPPED_TAGS = new Set([
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

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start'],
};

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** Relative URLs and the schemes above; never javascript:, data:, vbscript: and the like. */
function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = Array.from(value)
    .filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}

const NUMERIC_ATTRIBUTES = new Set(['colspan', 'rowspan', 'width', 'height', 'start']);

function sanitizeAttributes(tag: string, element: Element): Record<string, string> {
  const allowed = ALLOWED_ATTRIBUTES[tag] ?? [];
  const attributes: Record<string, string> = {};
  for (const name of allowed) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    if ((name === 'href' || name === 'src') && !isSafeUrl(value.trim())) continue;
    if (NUMERIC_ATTRIBUTES.has(name) && !/^\d{1,4}$/.test(value.trim())) continue;
    attributes[name] = value.trim();
  }
  return attributes;
}

function sanitizeChildren(parent: ParentNode): SafeNode[] {
  const result: SafeNode[] = [];
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? '';
      if (text) result.push({ kind: 'text', text });
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    const name = element.tagName.toLowerCase();
    if (DROPPED_TAGS.has(name)) continue;
    const tag = RENAMED_TAGS[name] ?? name;
    if (!ALLOWED_TAGS.has(tag)) {
      result.push(...sanitizeChildren(element));
      continue;
    }
    const attributes = sanitizeAttributes(tag, element);
    if (tag === 'img' && !attributes.src) continue;
    result.push({ kind: 'element', tag, attributes, children: sanitizeChildren(element) });
  }
  return result;
}

export function sanitizeHtml(html: string): SafeNode[] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return sanitizeChildren(document.body);
}
