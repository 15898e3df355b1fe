const MARKUP_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Safe in HTML and XML alike, in element text and in quoted attribute values
 * (`href="…"` or `href='…'`): e-mails, the server-written page heads and the sitemap use it.
 * The apostrophe is a numeric reference because `&apos;` is not HTML 4.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => MARKUP_ESCAPES[char] ?? char);
}
