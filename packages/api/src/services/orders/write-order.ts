import { PREPARED, Prisma, type PrismaClient } from '@shop/db';
import { MAX_ADDRESSES_PER_USER, type TOrderStatus } from '../../schemas';
import type { StockLevel } from '../catalogue/stock-sync';
import { queueDeliveriesSql, webhookBody, webhookEnvelope } from '../webhooks/events';
import { stockChangedDataSql } from '../webhooks/shop-events';
import type { OrderRow } from './order-dto';

/**
 * The order's own columns as they are written; lines, history and payments are written beside it. Every
 * order starts unpaid (`paidTotal` 0): money counts when it arrives (payments/recorded-payment.ts).
 */
export type OrderColumns = Omit<
  OrderRow,
  | 'lines'
  | 'statusChanges'
  | 'payments'
  | 'withdrawals'
  | 'parcel'
  | 'shipments'
  | 'invoices'
  | 'paidTotal'
  | 'paidAt'
  | 'discounts'
  | 'updatedAt'
> & {
  idempotencyKey: string | null;
  /** Who may be answered a retry with that key (place-order.ts). */
  idempotencyFingerprint: string | null;
  accessKeyHash: string;
};

export type OrderLineColumns = {
  productId: number;
  /** The variant sold; null for a product sold as itself. */
  variantId: number | null;
  /** As sold, with the variant's values: "Póló, kék, M". */
  productTitle: string;
  /** The variant's code when it has one, else the product's. */
  kutiId: string | null;
  unitPrice: number;
  /** The percent charged (0 for TAM and AAM) and the class, both as at the order. */
  vatRate: number;
  vatClass: string;
  /** The product's quantity unit (db, csomag, …), for the invoice line. */
  unit: string;
  quantity: number;
  /** What is paid for the line: unitPrice × quantity less `discount`. */
  lineTotal: number;
  /** The line's share of the order's promotions (services/promotions/distribute.ts). */
  discount: number;
  /** A gift promotion's free piece (its discount is its whole price). */
  gift: boolean;
  /** The quote line whose price the line is sold at, if any. */
  quoteLineId: number | null;
};

/** The order's promotions and the uses they take (services/promotions). */
export type PromotionWrite = {
  /** Whom the uses count for: "u:<user id>" or "e:<e-mail>" (PromotionCustomerUse.customer). */
  customer: string;
  discounts: readonly {
    promotionId: number;
    couponCodeId: number | null;
    code: string | null;
    label: string;
    amount: number;
    shipping: boolean;
  }[];
  /** Promotions with a limit in total: each takes one use, only while one is left. */
  limitedPromotionIds: readonly number[];
  /** The codes redeemed: each counts the use, only while its own limit (if any) leaves one. */
  redeemedCodeIds: readonly number[];
  /** Promotions limited per customer: each takes one of this customer's uses, only while one is left. */
  perCustomerPromotionIds: readonly number[];
};

export type OrderWrite = {
  order: OrderColumns;
  lines: readonly OrderLineColumns[];
  history: { toStatus: TOrderStatus; note: string; changedById: number | null };
  email: { to: string; subject: string; html: string; text: string; templateKey: string };
  /** The signed-in customer whose server cart the order empties. */
  clearCartOf: number | null;
  /** The quotes whose prices the lines are sold at: the order uses each (once, while unexpired). */
  usesQuotes: readonly number[];
  /**
   * A signed-in customer buying as a company keeps the company's billing data among their billing
   * addresses, unless one with this tax number is there already (or the address book is full).
   */
  rememberBilling: CompanyBillingAddress | null;
  promotions: PromotionWrite;
};

export type CompanyBillingAddress = {
  userId: number;
  name: string;
  postcode: string;
  city: string;
  street: string;
  floorDoor: string | null;
  companyName: string;
  taxNumber: string;
  euVatNumber: string | null;
};

/** Thrown when a line's product was not there to take: disabled, or not enough left. Nothing was written. */
export class StockShortage extends Error {
  constructor() {
    super('stock shortage');
  }
}

/** Thrown when a promotion or code the order counted on had no use left. Nothing was written. */
export class PromotionTaken extends Error {
  constructor() {
    super('promotion taken');
  }
}

/** Thrown when a quote the order's prices came from was used by another order or expired. Nothing was written. */
export class QuoteTaken extends Error {
  constructor() {
    super('quote taken');
  }
}

