import { allowedHtmlAttributes, allowedHtmlTagName, htmlTagFate } from '@shop/api/schemas/html-allow-list';
import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * Allow-list sanitizer for HTML written in the admin (page and category bodies). The server already
 * cleans every write with the same allow-list (html-allow-list.ts); this second pass keeps the shop
 * safe whatever the data. It parses with htmlparser2, which runs no script and loads no image, and the
 * same parser on the server and in the browser gives the server-rendered page and its hydration one
 * tree. The result is plain data that React renders as elements, so no raw markup reaches the DOM.
 */

export type SafeNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: string; attributes: Record<string, string>; children: SafeNode[] };

type ParsedNodes = ReturnType<typeof parseDocument>['children'];

function sanitizeChildren(nodes: ParsedNodes): SafeNode[] {
  const result: SafeNode[] = [];
  for (const node of nodes) {
    if (DomUtils.isText(node)) {
      if (node.data) result.push({ kind: 'text', text: node.data });
      continue;
    }
    if (!DomUtils.isTag(node)) continue;
    const name = node.name.toLowerCase();
    const fate = htmlTagFate(name);
    if (fate === 'drop') continue;
    if (fate === 'unwrap') {
      result.push(...sanitizeChildren(node.children));
      continue;
    }
    const tag = allowedHtmlTagName(name);
    const attributes = allowedHtmlAttributes(tag, (attribute) => node.attribs[attribute] ?? null);
    if (tag === 'img' && !attributes.src) continue;
    result.push({ kind: 'element', tag, attributes, children: sanitizeChildren(node.children) });
  }
  return result;
}

export function sanitizeHtml(html: string): SafeNode[] {
  return sanitizeChildren(parseDocument(html, { decodeEntities: true }).children);
}
