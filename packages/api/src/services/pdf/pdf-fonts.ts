import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The fonts of the PDFs the shop's stand-ins draw (invoices, parcel labels). pdf-lib's built-in
 * Helvetica only speaks WinAnsi, which has no ő and ű, so a Hungarian name such as "Győr" came out
 * wrong; Roboto (OFL, shipped in an npm package) has every Hungarian letter. Embedded as a subset,
 * so a document carries only the glyphs it uses.
 */

export type PdfFonts = {
  regular: PDFFont;
  bold: PDFFont;
  /** The text with what the font lacks (an emoji in a name, which would stop pdf-lib) as "?". */
  printable: (value: string) => string;
};

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf',
  bold: '@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf',
} as const;

let fontBytes: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

function loadFontBytes(): Promise<{ regular: Buffer; bold: Buffer }> {
  fontBytes ??= Promise.all([
    readFile(require.resolve(FONT_FILES.regular)),
    readFile(require.resolve(FONT_FILES.bold)),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fontBytes;
}

export async function embedPdfFonts(pdf: PDFDocument): Promise<PdfFonts> {
  const bytes = await loadFontBytes();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(bytes.regular, { subset: true });
  const bold = await pdf.embedFont(bytes.bold, { subset: true });
  // Both weights of Roboto cover the same characters.
  const known = new Set(regular.getCharacterSet());
  const printable = (value: string) =>
    Array.from(value, (char) => (known.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
  return { regular, bold, printable };
}
