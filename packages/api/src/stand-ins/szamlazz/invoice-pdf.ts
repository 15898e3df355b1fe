import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { embedPdfFonts } from '../../services/pdf/pdf-fonts';
import type { StoredDocument } from './store';

/**
 * The stand-in's invoice PDF (A4): number, seller, buyer, dates, lines with their VAT code, VAT per
 * rate, totals (the real service's PDF is the provider's; this one is for the demo and tests).
 */

const money = (value: number) =>
  `${new Intl.NumberFormat('hu-HU', { maximumFractionDigits: 2 }).format(value).replace(/\u202f|\u00a0/g, ' ')} Ft`;

const VAT_LABEL = (code: string) => (/^\d+$/.test(code) ? `${code}%` : code);

type Writer = { page: PDFPage; font: PDFFont; bold: PDFFont; printable: (text: string) => string; y: number };

function write(w: Writer, text: string, x: number, options: { size?: number; bold?: boolean } = {}) {
  w.page.drawText(w.printable(text), {
    x,
    y: w.y,
    size: options.size ?? 9,
    font: options.bold ? w.bold : w.font,
    color: rgb(0.1, 0.1, 0.1),
  });
}

function writeRight(w: Writer, text: string, right: number, options: { bold?: boolean } = {}) {
  const font = options.bold ? w.bold : w.font;
  const clean = w.printable(text);
  w.page.drawText(clean, { x: right - font.widthOfTextAtSize(clean, 9), y: w.y, size: 9, font });
}

function fit(w: Writer, text: string, width: number): string {
  let clean = w.printable(text);
  while (clean.length > 3 && w.font.widthOfTextAtSize(clean, 9) > width) clean = `${clean.slice(0, -4)}...`;
  return clean;
}

