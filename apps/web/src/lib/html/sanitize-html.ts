import {
  allowedHtmlAttributes,
  allowedHtmlTagName,
  htmlTagFate,
  VOID_HTML_TAGS,
} from '@shop/api/schemas/html-allow-list';
import { browserHtmlTree } from './browser-html-tree';
import type { HtmlTree } from './html-tree';
import { serverHtmlTree } from './server-html-tree';

/**
 * Allow-list sanitizer for HTML written in the admin (product and category descriptions, pages, blog
 * posts, pop-ups, catalogues). The server already cleans every write with the same allow-list
 * (html-allow-list.ts); this second pass keeps the shop safe whatever the data. Both parsers it reads
 * run no script and load no image. The result is plain data; `safeHtmlMarkup` writes it back as
 * markup from allowed tags and attributes and escaped text.
 */

export type SafeNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: string; attributes: Record<string, string>; children: SafeNode[] };

function sanitizeNodes<Node>(tree: HtmlTree<Node>, nodes: Iterable<Node>): SafeNode[] {
  const result: SafeNode[] = [];
  for (const node of nodes) {
    const text = tree.text(node);
    if (text !== undefined) {
      if (text) result.push({ kind: 'text', text });
      continue;
    }
    const name = tree.tag(node);
    if (name === undefined) continue;
    const fate = htmlTagFate(name);
    if (fate === 'drop') continue;
    if (fate === 'unwrap') {
      result.push(...sanitizeNodes(tree, tree.children(node)));
      continue;
    }
    const tag = allowedHtmlTagName(name);
    const attributes = allowedHtmlAttributes(tag, (attribute) => tree.attribute(node, attribute));
    if (tag === 'img' && !attributes.src) continue;
    result.push({ kind: 'element', tag, attributes, children: sanitizeNodes(tree, tree.children(node)) });
  }
  return result;
}

/** Sanitizes `html` as read by `tree`. */
export function sanitizeHtmlWith<Node>(tree: HtmlTree<Node>, html: string): SafeNode[] {
  return sanitizeNodes(tree, tree.parse(html));
}

/**
 * Sanitizes `html` with the parser at hand. The build replaces `import.meta.env.SSR`, so the shop's
 * browser code carries no parser of its own and the server render (no DOM) keeps htmlparser2.
 */
export function sanitizeHtml(html: string): SafeNode[] {
  return import.meta.env.SSR
    ? sanitizeHtmlWith(serverHtmlTree, html)
    : sanitizeHtmlWith(browserHtmlTree, html);
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The sanitized tree as markup. Links out of the shop open in a new tab that cannot reach back to
 * it, and images load as they scroll into view.
 */
export function safeHtmlMarkup(nodes: SafeNode[]): string {
  let markup = '';
  for (const node of nodes) {
    if (node.kind === 'text') {
      markup += escapeText(node.text);
      continue;
    }
    const attributes = { ...node.attributes };
    if (node.tag === 'a' && /^https?:/i.test(attributes.href ?? '')) {
      attributes.target = '_blank';
      attributes.rel = 'noopener noreferrer';
    }
    if (node.tag === 'img') attributes.loading = 'lazy';
    markup += `<${node.tag}`;
    for (const [name, value] of Object.entries(attributes)) markup += ` ${name}="${escapeAttribute(value)}"`;
    markup += VOID_HTML_TAGS.has(node.tag) ? '>' : `>${safeHtmlMarkup(node.children)}</${node.tag}>`;
  }
  return markup;
}
