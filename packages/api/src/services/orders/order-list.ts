import { Prisma, type PrismaClient } from '@shop/db';
import {
  ORDER_LIST_COUNT_CAP,
  ORDER_STATUS_LABELS,
  orderSearchWords,
  PAYMENT_STATE_LABELS,
  paidStatusOf,
  type TFileOutput,
  type TOrderListFilters,
  type TOrderListInput,
  type TOrderListOutput,
  type TOrderListSort,
  type TOrderStatus,
  type TPaymentState,
} from '../../schemas';
import { budapestDayEnd, budapestDayStart } from '../budapest-time';
import { csvDate, csvFile } from '../csv';

/**
 * The admin's order list, answered in a few milliseconds at 100,000 orders (indexes in migration
 * order_list_indexes):
 * 1. Search: every word must occur in shop_order_search_text(number, e-mail, names), the folded text
 *    the trigram index "Order_search_idx" holds, so LIKE '%word%' reads only the candidate rows. A
 *    caller who does not see the buyer's contact (`seesCustomers`, customer-data.ts) searches only the
 *    number and the recipient's name: a search that matched the e-mail or the billing name would tell a
 *    warehouse member who bought what, though the rows leave those out (#28). The word is then also
 *    checked against that shorter text, after the index found the candidates in the whole one.
 * 2. Statuses, shipping method, customer and Budapest days use the B-tree indexes on those columns.
 * 3. The payment state is the latest card payment's: a semi join on the one that has no later one (recorded
 *    cash-on-delivery and transfer payments are money received, not an online attempt).
 * 4. Counting stops at ORDER_LIST_COUNT_CAP: a broad search or payment filter would otherwise read
 *    most orders for every page (`totalCapped` tells the screen there are more).
 * One statement for the page, one for the count, both plain SQL: no per-row follow-up queries. LIMIT and
 * OFFSET are written into the SQL (validated integers): as parameters, a reused plan would not know
 * that only 25 rows are wanted and would sort every order instead of reading the date index.
 */

const SEARCH_TEXT = Prisma.sql`shop_order_search_text(o.number, o.email, o."lastName", o."firstName", o."billingName")`;
const SEARCH_TEXT_WITHOUT_CUSTOMER_DATA = Prisma.sql`shop_order_search_text(o.number, '', o."lastName", o."firstName", '')`;

const likeContaining = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * "2026-045": the beginning of an order number ("2026-000451"). The trigram index would match every
 * order of the year on "2026", so such a word is answered as a range of the number's unique index
 * instead: from the prefix to the prefix plus one ("2026-046"; "2026-099" → "2026-100"). Numbers all
 * have one shape, so the range holds under any collation, also those that ignore the hyphen.
 */
export function orderNumberRange(word: string): { from: string; below: string | null } | null {
  if (!/^\d{4}-\d{1,6}$/.test(word)) return null;
  const chars = [...word];
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] === '-') continue;
    if (chars[i] !== '9') {
      chars[i] = String(Number(chars[i]) + 1);
      return { from: word, below: chars.join('') };
    }
    chars[i] = '0';
  }
  return { from: word, below: null };
}

function paymentStateCondition(state: TPaymentState): Prisma.Sql {
  if (state === 'none')
    return Prisma.sql`NOT EXISTS (SELECT 1 FROM "Payment" p WHERE p."orderId" = o.id AND p.provider = 'barion')`;
  return Prisma.sql`EXISTS (
    SELECT 1 FROM "Payment" p
    WHERE p."orderId" = o.id AND p.provider = 'barion' AND p.status = ${state}::"PaymentStatus"
      AND NOT EXISTS (
        SELECT 1 FROM "Payment" later
        WHERE later."orderId" = p."orderId" AND later.provider = 'barion'
          AND (later."createdAt", later.id) > (p."createdAt", p.id)
      )
  )`;
}

function searchCondition(word: string, seesCustomers: boolean): Prisma.Sql {
  const range = orderNumberRange(word);
  if (range) {
    return Prisma.sql`o.number >= ${range.from}${range.below ? Prisma.sql` AND o.number < ${range.below}` : Prisma.empty}`;
  }
  const pattern = likeContaining(word);
  const indexed = Prisma.sql`${SEARCH_TEXT} LIKE ${pattern}`;
  return seesCustomers
    ? indexed
    : Prisma.sql`${indexed} AND ${SEARCH_TEXT_WITHOUT_CUSTOMER_DATA} LIKE ${pattern}`;
}