export async function renderInvoicePdf(document: StoredDocument): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Számla ${document.number}`);
  pdf.setProducer('Számla Agent helyettesítő');
  const { regular: font, bold, printable } = await embedPdfFonts(pdf);
  const { data } = document;
  const sign = document.kind === 'SS' ? -1 : 1;
  let w: Writer = { page: pdf.addPage([595, 842]), font, bold, printable, y: 790 };

  write(w, document.kind === 'SS' ? 'SZTORNÓ SZÁMLA' : 'SZÁMLA', 40, { size: 18, bold: true });
  writeRight(w, `Számlaszám: ${document.number}`, 555, { bold: true });
  w.y -= 16;
  if (data.reverses) {
    write(w, `Az eredeti számla száma: ${data.reverses}`, 40);
    w.y -= 14;
  }
  write(w, 'Elektronikusan kiállított teszt számla (Számla Agent helyettesítő, nem adóügyi bizonylat)', 40, {
    size: 7,
  });
  w.y -= 28;

  const party = (title: string, x: number, lines: string[]) => {
    let y = w.y;
    w.page.drawText(printable(title), { x, y, size: 10, font: bold });
    for (const text of lines) {
      y -= 13;
      w.page.drawText(printable(text), { x, y, size: 9, font });
    }
    return y;
  };
  const sellerEnd = party('Eladó', 40, [
    data.seller.name,
    data.seller.address,
    ...(data.seller.taxNumber ? [`Adószám: ${data.seller.taxNumber}`] : []),
  ]);
  const buyerEnd = party('Vevő', 310, [
    data.buyer.name,
    `${data.buyer.postcode} ${data.buyer.city}`,
    data.buyer.address,
    ...(data.buyer.taxNumber ? [`Adószám: ${data.buyer.taxNumber}`] : []),
    ...(data.buyer.euVatNumber ? [`Közösségi adószám: ${data.buyer.euVatNumber}`] : []),
  ]);
  w.y = Math.min(sellerEnd, buyerEnd) - 26;

  const facts: [string, string][] = [
    ['Kelt', data.issueDate],
    ['Teljesítés', data.fulfilmentDate],
    ['Fizetési határidő', data.dueDate],
    ['Fizetési mód', data.paymentMethod],
    ['Rendelésszám', data.orderNumber ?? '–'],
  ];
  facts.forEach(([label, value], index) => {
    const x = 40 + index * 105;
    w.page.drawText(printable(label), { x, y: w.y, size: 7, font });
    w.page.drawText(printable(value), { x, y: w.y - 11, size: 9, font: bold });
  });
  w.y -= 36;

  const columns = { name: 40, qty: 300, unitPrice: 370, vat: 420, net: 475, gross: 555 };
  const header = () => {
    write(w, 'Megnevezés', columns.name, { bold: true });
    writeRight(w, 'Mennyiség', columns.qty + 40, { bold: true });
    writeRight(w, 'Nettó egységár', columns.unitPrice + 40, { bold: true });
    writeRight(w, 'ÁFA', columns.vat + 25, { bold: true });
    writeRight(w, 'Nettó', columns.net + 25, { bold: true });
    writeRight(w, 'Bruttó', columns.gross, { bold: true });
    w.y -= 6;
    w.page.drawLine({ start: { x: 40, y: w.y }, end: { x: 555, y: w.y }, thickness: 0.5 });
    w.y -= 13;
  };
  header();
  for (const line of data.lines) {
    if (w.y < 120) {
      w = { ...w, page: pdf.addPage([595, 842]), y: 790 };
      header();
    }
    w.page.drawText(fit(w, line.name, 215), { x: columns.name, y: w.y, size: 9, font });
    writeRight(w, `${line.quantity} ${line.unit}`, columns.qty + 40);
    writeRight(w, money(sign * line.netUnitPrice), columns.unitPrice + 40);
    writeRight(w, VAT_LABEL(line.vat), columns.vat + 25);
    writeRight(w, money(sign * line.net), columns.net + 25);
    writeRight(w, money(sign * line.gross), columns.gross);
    w.y -= 14;
  }
  w.page.drawLine({ start: { x: 40, y: w.y + 8 }, end: { x: 555, y: w.y + 8 }, thickness: 0.5 });
  w.y -= 10;

  const byRate = new Map<string, { net: number; vat: number; gross: number }>();
  for (const line of data.lines) {
    const entry = byRate.get(line.vat) ?? { net: 0, vat: 0, gross: 0 };
    entry.net += line.net;
    entry.vat += line.vatAmount;
    entry.gross += line.gross;
    byRate.set(line.vat, entry);
  }
  write(w, 'ÁFA-összesítő', 300, { bold: true });
  w.y -= 14;
  for (const [rate, sums] of byRate) {
    write(w, VAT_LABEL(rate), 300);
    writeRight(w, `nettó ${money(sign * sums.net)}`, 420);
    writeRight(w, `ÁFA ${money(sign * sums.vat)}`, 490);
    writeRight(w, money(sign * sums.gross), 555);
    w.y -= 13;
  }
  w.y -= 8;
  write(w, 'Nettó összesen', 300);
  writeRight(w, money(document.netTotal), 555);
  w.y -= 13;
  write(w, 'ÁFA összesen', 300);
  writeRight(w, money(document.vatTotal), 555);
  w.y -= 15;
  write(w, 'Bruttó végösszeg', 300, { size: 11, bold: true });
  writeRight(w, money(document.grossTotal), 555, { bold: true });
  if (data.payableCorrection !== 0) {
    w.y -= 14;
    write(w, 'Kerekítés (készpénz)', 300);
    writeRight(w, money(sign * data.payableCorrection), 555);
    w.y -= 13;
    write(w, 'Fizetendő', 300, { bold: true });
    writeRight(w, money(document.grossTotal + sign * data.payableCorrection), 555, { bold: true });
  }
  if (data.paid && document.kind === 'SZ') {
    w.y -= 18;
    write(w, 'A számla kiegyenlítve.', 300);
  }
  return Buffer.from(await pdf.save());
}
