import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Text for the feeds' XML. Feed readers (Merchant Center, Commerce Manager, Árukereső) refuse a whole
 * file over one character XML 1.0 does not allow, and a product title or description pasted from a
 * word processor can carry one (a NUL, a vertical tab, a form feed), so such characters are dropped
 * before the five markup characters are escaped.
 */

/** C0 controls other than tab, newline and carriage return; U+FFFE and U+FFFF; lone surrogates. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping the characters XML 1.0 forbids is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** `<name>text</name>`, or nothing for null, undefined or an empty text. */
export function element(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return `<${name}>${xmlText(String(value))}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** Items written between two turns of the event loop while a feed is built. */
export const ITEMS_PER_TURN = 2000;

/**
 * Writes items in slices, letting the event loop turn between them: a feed of 100 000 products takes
 * seconds to write, and the server answers its shoppers meanwhile instead of after.
 */
export async function writeInTurns<T>(items: readonly T[], write: (item: T) => string): Promise<string[]> {
  const written: string[] = [];
  for (let start = 0; start < items.length; start += ITEMS_PER_TURN) {
    if (start > 0) await nextTurn();
    for (let index = start; index < Math.min(start + ITEMS_PER_TURN, items.length); index++) {
      written.push(write(items[index] as T));
    }
  }
  return written;
}
