import { Prisma, type PrismaClient } from '@shop/db';

/**
 * The stand-in's books (table SzamlazzStandInDocument), standing for the Számlázz.hu account's:
 * 1. Numbers are `<prefix>-<year>-<n>`, n counting from 1 without gaps per prefix and year. The next n is
 *    taken under a transaction-scoped advisory lock of that series, so two requests (or two servers)
 *    never take the same n, and a failed write leaves no hole.
 * 2. One external id (szamlaKulsoAzon) makes one document: a repeat answers the first one.
 * 3. An invoice is reversed at most once; its storno (SS) continues the same series with negative totals.
 */

export type DocumentLine = {
  name: string;
  quantity: number;
  unit: string;
  netUnitPrice: number;
  vat: string;
  net: number;
  vatAmount: number;
  gross: number;
};

export type DocumentParty = {
  name: string;
  postcode: string;
  city: string;
  address: string;
  country: string | null;
  email: string | null;
  taxNumber: string | null;
  euVatNumber: string | null;
};

export type DocumentData = {
  seller: { name: string; address: string; taxNumber: string };
  buyer: DocumentParty;
  issueDate: string;
  fulfilmentDate: string;
  dueDate: string;
  paymentMethod: string;
  currency: string;
  paid: boolean;
  payableCorrection: number;
  orderNumber: string | null;
  lines: DocumentLine[];
  /** For a storno: the invoice it reverses. */
  reverses: string | null;
};

export type StoredDocument = {
  id: number;
  kind: 'SZ' | 'SS';
  number: string;
  externalId: string | null;
  netTotal: number;
  vatTotal: number;
  grossTotal: number;
  data: DocumentData;
  createdAt: Date;
};

const select = {
  id: true,
  kind: true,
  number: true,
  externalId: true,
  netTotal: true,
  vatTotal: true,
  grossTotal: true,
  document: true,
  createdAt: true,
} as const satisfies Prisma.SzamlazzStandInDocumentSelect;

type Row = Prisma.SzamlazzStandInDocumentGetPayload<{ select: typeof select }>;

function toDocument(row: Row): StoredDocument {
  return {
    id: row.id,
    kind: row.kind === 'SS' ? 'SS' : 'SZ',
    number: row.number,
    externalId: row.externalId,
    netTotal: Number(row.netTotal),
    vatTotal: Number(row.vatTotal),
    grossTotal: Number(row.grossTotal),
    data: row.document as unknown as DocumentData,
    createdAt: row.createdAt,
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function totalsOf(lines: DocumentLine[], sign: 1 | -1) {
  const sum = (pick: (line: DocumentLine) => number) => round2(sign * lines.reduce((s, l) => s + pick(l), 0));
  return { netTotal: sum((l) => l.net), vatTotal: sum((l) => l.vatAmount), grossTotal: sum((l) => l.gross) };
}

export type StandInStore = ReturnType<typeof createStandInStore>;

export function createStandInStore(prisma: PrismaClient) {
  async function find(where: Prisma.SzamlazzStandInDocumentWhereInput): Promise<StoredDocument | null> {
    const row = await prisma.szamlazzStandInDocument.findFirst({ where, select, orderBy: { id: 'desc' } });
    return row ? toDocument(row) : null;
  }

  /** Rules 1 and 2: the document of this external id, or a new one with the series' next number. */
  async function create(input: {
    kind: 'SZ' | 'SS';
    prefix: string;
    year: number;
    externalId: string | null;
    data: DocumentData;
  }): Promise<StoredDocument> {
    const sign = input.kind === 'SS' ? -1 : 1;
    try {
      return await prisma.$transaction(async (tx) => {
        const series = `szamlazz-stand-in:${input.prefix}:${input.year}`;
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${series}))::text AS locked`;
        if (input.externalId) {
          const existing = await tx.szamlazzStandInDocument.findUnique({
            where: { externalId: input.externalId },
            select,
          });
          if (existing) return toDocument(existing);
        }
        if (input.data.reverses) {
          const reversed = await tx.szamlazzStandInDocument.findUnique({
            where: { reverses: input.data.reverses },
            select,
          });
          if (reversed) return toDocument(reversed);
        }
        const last = await tx.szamlazzStandInDocument.aggregate({
          where: { prefix: input.prefix, year: input.year },
          _max: { sequence: true },
        });
        const sequence = (last._max.sequence ?? 0) + 1;
        const row = await tx.szamlazzStandInDocument.create({
          data: {
            kind: input.kind,
            prefix: input.prefix,
            year: input.year,
            sequence,
            number: `${input.prefix}-${input.year}-${sequence}`,
            externalId: input.externalId,
            orderNumber: input.data.orderNumber,
            reverses: input.data.reverses,
            ...totalsOf(input.data.lines, sign),
            document: input.data as unknown as Prisma.InputJsonValue,
          },
          select,
        });
        return toDocument(row);
      });
    } catch (error) {
      // The same external id sent under another prefix at the same moment: the first one stands.
      if (
        input.externalId &&
        error instanceof Prisma.PrismaClientKnownRequestError &&
        error.code === 'P2002'
      ) {
        const existing = await find({ externalId: input.externalId });
        if (existing) return existing;
      }
      throw error;
    }
  }

  return {
    create,
    byNumber: (number: string) => find({ number }),
    byExternalId: (externalId: string) => find({ externalId }),
    /** The latest document of an order number, as the Agent answers a query by rendelesSzam. */
    byOrderNumber: (orderNumber: string) => find({ orderNumber }),
    stornoOf: (number: string) => find({ reverses: number }),
  };
}