function whereOf(filters: TOrderListFilters, seesCustomers: boolean): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  for (const word of orderSearchWords(filters.search)) conditions.push(searchCondition(word, seesCustomers));
  if (filters.status?.length) {
    const statuses = [...new Set(filters.status)].map((status) => Prisma.sql`${status}::"OrderStatus"`);
    conditions.push(Prisma.sql`o.status IN (${Prisma.join(statuses)})`);
  }
  if (filters.paymentState) conditions.push(paymentStateCondition(filters.paymentState));
  if (filters.shippingMethod !== undefined) {
    conditions.push(Prisma.sql`o."shippingMethodId" = ${filters.shippingMethod}`);
  }
  if (filters.customer !== undefined) conditions.push(Prisma.sql`o."userId" = ${filters.customer}`);
  if (filters.from) conditions.push(Prisma.sql`o."createdAt" >= ${budapestDayStart(filters.from)}`);
  if (filters.to) conditions.push(Prisma.sql`o."createdAt" < ${budapestDayEnd(filters.to)}`);
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

function orderByOf(sort: TOrderListSort, order: 'asc' | 'desc'): Prisma.Sql {
  const dir = Prisma.raw(order === 'asc' ? 'ASC' : 'DESC');
  switch (sort) {
    case 'createdAt':
      return Prisma.sql`ORDER BY o."createdAt" ${dir}, o.id ${dir}`;
    case 'number':
      return Prisma.sql`ORDER BY o.number ${dir}`;
    case 'total':
      return Prisma.sql`ORDER BY o."grandTotal" ${dir}, o.id ${dir}`;
    case 'customer':
      return Prisma.sql`ORDER BY o."lastName" ${dir}, o."firstName" ${dir}, o.id ${dir}`;
    case 'status':
      // The enum's order is the order's way through the shop (awaiting payment → … → completed).
      return Prisma.sql`ORDER BY o.status ${dir}, o."createdAt" DESC, o.id DESC`;
  }
}

type SummaryRow = {
  id: number;
  number: string;
  status: TOrderStatus;
  createdAt: Date;
  lastName: string;
  firstName: string;
  email: string;
  grandTotal: number;
  shippingMethodName: string;
  paymentMethodName: string;
  itemCount: number;
  paymentState: TPaymentState | null;
  paidTotal: number;
};

/** POST /api/order (admin): filtered, sorted and paged in the database. */
export async function listOrders(
  prisma: PrismaClient,
  input: TOrderListInput,
  seesCustomers: boolean,
): Promise<TOrderListOutput> {
  const where = whereOf(input, seesCustomers);
  const [rows, counted] = await Promise.all([
    prisma.$queryRaw<SummaryRow[]>`
      SELECT o.id, o.number, o.status::text AS status, o."createdAt", o."lastName", o."firstName", o.email,
        o."grandTotal", o."shippingMethodName", o."paymentMethodName", o."paidTotal",
        (SELECT COALESCE(SUM(l.quantity), 0)::int FROM "OrderLine" l WHERE l."orderId" = o.id) AS "itemCount",
        (SELECT p.status::text FROM "Payment" p WHERE p."orderId" = o.id AND p.provider = 'barion'
          ORDER BY p."createdAt" DESC, p.id DESC LIMIT 1) AS "paymentState"
      FROM "Order" o
      ${where}
      ${orderByOf(input.sort, input.order)}
      LIMIT ${Prisma.raw(String(input.pageSize))} OFFSET ${Prisma.raw(String((input.page - 1) * input.pageSize))}`,
    prisma.$queryRaw<{ count: number }[]>`
      SELECT COUNT(*)::int AS count FROM (SELECT 1 FROM "Order" o ${where} LIMIT ${Prisma.raw(String(ORDER_LIST_COUNT_CAP + 1))}) matching`,
  ]);
  const count = Number(counted[0]?.count ?? 0);
  return {
    items: rows.map((row) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      name: `${row.lastName} ${row.firstName}`,
      email: row.email,
      total: row.grandTotal,
      itemCount: Number(row.itemCount),
      shippingMethod: row.shippingMethodName,
      paymentMethod: row.paymentMethodName,
      paymentState: row.paymentState ?? 'none',
      paidStatus: paidStatusOf(Number(row.paidTotal), row.grandTotal),
    })),
    total: Math.min(count, ORDER_LIST_COUNT_CAP),
    totalCapped: count > ORDER_LIST_COUNT_CAP,
    page: input.page,
    pageSize: input.pageSize,
  };
}

const CSV_HEADERS = [
  'Rendelésszám',
  'Dátum',
  'Állapot',
  'Fizetés állapota',
  'Vezetéknév',
  'Keresztnév',
  'E-mail-cím',
  'Telefonszám',
  'Számlázási név',
  'Cégnév',
  'Adószám',
  'Számlázási cím',
  'Szállítási név',
  'Szállítási cím',
  'Szállítási mód',
  'Fizetési mód',
  'Tételek (db)',
  'Termékek (Ft)',
  // What promotions took off (items and a waived shipping fee); the items' total is already after it.
  'Kedvezmény (Ft)',
  'Szállítási díj (Ft)',
  'Fizetési díj (Ft)',
  'Kerekítés (Ft)',
  'Végösszeg (Ft)',
  'Áfatartalom (Ft)',
  'Visszatérítve (Ft)',
  'Csomagszám',
  'Megjegyzés',
];

