import type { HtmlTree } from './html-tree';

/**
 * The browser's own HTML parser. DOMParser builds an inert document: it runs no script and loads no
 * image, so reading markup through it is safe before the allow-list has cleaned it. Whatever the
 * parser moves into the head (script, style, title, meta, link, base) the allow-list drops anyway.
 */
export const browserHtmlTree: HtmlTree<Node> = {
  parse: (html) => new DOMParser().parseFromString(html, 'text/html').body.childNodes,
  text: (node) => (node.nodeType === Node.TEXT_NODE ? (node as Text).data : undefined),
  tag: (node) =>
    node.nodeType === Node.ELEMENT_NODE ? (node as Element).localName.toLowerCase() : undefined,
  attribute: (node, name) => (node as Element).getAttribute(name),
  children: (node) => node.childNodes,
};
