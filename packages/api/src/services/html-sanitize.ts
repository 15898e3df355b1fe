import { DomUtils, parseDocument } from 'htmlparser2';
import { escapeHtml } from '../html-escape';
import {
  allowedHtmlAttributes,
  allowedHtmlTagName,
  htmlTagFate,
  VOID_HTML_TAGS,
} from '../schemas/html-allow-list';

/**
 * Cleans admin-written HTML before it is stored, with the allow-list the shop's browser code uses
 * too (schemas/html-allow-list.ts): scripts, styles and embedded objects go with their content,
 * unknown tags are unwrapped, event handlers and style attributes go, and a link or image whose
 * URL has a dangerous scheme (`javascript:`, `data:` …) loses it (an image without a source goes).
 * `{{placeholders}}` of e-mail templates are plain text and stay.
 */
export function sanitizeHtml(html: string): string {
  return serialize(parseDocument(html, { decodeEntities: true }).children);
}

type Nodes = ReturnType<typeof parseDocument>['children'];

/** Text needs only these escaped; quotes stay readable in the stored body. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function serialize(nodes: Nodes): string {
  let out = '';
  for (const node of nodes) {
    if (DomUtils.isText(node)) {
      out += escapeText(node.data);
      continue;
    }
    if (!DomUtils.isTag(node)) continue;
    const fate = htmlTagFate(node.name.toLowerCase());
    if (fate === 'drop') continue;
    if (fate === 'unwrap') {
      out += serialize(node.children);
      continue;
    }
    const tag = allowedHtmlTagName(node.name.toLowerCase());
    const attributes = allowedHtmlAttributes(tag, (name) => node.attribs[name]);
    if (tag === 'img' && !attributes.src) continue;
    const attributeText = Object.entries(attributes)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
    out += VOID_HTML_TAGS.has(tag)
      ? `<${tag}${attributeText}>`
      : `<${tag}${attributeText}>${serialize(node.children)}</${tag}>`;
  }
  return out;
}

/** `sanitizeHtml` for an optional body. */
export function sanitizeOptionalHtml<T extends string | null | undefined>(html: T): T {
  return (typeof html === 'string' ? sanitizeHtml(html) : html) as T;
}