type CsvRow = SummaryRow & {
  phone: string | null;
  billingName: string;
  billingCompanyName: string | null;
  billingTaxNumber: string | null;
  billingPostcode: string;
  billingCity: string;
  billingStreet: string;
  billingFloorDoor: string | null;
  shippingName: string | null;
  shippingPostcode: string | null;
  shippingCity: string | null;
  shippingStreet: string | null;
  shippingFloorDoor: string | null;
  itemsTotal: number;
  discountTotal: number;
  shippingFee: number;
  paymentFee: number;
  rounding: number;
  vatTotal: number;
  refundedTotal: number;
  trackingNumber: string | null;
  note: string | null;
};

const addressText = (
  postcode: string | null,
  city: string | null,
  street: string | null,
  floorDoor: string | null,
) =>
  postcode && city && street ? `${postcode} ${city}, ${street}${floorDoor ? ` ${floorDoor}` : ''}` : null;

/** The columns of customer data a caller without customers:read does not get (customer-data.ts). */
const CUSTOMER_DATA_COLUMNS: ReadonlySet<string> = new Set([
  'E-mail-cím',
  'Telefonszám',
  'Számlázási név',
  'Cégnév',
  'Adószám',
  'Számlázási cím',
]);

/**
 * GET /api/order/download (admin): every order the list's filters match, newest first, as a CSV that
 * Hungarian Excel opens as it is (forints as whole numbers, Budapest times). Without `seesCustomers` the
 * customer data columns are left out, not emptied, so no one takes an empty column for missing data.
 */
export async function downloadOrdersCsv(
  prisma: PrismaClient,
  filters: TOrderListFilters,
  seesCustomers: boolean,
  now: Date = new Date(),
): Promise<TFileOutput> {
  const rows = await prisma.$queryRaw<CsvRow[]>`
    SELECT o.id, o.number, o.status::text AS status, o."createdAt", o."lastName", o."firstName", o.email, o.phone,
      o."billingName", o."billingCompanyName", o."billingTaxNumber", o."billingPostcode", o."billingCity",
      o."billingStreet", o."billingFloorDoor", o."shippingName", o."shippingPostcode", o."shippingCity",
      o."shippingStreet", o."shippingFloorDoor", o."shippingMethodName", o."paymentMethodName",
      o."itemsTotal", o."discountTotal", o."shippingFee", o."paymentFee", o.rounding, o."grandTotal", o."vatTotal",
      o."refundedTotal", o."trackingNumber", o.note,
      (SELECT COALESCE(SUM(l.quantity), 0)::int FROM "OrderLine" l WHERE l."orderId" = o.id) AS "itemCount",
      (SELECT p.status::text FROM "Payment" p WHERE p."orderId" = o.id AND p.provider = 'barion'
        ORDER BY p."createdAt" DESC, p.id DESC LIMIT 1) AS "paymentState"
    FROM "Order" o
    ${whereOf(filters, seesCustomers)}
    ORDER BY o."createdAt" DESC, o.id DESC`;
  const shown = (_value: unknown, column: number) =>
    seesCustomers || !CUSTOMER_DATA_COLUMNS.has(CSV_HEADERS[column] ?? '');
  return csvFile(
    'rendelesek',
    CSV_HEADERS.filter(shown),
    rows.map((row) =>
      [
        row.number,
        csvDate(row.createdAt),
        ORDER_STATUS_LABELS[row.status],
        PAYMENT_STATE_LABELS[row.paymentState ?? 'none'],
        row.lastName,
        row.firstName,
        row.email,
        row.phone,
        row.billingName,
        row.billingCompanyName,
        row.billingTaxNumber,
        addressText(row.billingPostcode, row.billingCity, row.billingStreet, row.billingFloorDoor),
        row.shippingName,
        addressText(row.shippingPostcode, row.shippingCity, row.shippingStreet, row.shippingFloorDoor),
        row.shippingMethodName,
        row.paymentMethodName,
        Number(row.itemCount),
        row.itemsTotal,
        row.discountTotal,
        row.shippingFee,
        row.paymentFee,
        row.rounding,
        row.grandTotal,
        row.vatTotal,
        row.refundedTotal,
        row.trackingNumber,
        row.note,
      ].filter(shown),
    ),
    now,
  );
}
