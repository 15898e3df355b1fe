import type { PrismaClient } from '@shop/db';

/** Counts and checksums of what a restore must bring back unchanged: orders, invoices (with PDFs), pictures. */
export type ShopFingerprint = {
  orders: { count: number; checksum: string };
  orderLines: { count: number; checksum: string };
  invoices: { count: number; checksum: string };
  media: { count: number; checksum: string };
};

type Row = { count: number; checksum: string | null };

/**
 * The fingerprint of a shop's records, equal for a shop and its restored copy: `npm run restore`'s
 * check and the restore drill compare it (the drill before the backup and after the restore).
 */
export async function shopFingerprint(prisma: PrismaClient): Promise<ShopFingerprint> {
  const read = (rows: Row[]) => ({ count: rows[0]?.count ?? 0, checksum: rows[0]?.checksum ?? '' });
  return {
    orders: read(
      await prisma.$queryRaw<Row[]>`
        SELECT count(*)::int AS "count",
          md5(coalesce(string_agg(concat_ws('|', "id", "number", "status", "grandTotal", "paidTotal", "email"), ',' ORDER BY "id"), '')) AS "checksum"
        FROM "Order"`,
    ),
    orderLines: read(
      await prisma.$queryRaw<Row[]>`
        SELECT count(*)::int AS "count",
          md5(coalesce(string_agg(concat_ws('|', "id", "orderId", "productTitle", "quantity", "lineTotal"), ',' ORDER BY "id"), '')) AS "checksum"
        FROM "OrderLine"`,
    ),
    invoices: read(
      await prisma.$queryRaw<Row[]>`
        SELECT count(*)::int AS "count",
          md5(coalesce(string_agg(concat_ws('|', "id", "orderId", "kind", "status", "number", "grossTotal", md5("pdf")), ',' ORDER BY "id"), '')) AS "checksum"
        FROM "Invoice"`,
    ),
    media: read(
      await prisma.$queryRaw<Row[]>`
        SELECT count(*)::int AS "count",
          md5(coalesce(string_agg(concat_ws('|', "id", "mediaId", "name", md5("data")), ',' ORDER BY "id"), '')) AS "checksum"
        FROM "MediaVariant"`,
    ),
  };
}
