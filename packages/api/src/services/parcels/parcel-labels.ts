import { PDFDocument } from 'pdf-lib';
import { DomainError } from '../../errors';
import type { TOrderParcelLabelsInput, TPdfFileOutput } from '../../schemas';
import { ORDER_NOT_FOUND } from '../orders/order-read';
import { CarrierError } from './carrier';
import { type CarrierDeps, foxpostPort } from './carrier-settings';

/**
 * The parcels' A6 labels for printing: `GET /api/order/{id}/parcel/label` one, `POST /api/order/parcel/labels`
 * many as one PDF. Each label is the carrier's PDF as fetched when the parcel was created; a label that
 * could not be fetched then is fetched now and kept.
 */

export const NO_PARCEL = 'Ehhez a rendeléshez még nincs feladott csomag, így címke sincs.';
export const LABEL_UNAVAILABLE = 'A címke most nem tölthető le a Foxposttól. Próbáld újra néhány perc múlva.';

type LabelRow = {
  orderId: number;
  carrier: string;
  parcelNumber: string;
  label: Uint8Array | null;
  number: string;
};

async function labelRows(deps: CarrierDeps, orderIds: readonly number[]): Promise<Map<number, LabelRow>> {
  const rows = await deps.prisma.parcel.findMany({
    where: { orderId: { in: [...orderIds] } },
    select: {
      orderId: true,
      carrier: true,
      parcelNumber: true,
      label: true,
      order: { select: { number: true } },
    },
  });
  return new Map(
    rows.map((row) => [
      row.orderId,
      {
        orderId: row.orderId,
        carrier: row.carrier,
        parcelNumber: row.parcelNumber,
        label: row.label,
        number: row.order.number,
      },
    ]),
  );
}

/** The stored labels, fetching (and keeping) those the carrier did not give when the parcel was created. */
async function withLabels(deps: CarrierDeps, rows: LabelRow[]): Promise<Uint8Array[]> {
  const missing = rows.filter((row) => !row.label);
  if (missing.length > 0) {
    const { port } = await foxpostPort(deps);
    for (const row of missing) {
      try {
        row.label = await port.labels([row.parcelNumber]);
      } catch (error) {
        if (!(error instanceof CarrierError)) throw error;
        throw new DomainError('unavailable', LABEL_UNAVAILABLE, undefined, { cause: error });
      }
      await deps.prisma.parcel.update({
        where: { orderId: row.orderId },
        data: { label: new Uint8Array(row.label) },
        select: { id: true },
      });
    }
  }
  return rows.map((row) => row.label!);
}

function pdfFile(filename: string, pdf: Uint8Array): TPdfFileOutput {
  return { filename, contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') };
}

export async function orderParcelLabel(deps: CarrierDeps, orderId: number): Promise<TPdfFileOutput> {
  const row = (await labelRows(deps, [orderId])).get(orderId);
  if (!row) {
    const order = await deps.prisma.order.findUnique({ where: { id: orderId }, select: { id: true } });
    throw new DomainError(order ? 'conflict' : 'not_found', order ? NO_PARCEL : ORDER_NOT_FOUND);
  }
  const [label] = await withLabels(deps, [row]);
  return pdfFile(`cimke-${row.number}-${row.parcelNumber}.pdf`, label!);
}

/** One PDF with every order's label, in the order asked; refused whole when an order has no parcel. */
export async function orderParcelLabels(
  deps: CarrierDeps,
  input: TOrderParcelLabelsInput,
): Promise<TPdfFileOutput> {
  const ids = [...new Set(input.ids)];
  const rows = await labelRows(deps, ids);
  const withoutParcel = ids.filter((id) => !rows.has(id));
  if (withoutParcel.length > 0) {
    const orders = await deps.prisma.order.findMany({
      where: { id: { in: withoutParcel } },
      select: { id: true, number: true },
      orderBy: { id: 'asc' },
    });
    if (orders.length < withoutParcel.length) {
      const known = new Set(orders.map((order) => order.id));
      const unknown = withoutParcel.filter((id) => !known.has(id));
      throw new DomainError('not_found', `${ORDER_NOT_FOUND} (azonosító: ${unknown.join(', ')})`);
    }
    throw new DomainError(
      'conflict',
      `Ezekhez a rendelésekhez még nincs feladott csomag, így címke sincs: ${orders.map((order) => order.number).join(', ')}. Előbb add fel a csomagjukat, vagy hagyd ki őket a kijelölésből.`,
    );
  }
  const ordered = ids.map((id) => rows.get(id)!);
  const labels = await withLabels(deps, ordered);
  const merged = await PDFDocument.create();
  merged.setTitle('Csomagcímkék');
  for (const label of labels) {
    const source = await PDFDocument.load(label);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return pdfFile(`cimkek-${ordered.length}-rendeles.pdf`, await merged.save());
}
