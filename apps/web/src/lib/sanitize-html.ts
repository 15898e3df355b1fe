import { allowedHtmlAttributes, allowedHtmlTagName, htmlTagFate } from '@shop/api/schemas/html-allow-list';

/**
 * Allow-list sanitizer for HTML written in the admin (page and category bodies). The server already
 * cleans every write with the same allow-list (html-allow-list.ts); this second pass keeps the shop
 * safe whatever the data. It parses with the browser's inert DOMParser (scripts never run, images
 * never load); the result is plain data that React renders as elements, so no raw markup reaches the DOM.
 */

export type SafeNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: string; attributes: Record<string, string>; children: SafeNode[] };

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
    const fate = htmlTagFate(name);
    if (fate === 'drop') continue;
    if (fate === 'unwrap') {
      result.push(...sanitizeChildren(element));
      continue;
    }
    const tag = allowedHtmlTagName(name);
    const attributes = allowedHtmlAttributes(tag, (attribute) => element.getAttribute(attribute));
    if (tag === 'img' && !attributes.src) continue;
    result.push({ kind: 'element', tag, attributes, children: sanitizeChildren(element) });
  }
  return result;
}

export function sanitizeHtml(html: string): SafeNode[] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return sanitizeChildren(document.body);
}
