/**
 * How the sanitizer reads a parsed HTML fragment, whichever parser built it: htmlparser2 in the
 * server render, the browser's own parser in the shop. A node is either text or an element; anything
 * else (comments, doctypes) reads as neither and is skipped.
 */
export type HtmlTree<Node> = {
  /** The top-level nodes of the fragment. */
  parse(html: string): Iterable<Node>;
  /** The node's text when it is a text node. */
  text(node: Node): string | undefined;
  /** The element's tag name in lower case when it is an element. */
  tag(node: Node): string | undefined;
  attribute(node: Node, name: string): string | null | undefined;
  children(node: Node): Iterable<Node>;
};
