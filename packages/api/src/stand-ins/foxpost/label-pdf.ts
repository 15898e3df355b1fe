import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { embedPdfFonts, type PdfFonts } from '../../services/pdf/pdf-fonts';

/** FoxWeb's label page sizes (`POST /api/label/{pageSize}`), in PDF points (1 mm = 72 / 25.4 pt). */
const MM = 72 / 25.4;
export const LABEL_PAGE_SIZES = {
  A5: [148 * MM, 210 * MM],
  A6: [105 * MM, 148 * MM],
  A7: [74 * MM, 105 * MM],
  _85X85: [85 * MM, 85 * MM],
} as const satisfies Record<string, readonly [number, number]>;
export type LabelPageSize = keyof typeof LABEL_PAGE_SIZES;

export type LabelData = {
  /** What the label's barcode carries: the shop's uniqueBarcode when it sent one, else the CLFOX number. */
  barcode: string;
  clFoxId: string;
  recipientName: string;
  recipientPhone: string;
  /** The parcel locker (id, name and address) or the home delivery address, line by line. */
  destinationLines: string[];
  refCode: string | null;
  cod: number;
  size: string;
  createdAt: Date;
};

function forint(amount: number): string {
  return `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} Ft`;
}

/** Cuts a line to the width available, with an ellipsis. */
function fit(
  font: PDFFont,
  printable: PdfFonts['printable'],
  size: number,
  value: string,
  width: number,
): string {
  let line = printable(value);
  if (font.widthOfTextAtSize(line, size) <= width) return line;
  while (line.length > 1 && font.widthOfTextAtSize(`${line}...`, size) > width) line = line.slice(0, -1);
  return `${line}...`;
}

function drawLabel(page: PDFPage, fonts: PdfFonts, label: LabelData): void {
  const { width, height } = page.getSize();
  const margin = Math.min(width, height) * 0.06;
  const inner = width - 2 * margin;
  const scale = Math.min(width / LABEL_PAGE_SIZES.A6[0], height / LABEL_PAGE_SIZES.A6[1]);
  let y = height - margin;
  const line = (value: string, size: number, font = fonts.regular) => {
    y -= size * scale * 1.35;
    page.drawText(fit(font, fonts.printable, size * scale, value, inner), {
      x: margin,
      y,
      size: size * scale,
      font,
    });
  };
  const rule = () => {
    y -= 6 * scale;
    page.drawLine({
      start: { x: margin, y },
      end: { x: width - margin, y },
      thickness: 0.8,
      color: rgb(0, 0, 0),
    });
  };

  page.drawRectangle({ x: margin, y: y - 26 * scale, width: inner, height: 26 * scale, color: rgb(0, 0, 0) });
  page.drawText('FOXPOST', {
    x: margin + 6 * scale,
    y: y - 19 * scale,
    size: 16 * scale,
    font: fonts.bold,
    color: rgb(1, 1, 1),
  });
  y -= 30 * scale;
  line(label.barcode, 20, fonts.bold);
  if (label.barcode !== label.clFoxId) line(label.clFoxId, 9);
  rule();
  line('Címzett', 8);
  line(label.recipientName, 12, fonts.bold);
  line(label.recipientPhone, 10);
  rule();
  for (const [index, text] of label.destinationLines.entries())
    line(text, index === 0 ? 11 : 10, index === 0 ? fonts.bold : fonts.regular);
  rule();
  if (label.refCode) line(`Hivatkozás: ${label.refCode}`, 10);
  line(`Méret: ${label.size.toUpperCase()}`, 10);
  line(label.cod > 0 ? `Utánvét: ${forint(label.cod)}` : 'Utánvét nélkül', 10, fonts.bold);
  line(`Feladva: ${label.createdAt.toISOString().slice(0, 10)}`, 8);
}

/** One page per parcel, in the order asked. */
export async function renderLabels(
  labels: readonly LabelData[],
  pageSize: LabelPageSize,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Foxpost csomagcímkék');
  pdf.setProducer('Foxpost helyettesítő');
  const fonts = await embedPdfFonts(pdf);
  const [width, height] = LABEL_PAGE_SIZES[pageSize];
  for (const label of labels) drawLabel(pdf.addPage([width, height]), fonts, label);
  return pdf.save();
}
