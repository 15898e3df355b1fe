import { DomUtils, parseDocument } from 'htmlparser2';
import type { HtmlTree } from './html-tree';

type ParsedNode = ReturnType<typeof parseDocument>['children'][number];

/**
 * htmlparser2's tree, for the server render (Node.js has no DOM). The browser never loads it: the
 * parser and its entity tables were a third of the product page's lazily loaded code.
 */
export const serverHtmlTree: HtmlTree<ParsedNode> = {
  parse: (html) => parseDocument(html, { decodeEntities: true }).children,
  text: (node) => (DomUtils.isText(node) ? node.data : undefined),
  tag: (node) => (DomUtils.isTag(node) ? node.name.toLowerCase() : undefined),
  attribute: (node, name) => (DomUtils.isTag(node) ? node.attribs[name] : undefined),
  children: (node) => (DomUtils.hasChildren(node) ? node.children : []),
};
