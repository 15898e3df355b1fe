import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Palette } from '../images';

// The demo catalogues are real, small PDFs drawn here (like the demo pictures, nothing is
// downloaded). pdf-lib's standard fonts use WinAnsi encoding, which has no ő or ű: the texts
// passed in are written without them (pdf-lib refuses to draw what it cannot encode).

export type CataloguePdfPage = { heading: string; lines: readonly string[] };

export type CataloguePdfOptions = {
  title: string;
  subtitle: string;
  /** Printed at the foot of the cover, e.g. the shop's name and the season. */
  footer: string;
  palette: Palette;
  pages: readonly CataloguePdfPage[];
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

function color(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

/** Splits `text` into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function drawCover(page: PDFPage, options: CataloguePdfOptions, bold: PDFFont, regular: PDFFont): void {
  const [width, height] = A4;
  const { palette } = options;
  page.drawRectangle({ x: 0, y: 0, width, height, color: color(palette.background) });
  page.drawRectangle({ x: 0, y: height - 330, width, height: 330, color: color(palette.body) });
  let y = height - 150;
  for (const line of wrap(options.title, bold, 40, width - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y, size: 40, font: bold, color: color(palette.accent) });
    y -= 48;
  }
  y -= 6;
  for (const line of wrap(options.subtitle, regular, 16, width - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y, size: 16, font: regular, color: color(palette.accent) });
    y -= 22;
  }
  // A still life of a mug and a plate, so the rendered cover is recognisably a picture.
  page.drawCircle({ x: width / 2 + 40, y: 300, size: 150, color: color(palette.accent) });
  page.drawCircle({ x: width / 2 + 40, y: 300, size: 150, borderColor: color(palette.body), borderWidth: 8 });
  page.drawRectangle({ x: width / 2 - 150, y: 200, width: 150, height: 180, color: color(palette.body) });
  page.drawCircle({ x: width / 2 - 75, y: 290, size: 30, color: color(palette.accent), opacity: 0.85 });
  page.drawText(options.footer, {
    x: MARGIN,
    y: MARGIN,
    size: 12,
    font: regular,
    color: color(palette.body),
  });
}

function drawListPage(
  page: PDFPage,
  content: CataloguePdfPage,
  options: CataloguePdfOptions,
  bold: PDFFont,
  regular: PDFFont,
  number: number,
): void {
  const [width, height] = A4;
  page.drawRectangle({ x: 0, y: height - 12, width, height: 12, color: color(options.palette.body) });
  page.drawText(content.heading, {
    x: MARGIN,
    y: height - 90,
    size: 26,
    font: bold,
    color: color(options.palette.body),
  });
  let y = height - 140;
  for (const item of content.lines) {
    page.drawCircle({ x: MARGIN + 4, y: y + 4, size: 3, color: color(options.palette.body) });
    for (const line of wrap(item, regular, 13, width - 2 * MARGIN - 16)) {
      page.drawText(line, { x: MARGIN + 16, y, size: 13, font: regular, color: rgb(0.15, 0.15, 0.15) });
      y -= 19;
    }
    y -= 8;
  }
  page.drawText(`${options.title} - ${number}. oldal`, {
    x: MARGIN,
    y: MARGIN,
    size: 10,
    font: regular,
    color: rgb(0.4, 0.4, 0.4),
  });
}

/** A cover page and one page per entry of `pages`; a few kilobytes. */
export async function cataloguePdf(options: CataloguePdfOptions): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(options.title);
  document.setLanguage('hu-HU');
  // A fixed date keeps the bytes the same on every run.
  document.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  document.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  drawCover(document.addPage(A4), options, bold, regular);
  options.pages.forEach((content, index) => {
    drawListPage(document.addPage(A4), content, options, bold, regular, index + 2);
  });
  return document.save();
}