const SHORTAGE = 'shop:stock-shortage';
const QUOTE_TAKEN = 'shop:quote-taken';
const PROMOTION_TAKEN = 'shop:promotion-taken';

/**
 * Writes the whole order in one statement, so it is atomic without an interactive transaction: the
 * stock of every line (rows locked in product order first, then the variants' in variant order, so
 * crosswise carts never deadlock; each taken only while the product, and the variant, is enabled and
 * enough is left, so never oversold; a variant's pieces are taken from the variant and from its
 * product's sum alike), the order, its
 * lines, its first history entry, its confirmation e-mail, the emptied cart and the `order.created` and
 * `stock.changed` webhook deliveries (none when nobody subscribed). When any line could
 * not be taken, `shop_require` raises and PostgreSQL undoes the whole statement.
 * Through Prisma each statement costs this process several times what it costs the database; an
 * order used to take ten.
 */
export async function writeOrder(
  prisma: PrismaClient,
  write: OrderWrite,
): Promise<{ lineIds: number[]; stock: StockLevel[] }> {
  const { order, lines, history, email, clearCartOf, usesQuotes, rememberBilling, promotions } = write;
  const discount = <K extends keyof PromotionWrite['discounts'][number]>(name: K) =>
    promotions.discounts.map((row) => row[name]);
  const billing = rememberBilling;
  const byProduct = new Map<number, number>();
  const byVariant = new Map<number, { productId: number; quantity: number }>();
  for (const line of lines) {
    byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
    if (line.variantId === null) continue;
    const taken = byVariant.get(line.variantId)?.quantity ?? 0;
    byVariant.set(line.variantId, { productId: line.productId, quantity: taken + line.quantity });
  }
  const ids = [...byProduct.keys()];
  const quantities = [...byProduct.values()];
  const variantIds = [...byVariant.keys()];
  const variantProducts = [...byVariant.values()].map((want) => want.productId);
  const variantQuantities = [...byVariant.values()].map((want) => want.quantity);
  const column = <K extends keyof OrderLineColumns>(name: K) => lines.map((line) => line[name]);
  const written = Prisma.sql`EXISTS (SELECT 1 FROM placed)`;
  const created = webhookEnvelope('order.created', order.createdAt);
  const createdBody = webhookBody<'order.created'>(created, {
    id: order.id,
    number: order.number,
    status: order.status,
    paymentProvider: order.paymentProvider,
    total: order.grandTotal,
    createdAt: order.createdAt.toISOString(),
    lines: lines.map((line) => ({
      product: line.productId,
      variant: line.variantId,
      kutiId: line.kutiId,
      title: line.productTitle,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
      discount: line.discount,
    })),
    discountTotal: order.discountTotal,
    discounts: promotions.discounts.map(({ promotionId, code, label, amount, shipping }) => ({
      promotionId,
      code,
      label,
      amount,
      shipping,
    })),
  });
  // The stock left is known only inside the statement, so its `data` is built there.
  const stockMoved = webhookEnvelope('stock.changed', order.createdAt);
  const moved = Prisma.sql`(
    SELECT id AS "productId", NULL::int AS "variantId", "kutiId", stock FROM taken
    UNION ALL SELECT "productId", id, "kutiId", stock FROM variants_taken) AS moved`;
  const stockBody = Prisma.sql`${stockMoved.head} || ${stockChangedDataSql(moved)} || ${stockMoved.tail}`;
  // A remembered billing address changes the customer as one they saved themselves would: their
  // updatedAt moves on and customer.changed is queued, both only when the address was really added.
  const customerChanged = webhookEnvelope('customer.changed', order.createdAt);
  const customerBody = webhookBody<'customer.changed'>(customerChanged, {
    id: billing?.userId ?? 0,
    change: 'updated',
    updatedAt: order.createdAt.toISOString(),
  });
  try {
    const rows = await prisma.$queryRaw<
      { lineIds: number[]; stock: [number, number][]; variantStock: [number, number][] | null }[]
    >`${PREPARED}
      WITH locked AS MATERIALIZED (
        SELECT id FROM "Product" WHERE id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE
      ), variants_locked AS MATERIALIZED (
        -- After the products (the subquery makes them locked first): whoever holds a variant holds its product.
        SELECT id FROM "ProductVariant"
        WHERE id = ANY(${variantIds}::int[]) AND (SELECT count(*) FROM locked) >= 0
        ORDER BY id FOR UPDATE
      ), variants_taken AS (
        UPDATE "ProductVariant" v SET stock = v.stock - want.quantity, "updatedAt" = now()
        FROM unnest(${variantIds}::int[], ${variantProducts}::int[], ${variantQuantities}::int[])
          AS want(id, "productId", quantity), variants_locked
        WHERE v.id = want.id AND variants_locked.id = want.id AND v."productId" = want."productId"
          AND v.enabled AND v.stock >= want.quantity
        RETURNING v.id, v."productId", v.stock, v."kutiId"
      ), taken AS (
        UPDATE "Product" p
        SET stock = p.stock - want.quantity, "unitsSold" = p."unitsSold" + want.quantity, "stockChangedAt" = now()
        FROM unnest(${ids}::int[], ${quantities}::int[]) AS want(id, quantity), locked
        WHERE p.id = want.id AND locked.id = want.id AND p.enabled AND p.stock >= want.quantity
        RETURNING p.id, p.stock, p."kutiId"
      ), checked AS MATERIALIZED (
        SELECT shop_require((SELECT count(*) FROM taken) = ${ids.length}
          AND (SELECT count(*) FROM variants_taken) = ${variantIds.length}, ${SHORTAGE}) AS ok
      ), placed AS (
        INSERT INTO "Order" (id, number, "idempotencyKey", "idempotencyFingerprint", "accessKeyHash", "termsVersion", "userId", status,
          email, phone, "firstName", "lastName",
          "shippingName", "shippingPostcode", "shippingCity", "shippingStreet", "shippingFloorDoor", "pickupPoint",
          "billingName", "billingCompanyName", "billingTaxNumber", "billingEuVatNumber", "billingPostcode", "billingCity",
          "billingStreet", "billingFloorDoor",
          "shippingMethodId", "shippingMethodName", "shippingFee", "shippingDeliveryTime",
          "paymentMethodId", "paymentMethodName", "paymentProvider", "paymentFee",
          "itemsTotal", "discountTotal", rounding, "vatTotal", "grandTotal", "refundedTotal", note, "trackingNumber",
          "completedAt", "createdAt", "updatedAt")
        SELECT ${order.id}, ${order.number}, ${order.idempotencyKey}, ${order.idempotencyFingerprint}, ${order.accessKeyHash}, ${order.termsVersion},
          ${order.userId}::int, ${order.status}::"OrderStatus",
          ${order.email}, ${order.phone}, ${order.firstName}, ${order.lastName},
          ${order.shippingName}, ${order.shippingPostcode}, ${order.shippingCity}, ${order.shippingStreet},
          ${order.shippingFloorDoor}, ${order.pickupPoint === null ? null : JSON.stringify(order.pickupPoint)}::jsonb,
          ${order.billingName}, ${order.billingCompanyName}, ${order.billingTaxNumber}, ${order.billingEuVatNumber},
          ${order.billingPostcode},
          ${order.billingCity}, ${order.billingStreet}, ${order.billingFloorDoor},
          ${order.shippingMethodId}::int, ${order.shippingMethodName}, ${order.shippingFee}, ${order.shippingDeliveryTime},
          ${order.paymentMethodId}::int, ${order.paymentMethodName}, ${order.paymentProvider}::"PaymentProvider",
          ${order.paymentFee},
          ${order.itemsTotal}, ${order.discountTotal}, ${order.rounding}, ${order.vatTotal}, ${order.grandTotal}, ${order.refundedTotal},
          ${order.note}, ${order.trackingNumber}, ${order.completedAt}::timestamp, ${order.createdAt}::timestamp,
          ${order.createdAt}::timestamp
        FROM checked
        RETURNING id
      ), status AS (
        INSERT INTO "OrderStatusChange" ("orderId", "toStatus", "changedById", note, "createdAt")
        SELECT id, ${history.toStatus}::"OrderStatus", ${history.changedById}::int, ${history.note},
          ${order.createdAt}::timestamp
        FROM placed
      ), email AS (
        INSERT INTO "EmailOutbox" ("to", subject, html, text, "templateKey")
        SELECT ${email.to}, ${email.subject}, ${email.html}, ${email.text}, ${email.templateKey} FROM placed
      ), billing_address AS (
        INSERT INTO "Address" ("userId", type, name, postcode, city, street, "floorDoor", "companyName", "taxNumber",
          "euVatNumber", "isDefault", "updatedAt")
        SELECT ${billing?.userId ?? null}::int, 'billing'::"AddressType", ${billing?.name ?? null}, ${billing?.postcode ?? null},
          ${billing?.city ?? null}, ${billing?.street ?? null}, ${billing?.floorDoor ?? null}, ${billing?.companyName ?? null},
          ${billing?.taxNumber ?? null}, ${billing?.euVatNumber ?? null},
          NOT EXISTS (SELECT 1 FROM "Address" WHERE "userId" = ${billing?.userId ?? null}::int AND type = 'billing'),
          ${order.createdAt}::timestamp
        FROM placed
        WHERE ${billing !== null}::boolean
          AND NOT EXISTS (SELECT 1 FROM "Address" WHERE "userId" = ${billing?.userId ?? null}::int AND type = 'billing'
            AND "taxNumber" = ${billing?.taxNumber ?? null})
          AND (SELECT count(*) FROM "Address" WHERE "userId" = ${billing?.userId ?? null}::int) < ${MAX_ADDRESSES_PER_USER}
        RETURNING "userId"
      ), customer_touched AS (
        UPDATE "User" SET "updatedAt" = ${order.createdAt}::timestamp
        WHERE id IN (SELECT "userId" FROM billing_address) AND role = 'customer'
        RETURNING id
      ), cart AS (
        DELETE FROM "CartLine"
        WHERE ${clearCartOf}::int IS NOT NULL AND EXISTS (SELECT 1 FROM placed)
          AND "cartId" IN (SELECT id FROM "Cart" WHERE "userId" = ${clearCartOf}::int)
      ), quotes AS (
        -- Only an unused, unexpired quote is taken; a second order waits for the first one's row lock,
        -- then finds it used, and the check below undoes the whole statement.
        UPDATE "Quote" q SET "orderId" = placed.id, "updatedAt" = now()
        FROM placed
        WHERE q.id = ANY(${[...usesQuotes]}::int[]) AND q."orderId" IS NULL AND q."validUntil" > now()
        RETURNING q.id
      ), quotes_taken AS MATERIALIZED (
        SELECT shop_require((SELECT count(*) FROM quotes) = ${usesQuotes.length}, ${QUOTE_TAKEN}) AS ok
      ), promotions_used AS (
        -- A second order waits for the first one's row lock, then sees its use: the last one goes once.
        UPDATE "Promotion" p SET uses = p.uses + 1
        FROM placed
        WHERE p.id = ANY(${[...promotions.limitedPromotionIds]}::int[])
          AND (p."usageLimit" IS NULL OR p.uses < p."usageLimit")
        RETURNING p.id
      ), codes_used AS (
        UPDATE "CouponCode" c SET uses = c.uses + 1
        FROM placed
        WHERE c.id = ANY(${[...promotions.redeemedCodeIds]}::int[]) AND (c."usageLimit" IS NULL OR c.uses < c."usageLimit")
        RETURNING c.id
      ), customer_uses AS (
        INSERT INTO "PromotionCustomerUse" ("promotionId", customer, uses)
        SELECT want.id, ${promotions.customer}, 1
        FROM placed, unnest(${[...promotions.perCustomerPromotionIds]}::int[]) AS want(id)
        ON CONFLICT ("promotionId", customer) DO UPDATE SET uses = "PromotionCustomerUse".uses + 1
        WHERE "PromotionCustomerUse".uses
          < (SELECT "perCustomerLimit" FROM "Promotion" WHERE id = EXCLUDED."promotionId")
        RETURNING 1
      ), promotions_taken AS MATERIALIZED (
        SELECT shop_require(
          (SELECT count(*) FROM promotions_used) = ${promotions.limitedPromotionIds.length}
            AND (SELECT count(*) FROM codes_used) = ${promotions.redeemedCodeIds.length}
            AND (SELECT count(*) FROM customer_uses) = ${promotions.perCustomerPromotionIds.length},
          ${PROMOTION_TAKEN}) AS ok
      ), discounts AS (
        INSERT INTO "OrderDiscount" ("orderId", "promotionId", "couponCodeId", code, label, amount, shipping, customer)
        SELECT placed.id, row."promotionId", row."couponCodeId", row.code, row.label, row.amount, row.shipping,
          ${promotions.customer}
        FROM placed, unnest(${discount('promotionId')}::int[], ${discount('couponCodeId')}::int[],
          ${discount('code')}::text[], ${discount('label')}::text[], ${discount('amount')}::int[],
          ${discount('shipping')}::boolean[]) WITH ORDINALITY
          AS row("promotionId", "couponCodeId", code, label, amount, shipping, position)
        ORDER BY row.position
      ), written AS (
        INSERT INTO "OrderLine" ("orderId", "productId", "variantId", "productTitle", "kutiId", "unitPrice", "vatRate",
          "vatClass", unit, quantity, "lineTotal", discount, gift, "quoteLineId")
        SELECT placed.id, line."productId", line."variantId", line.title, line."kutiId", line."unitPrice", line."vatRate",
          line."vatClass", line.unit, line.quantity, line."lineTotal", line.discount, line.gift, line."quoteLineId"
        FROM placed, quotes_taken, promotions_taken, unnest(${column('productId')}::int[], ${column('variantId')}::int[],
          ${column('productTitle')}::text[],
          ${column('kutiId')}::text[], ${column('unitPrice')}::int[], ${column('vatRate')}::int[],
          ${column('vatClass')}::text[], ${column('unit')}::text[],
          ${column('quantity')}::int[], ${column('lineTotal')}::int[], ${column('discount')}::int[],
          ${column('gift')}::boolean[], ${column('quoteLineId')}::int[]) WITH ORDINALITY
          AS line("productId", "variantId", title, "kutiId", "unitPrice", "vatRate", "vatClass", unit, quantity,
            "lineTotal", discount, gift, "quoteLineId", position)
        ORDER BY line.position
        RETURNING id
      ), order_hook AS (
        ${queueDeliveriesSql(created, Prisma.sql`${createdBody}`, written)}
      ), stock_hook AS (
        ${queueDeliveriesSql(stockMoved, stockBody, written)}
      ), customer_hook AS (
        ${queueDeliveriesSql(customerChanged, Prisma.sql`${customerBody}`, Prisma.sql`EXISTS (SELECT 1 FROM customer_touched)`)}
      )
      SELECT (SELECT array_agg(id ORDER BY id) FROM written) AS "lineIds",
             (SELECT json_agg(json_build_array(id, stock)) FROM taken) AS stock,
             (SELECT json_agg(json_build_array(id, stock)) FROM variants_taken) AS "variantStock"`;
    const row = rows[0]!;
    return {
      lineIds: row.lineIds.map(Number),
      stock: [
        ...row.stock.map(([id, stock]) => ({ id, stock })),
        ...(row.variantStock ?? []).map(([id, stock]) => ({ id, stock, variant: true })),
      ],
    };
  } catch (error) {
    if (error instanceof Error && error.message.includes(SHORTAGE)) throw new StockShortage();
    if (error instanceof Error && error.message.includes(QUOTE_TAKEN)) throw new QuoteTaken();
    if (error instanceof Error && error.message.includes(PROMOTION_TAKEN)) throw new PromotionTaken();
    throw error;
  }
}

