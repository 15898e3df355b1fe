/** Block-level tags after which the source view breaks the line. */
const BLOCK_END = String.raw`(<\/(?:p|h[1-6]|ul|ol|li|blockquote|table|thead|tbody|tr)>|<hr>|<img [^>]*>)`;

/**
 * The editor's one-line HTML, one block a line (a list item, a table row), so an expert can find
 * their way in it. Only line breaks between blocks are added; they change nothing in how it shows.
 */
export function formatSource(html: string): string {
  return html.replace(new RegExp(`${BLOCK_END}(?!\\n|</)`, 'g'), '$1\n').trimEnd();
}

/**
 * The source view's text as the value to store: the line breaks after blocks go again, so a body
 * saved straight from the source view has no stray whitespace inside lists and tables.
 */
export function compactSource(source: string): string {
  return source.replace(new RegExp(`${BLOCK_END}\\s*\\n\\s*`, 'g'), '$1').trim();
}
