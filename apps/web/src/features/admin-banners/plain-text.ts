/** The words stored HTML reads as ("Tea &amp; kávé" → "Tea & kávé"), parsed inertly by the browser. */
export function plainTextOf(html: string): string {
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();
}