/**
 * What is left to sell now of each product and variant (0 when disabled or gone), for the shortage
 * message: `products` by product id, `variants` by variant id.
 */
export async function availableStock(
  prisma: PrismaClient,
  ids: readonly number[],
  variantIds: readonly number[] = [],
): Promise<{ products: Map<number, number>; variants: Map<number, number> }> {
  const rows = await prisma.$queryRaw<{ id: number; variant: boolean; available: number }[]>`
    SELECT id, false AS variant, CASE WHEN enabled THEN GREATEST(stock, 0) ELSE 0 END AS available
    FROM "Product" WHERE id = ANY(${[...ids]}::int[])
    UNION ALL
    SELECT v.id, true, CASE WHEN v.enabled AND p.enabled THEN GREATEST(v.stock, 0) ELSE 0 END
    FROM "ProductVariant" v JOIN "Product" p ON p.id = v."productId" WHERE v.id = ANY(${[...variantIds]}::int[])`;
  const of = (variant: boolean) =>
    new Map(
      rows.filter((row) => row.variant === variant).map((row) => [Number(row.id), Number(row.available)]),
    );
  return { products: of(false), variants: of(true) };
}

/** A unique index refused the order: with an Idempotency-Key, a racing request placed it first. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  return (
    error.code === 'P2002' ||
    (error.code === 'P2010' && /23505|unique/i.test(JSON.stringify(error.meta ?? {}) + error.message))
  );
}
