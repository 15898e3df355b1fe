import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { baselineDiscounts } from './baseline-promotions';

/**
 * The baseline: a bare node:http server that answers each benchmarked request with SQL through
 * `pg` (the same pool size as the shop), no framework, no validation, no cache. Where the shop
 * issues SQL (the product page) this issues the same statements; where the shop answers from
 * memory (filters, the category tree, quick search) this answers the same question in SQL, the
 * way an uncached implementation would. Statements are named (prepared once per connection) as
 * Prisma's driver adapter prepares them, so PostgreSQL plans them the same way.
 */

/**
 * A product's filterable values as the shop sees them: its own, and the option values of its enabled
 * variants in stock (a size whose last variant sold out leaves the filters).
 */
const VARIANT_VALUES_SQL = `
  SELECT v."productId", vv."propertyValueId" FROM "ProductVariant" v
  JOIN "ProductVariantValue" vv ON vv."variantId" = v.id WHERE v.enabled AND v.stock > 0`;

/** Whether product `b` has one of the values in `param` (an empty list filters nothing). */
const hasValueSql = (param: string) => `(cardinality(${param}::int[]) = 0
    OR EXISTS (SELECT 1 FROM "ProductPropertyValue" v WHERE v."productId" = b.id AND v."propertyValueId" = ANY(${param}::int[]))
    OR EXISTS (SELECT 1 FROM "ProductVariant" pv JOIN "ProductVariantValue" vv ON vv."variantId" = pv.id
               WHERE pv."productId" = b.id AND pv.enabled AND pv.stock > 0 AND vv."propertyValueId" = ANY(${param}::int[])))`;

/**
 * Filters: a category subtree, one or two property filters (disjunctive facets; own values and the
 * values of variants in stock), a price range, sorted by price.
 */
const FILTERS_SQL = `
WITH RECURSIVE scope AS (
  SELECT id FROM "Category" WHERE id = $1 AND enabled
  UNION ALL
  SELECT c.id FROM "Category" c JOIN scope s ON c."parentId" = s.id WHERE c.enabled
),
base AS (
  SELECT DISTINCT p.id, p."grossPrice" AS price, p.stock
  FROM "ProductCategory" pc JOIN "Product" p ON p.id = pc."productId"
  WHERE pc."categoryId" IN (SELECT id FROM scope) AND p.enabled
),
flags AS (
  SELECT b.*,
    ${hasValueSql('$2')} AS ok1,
    ${hasValueSql('$3')} AS ok2
  FROM base b
),
priced AS (SELECT * FROM flags WHERE price >= $4 AND price <= $5),
matched AS (SELECT * FROM priced WHERE ok1 AND ok2)
SELECT
  (SELECT count(*)::int FROM matched) AS total,
  (SELECT json_build_object('min', min(price), 'max', max(price)) FROM flags WHERE ok1 AND ok2) AS price,
  (SELECT coalesce(json_agg(row_to_json(t)), '[]') FROM (
     SELECT m.id, p.slug || '-' || m.id AS slug, d.title, m.price, m.stock > 0 AS "inStock",
            '/media/' || i."mediaId" || '/card' AS image
     FROM matched m JOIN "Product" p ON p.id = m.id
     LEFT JOIN LATERAL (SELECT title FROM "Description" WHERE "productId" = m.id
                        ORDER BY (language = 'hu') DESC, id LIMIT 1) d ON true
     LEFT JOIN LATERAL (SELECT "mediaId" FROM "ProductImage" WHERE "productId" = m.id
                        ORDER BY position, id LIMIT 1) i ON true
     ORDER BY m.price, m.id LIMIT $6 OFFSET $7) t) AS items,
  (SELECT coalesce(json_agg(row_to_json(f)), '[]') FROM (
     SELECT v."propertyValueId" AS "valueId", count(DISTINCT x.id)::int AS count
     FROM priced x
     JOIN (SELECT "productId", "propertyValueId" FROM "ProductPropertyValue" UNION ALL ${VARIANT_VALUES_SQL}) v
       ON v."productId" = x.id
     JOIN "PropertyValue" pv ON pv.id = v."propertyValueId"
     WHERE (x.ok1 AND x.ok2) OR (pv."propertyId" = $8 AND x.ok2) OR (pv."propertyId" = $9 AND x.ok1)
     GROUP BY 1) f) AS facets`;

/** Quick search as SQL alone answers it: Hungarian full text or trigram word similarity over the
 * `ProductSearch` rows the shop's triggers keep, ranked in the database (after set_config). */
const SEARCH_SQL = `
WITH q AS (
  SELECT to_tsquery('hungarian', $1) || to_tsquery('hungarian', $2) || to_tsquery('simple', $2) AS tsq
)
SELECT s."productId" AS id,
       (CASE WHEN s.document LIKE $4 THEN 10 ELSE 0 END
        + ts_rank(s.vector, q.tsq) * 10
        + word_similarity($3, s.document) * 5)::float8 AS score
FROM "ProductSearch" s, q
WHERE s.vector @@ q.tsq OR $3 <% s.document
ORDER BY score DESC, s."productId"
LIMIT $5`;

/** The cards of the hits, which the shop takes from its in-memory catalogue. */
const CARDS_SQL = `
SELECT p.id, p.slug || '-' || p.id AS slug, d.title, p."grossPrice" AS price, p.stock > 0 AS "inStock"
FROM "Product" p
LEFT JOIN LATERAL (SELECT title FROM "Description" WHERE "productId" = p.id
                   ORDER BY (language = 'hu') DESC, id LIMIT 1) d ON true
WHERE p.id = ANY($1::int[]) AND p.enabled`;

/** A variant's code names its product (the search rows hold only the products' own codes). */
const VARIANT_CODE_SQL = `
SELECT v."productId" AS id FROM "ProductVariant" v WHERE v."kutiId" = $1 AND v.enabled`;

const SEARCH_CATEGORIES_SQL = `
SELECT c.id, d.title FROM "Category" c JOIN "Description" d ON d."categoryId" = c.id
WHERE c.enabled AND shop_fold(d.title) LIKE '%' || $1 || '%'
ORDER BY d.title LIMIT 5`;

/** A variant's values in option order, as the shop names it after the product ("kék, M"). */
const variantTitleSql = (variant: string) => `(
  SELECT string_agg(d.title, ', ' ORDER BY o.position, o."propertyId")
  FROM "ProductVariantValue" vv JOIN "PropertyValue" pv ON pv.id = vv."propertyValueId"
  JOIN "ProductOption" o ON o."productId" = ${variant}."productId" AND o."propertyId" = pv."propertyId"
  JOIN "Description" d ON d."propertyValueId" = pv.id AND d.language = 'hu'
  WHERE vv."variantId" = ${variant}.id)`;

/**
 * The product page: the row, descriptions, images, tiers, categories and property values, and for a
 * product sold in variants its options with their values and its enabled variants.
 */
const PRODUCT_SQL = `
SELECT p.id, p.slug, p."kutiId", p."grossPrice", p.stock, CASE WHEN p."vatClass" IN ('TAM', 'AAM') THEN 0 ELSE p."vatClass"::int END AS "vatRate", p."weightGrams", p."unitsSold",
       p."createdAt", p."updatedAt",
       (SELECT json_agg(json_build_object('id', d.id, 'language', d.language, 'title', d.title, 'body', d.body,
                 'metaTitle', d."metaTitle", 'metaDescription', d."metaDescription"))
          FROM "Description" d WHERE d."productId" = p.id) AS descriptions,
       (SELECT json_agg(json_build_object('id', m.id, 'alt', m.alt) ORDER BY i.position, i.id)
          FROM "ProductImage" i JOIN "Media" m ON m.id = i."mediaId" WHERE i."productId" = p.id) AS images,
       (SELECT json_agg(json_build_object('minQuantity', t."minQuantity", 'grossPrice', t."grossPrice")
                        ORDER BY t."minQuantity")
          FROM "ProductPriceTier" t WHERE t."productId" = p.id) AS tiers,
       (SELECT array_agg("categoryId" ORDER BY "primary" DESC, "categoryId")
          FROM "ProductCategory" WHERE "productId" = p.id) AS "categoryIds",
       (SELECT json_agg(json_build_object('id', v.id, 'propertyId', v."propertyId", 'title', vd.title))
          FROM "ProductPropertyValue" pv JOIN "PropertyValue" v ON v.id = pv."propertyValueId"
          LEFT JOIN "Description" vd ON vd."propertyValueId" = v.id AND vd.language = 'hu'
          WHERE pv."productId" = p.id) AS properties,
       (SELECT json_agg(json_build_object('propertyId', o."propertyId", 'title', od.title,
                 'values', (SELECT json_agg(json_build_object('id', v.id, 'title', vd.title, 'swatch', v.swatch)
                                            ORDER BY v.position, v.id)
                            FROM "PropertyValue" v
                            LEFT JOIN "Description" vd ON vd."propertyValueId" = v.id AND vd.language = 'hu'
                            WHERE v."propertyId" = o."propertyId" AND EXISTS (
                              SELECT 1 FROM "ProductVariant" pv JOIN "ProductVariantValue" vv ON vv."variantId" = pv.id
                              WHERE pv."productId" = p.id AND pv.enabled AND vv."propertyValueId" = v.id)))
                 ORDER BY o.position, o."propertyId")
          FROM "ProductOption" o
          LEFT JOIN "Description" od ON od."propertyId" = o."propertyId" AND od.language = 'hu'
          WHERE o."productId" = p.id) AS options,
       (SELECT json_agg(json_build_object('id', v.id, 'kutiId', v."kutiId", 'ean', v.ean, 'stock', v.stock,
                 'grossPrice', coalesce(v."grossPrice", p."grossPrice"), 'mediaId', v."mediaId",
                 'values', (SELECT array_agg("propertyValueId") FROM "ProductVariantValue" WHERE "variantId" = v.id),
                 'title', ${variantTitleSql('v')})
                 ORDER BY v.position, v.id)
          FROM "ProductVariant" v WHERE v."productId" = p.id AND v.enabled) AS variants
FROM "Product" p WHERE p.id = $1 AND p.enabled`;

const CATEGORIES_SQL = `
SELECT c.id, c."parentId" AS parent, c.slug, c.position, d.title
FROM "Category" c
LEFT JOIN LATERAL (SELECT title FROM "Description" WHERE "categoryId" = c.id
                   ORDER BY (language = 'hu') DESC, id LIMIT 1) d ON true
WHERE c.enabled`;

/** The signed-in customer of a `token` header (only its SHA-256 is stored), with the group discount. */
const SESSION_SQL = `
SELECT u.id, u."groupId", coalesce(g."discountPercent", 0) AS discount
FROM "Session" s JOIN "User" u ON u.id = s."userId" LEFT JOIN "CustomerGroup" g ON g.id = u."groupId"
WHERE s."tokenHash" = $1 AND s."expiresAt" > now() AND u."anonymizedAt" IS NULL`;

/** Cart add: the customer's cart (created on first use) and the line, added to, in one statement. */
const CART_ADD_SQL = `
WITH cart AS (
  INSERT INTO "Cart" ("userId", "updatedAt") VALUES ($1, now())
  ON CONFLICT ("userId") DO UPDATE SET "updatedAt" = EXCLUDED."updatedAt"
  RETURNING id
)
INSERT INTO "CartLine" ("cartId", "productId", "variantId", quantity)
SELECT cart.id, p.id, v.id, $4 FROM cart, "Product" p
LEFT JOIN "ProductVariant" v ON v.id = $3::int AND v."productId" = p.id AND v.enabled
WHERE p.id = $2 AND p.enabled AND ($3::int IS NULL OR v.id IS NOT NULL)
ON CONFLICT ("cartId", "productId", "variantId") DO UPDATE SET quantity = LEAST(10000, "CartLine".quantity + EXCLUDED.quantity)`;

/**
 * The cart's lines with what pricing needs: list price, tiers, the group's and the customer's own price,
 * and for a variant its own price, stock, code, picture and name.
 */
const CART_LINES_SQL = `
SELECT p.id, l."variantId", l.quantity, p.enabled AND coalesce(v.enabled, true) AS enabled, p.slug,
       coalesce(v."kutiId", p."kutiId") AS "kutiId", p."grossPrice", v."grossPrice" AS "variantPrice",
       coalesce(v.stock, p.stock) AS stock, ${variantTitleSql('v')} AS "variantTitle", v."mediaId" AS "variantMediaId", CASE WHEN p."vatClass" IN ('TAM', 'AAM') THEN 0 ELSE p."vatClass"::int END AS "vatRate", p.unit,
       d.title, i."mediaId",
       (SELECT coalesce(json_agg(json_build_object('minQuantity', t."minQuantity", 'grossPrice', t."grossPrice")
                                 ORDER BY t."minQuantity"), '[]')
          FROM "ProductPriceTier" t WHERE t."productId" = p.id) AS tiers,
       gp."grossPrice" AS "groupPrice", coalesce(gp.hidden, false) AS "groupHidden",
       cp."grossPrice" AS "ownPrice", cp.hidden AS "ownHidden"
FROM "Cart" c
JOIN "CartLine" l ON l."cartId" = c.id
JOIN "Product" p ON p.id = l."productId"
LEFT JOIN "ProductVariant" v ON v.id = l."variantId"
LEFT JOIN LATERAL (SELECT title FROM "Description" WHERE "productId" = p.id
                   ORDER BY (language = 'hu') DESC, id LIMIT 1) d ON true
LEFT JOIN LATERAL (SELECT "mediaId" FROM "ProductImage" WHERE "productId" = p.id
                   ORDER BY position, id LIMIT 1) i ON true
LEFT JOIN "ProductGroupPrice" gp ON gp."productId" = p.id AND gp."groupId" = $2
LEFT JOIN "ProductCustomerPrice" cp ON cp."productId" = p.id AND cp."userId" = $1
WHERE c."userId" = $1
ORDER BY l."addedAt", l.id`;

const SHIPPING_ESTIMATE_SQL = `
SELECT name, "grossPrice", "freeAbove" FROM "ShippingMethod"
WHERE enabled AND "needsAddress" ORDER BY position, id`;

/**
 * Order, before the transaction: the chosen methods, the terms version and the confirmation template
 * in one round trip (the shop keeps all four in memory).
 */
const ORDER_SETUP_SQL = `
SELECT (SELECT row_to_json(s) FROM "ShippingMethod" s WHERE s.id = $1 AND s.enabled) AS shipping,
       (SELECT row_to_json(m) FROM "PaymentMethod" m WHERE m.id = $2 AND m.enabled) AS payment,
       (SELECT "updatedAt" FROM "Page" WHERE slug = 'altalanos-szerzodesi-feltetelek') AS terms,
       (SELECT row_to_json(t) FROM (SELECT subject, "bodyHtml" FROM "EmailTemplate"
                                    WHERE key = 'order_confirmation') t) AS template`;

/** The ordered products' prices (the shop takes them from its in-memory catalogue). */
const ORDER_PRODUCTS_SQL = `
SELECT p.id, p."kutiId", p."grossPrice", p."vatClass", CASE WHEN p."vatClass" IN ('TAM', 'AAM') THEN 0 ELSE p."vatClass"::int END AS "vatRate", p.unit, d.title,
       (SELECT coalesce(json_agg(json_build_object('minQuantity', t."minQuantity", 'grossPrice', t."grossPrice")
                                 ORDER BY t."minQuantity"), '[]')
          FROM "ProductPriceTier" t WHERE t."productId" = p.id) AS tiers
FROM "Product" p
LEFT JOIN LATERAL (SELECT title FROM "Description" WHERE "productId" = p.id
                   ORDER BY (language = 'hu') DESC, id LIMIT 1) d ON true
WHERE p.id = ANY($1::int[]) AND p.enabled`;

/** The ordered variants: own price, code and name (the shop takes them from its in-memory catalogue). */
const ORDER_VARIANTS_SQL = `
SELECT v.id, v."productId", v."kutiId", v."grossPrice", ${variantTitleSql('v')} AS title
FROM "ProductVariant" v WHERE v.id = ANY($1::int[]) AND v.enabled`;

/** The order's id and number in one statement before it is written, as the shop's order-number.ts. */
const ORDER_IDENTITY_SQL = `
WITH counter AS (
  INSERT INTO "OrderNumberCounter" (year, last) VALUES ($1, 1)
  ON CONFLICT (year) DO UPDATE SET last = "OrderNumberCounter".last + 1
  RETURNING last
)
SELECT last, nextval(pg_get_serial_sequence('"Order"', 'id'))::int AS id FROM counter`;

/** The whole order in one statement: the same SQL as the shop's write-order.ts. */
const WRITE_ORDER_SQL = `
WITH locked AS MATERIALIZED (
  SELECT id FROM "Product" WHERE id = ANY($36::int[]) ORDER BY id FOR UPDATE
), variants_locked AS MATERIALIZED (
  SELECT id FROM "ProductVariant"
  WHERE id = ANY($51::int[]) AND (SELECT count(*) FROM locked) >= 0
  ORDER BY id FOR UPDATE
), variants_taken AS (
  UPDATE "ProductVariant" v SET stock = v.stock - want.quantity, "updatedAt" = now()
  FROM unnest($51::int[], $52::int[], $53::int[]) AS want(id, "productId", quantity), variants_locked
  WHERE v.id = want.id AND variants_locked.id = want.id AND v."productId" = want."productId"
    AND v.enabled AND v.stock >= want.quantity
  RETURNING v.id, v.stock
), taken AS (
  UPDATE "Product" p
  SET stock = p.stock - want.quantity, "unitsSold" = p."unitsSold" + want.quantity, "stockChangedAt" = now()
  FROM unnest($36::int[], $37::int[]) AS want(id, quantity), locked
  WHERE p.id = want.id AND locked.id = want.id AND p.enabled AND p.stock >= want.quantity
  RETURNING p.id, p.stock
), checked AS MATERIALIZED (
  SELECT shop_require((SELECT count(*) FROM taken) = cardinality($36::int[])
    AND (SELECT count(*) FROM variants_taken) = cardinality($51::int[]), 'shop:stock-shortage') AS ok
), placed AS (
  INSERT INTO "Order" (id, number, "accessKeyHash", "termsVersion", status, email, phone, "firstName", "lastName",
    "shippingName", "shippingPostcode", "shippingCity", "shippingStreet", "shippingFloorDoor",
    "billingName", "billingCompanyName", "billingTaxNumber", "billingPostcode", "billingCity", "billingStreet",
    "billingFloorDoor", "shippingMethodId", "shippingMethodName", "shippingFee", "shippingDeliveryTime",
    "paymentMethodId", "paymentMethodName", "paymentProvider", "paymentFee", "itemsTotal", rounding,
    "vatTotal", "grandTotal", note, "createdAt", "updatedAt", "discountTotal")
  SELECT $1, $2, $3, $4, $5::"OrderStatus", $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
    $21, $22::int, $23, $24, $25, $26::int, $27, $28::"PaymentProvider", $29, $30, $31, $32, $33, $34, $35::timestamp,
    $35::timestamp, $62
  FROM checked
  RETURNING id
), status AS (
  INSERT INTO "OrderStatusChange" ("orderId", "toStatus", note, "createdAt")
  SELECT id, $5::"OrderStatus", 'A rendelés beérkezett.', $35::timestamp FROM placed
), email AS (
  INSERT INTO "EmailOutbox" ("to", subject, html, text, "templateKey")
  SELECT $45, $46, $47, $48, 'order_confirmation' FROM placed
), codes_used AS (
  UPDATE "CouponCode" c SET uses = c.uses + 1 FROM placed
  WHERE c.id = ANY($63::int[]) AND (c."usageLimit" IS NULL OR c.uses < c."usageLimit")
  RETURNING c.id
), promotions_taken AS MATERIALIZED (
  SELECT shop_require((SELECT count(*) FROM codes_used) = cardinality($63::int[]), 'shop:promotion-taken') AS ok
), discounts AS (
  INSERT INTO "OrderDiscount" ("orderId", "promotionId", "couponCodeId", code, label, amount, shipping, customer)
  SELECT placed.id, d."promotionId", d."codeId", d.code, d.label, d.amount, false, $55
  FROM placed, unnest($56::int[], $57::int[], $58::text[], $59::text[], $60::int[]) WITH ORDINALITY
    AS d("promotionId", "codeId", code, label, amount, position)
  ORDER BY d.position
), written AS (
  INSERT INTO "OrderLine" ("orderId", "productId", "variantId", "productTitle", "kutiId", "unitPrice", "vatRate",
    "vatClass", unit, quantity, "lineTotal", discount)
  SELECT placed.id, line."productId", line."variantId", line.title, line."kutiId", line."unitPrice", line."vatRate",
    line."vatClass", line.unit, line.quantity, line."lineTotal", line.discount
  FROM placed, promotions_taken, unnest($38::int[], $54::int[], $39::text[], $40::text[], $41::int[], $42::int[], $49::text[],
    $50::text[], $43::int[], $44::int[], $61::int[])
    WITH ORDINALITY AS line("productId", "variantId", title, "kutiId", "unitPrice", "vatRate", "vatClass", unit,
      quantity, "lineTotal", discount, position)
  ORDER BY line.position
  RETURNING id
)
SELECT (SELECT array_agg(id ORDER BY id) FROM written) AS "lineIds",
       (SELECT json_agg(json_build_array(id, stock)) FROM taken) AS stock,
       (SELECT json_agg(json_build_array(id, stock)) FROM variants_taken) AS "variantStock"`;

const MAX_WAITING = 64;

type FiltersBody = {
  category: number;
  properties: Record<string, number[]>;
  priceMin?: number;
  priceMax?: number;
  page?: number;
  pageSize?: number;
};

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

const prefixQuery = (list: string[]) => list.map((token) => `'${token}':*`).join(' & ');

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function send(response: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}

type TreeNode = {
  id: number;
  parent: number | null;
  slug: string;
  position: number;
  title: string;
  children: TreeNode[];
};

function buildTree(rows: Omit<TreeNode, 'children'>[]): TreeNode[] {
  const nodes = new Map(rows.map((row) => [row.id, { ...row, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent === null ? undefined : nodes.get(node.parent);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: TreeNode[]) => {
    list.sort((a, b) => a.position - b.position || a.id - b.id);
    for (const node of list) sort(node.children);
  };
  sort(roots);
  return roots;
}

type Tier = { minQuantity: number; grossPrice: number };

/** The shop's pricing rule: own › group › discounted list price, against the quantity tier; the lower wins. */
function unitPrice(
  row: { grossPrice: number; tiers: Tier[]; groupPrice?: number | null; ownPrice?: number | null },
  discount: number,
  quantity: number,
): number {
  const contract =
    row.ownPrice ??
    row.groupPrice ??
    (discount > 0 ? Math.floor((row.grossPrice * (100 - discount) + 50) / 100) : row.grossPrice);
  let tier = row.grossPrice;
  for (const step of row.tiers) if (step.minQuantity <= quantity) tier = step.grossPrice;
  return Math.min(contract, tier);
}

/**
 * The shop's rule for a variant with its own price: that price less the group discount, without the
 * product's quantity tiers and fixed group or own prices (they were set for the product's price).
 */
function variantPricing<T extends { grossPrice: number; tiers: Tier[] }>(
  row: T,
  variantPrice: number | null,
): T | { grossPrice: number; tiers: Tier[] } {
  return variantPrice === null ? row : { grossPrice: variantPrice, tiers: [] };
}

const vatOf = (gross: number, rate: number) => Math.round((gross * rate) / (100 + rate));

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const forint = (value: number) => `${value.toLocaleString('hu-HU')} Ft`;

type Customer = { id: number; groupId: number | null; discount: number };

async function customerOf(pool: pg.Pool, request: IncomingMessage): Promise<Customer | null> {
  const token = request.headers.token;
  if (typeof token !== 'string' || !token) return null;
  const { rows } = await pool.query<Customer>({ name: 'session', text: SESSION_SQL }, [
    createHash('sha256').update(token).digest('hex'),
  ]);
  return rows[0] ?? null;
}

type CartLineRow = {
  id: number;
  variantId: number | null;
  variantPrice: number | null;
  variantTitle: string | null;
  variantMediaId: number | null;
  quantity: number;
  enabled: boolean;
  slug: string;
  kutiId: string | null;
  grossPrice: number;
  stock: number;
  vatRate: number;
  unit: string;
  title: string;
  mediaId: number | null;
  tiers: Tier[];
  groupPrice: number | null;
  groupHidden: boolean;
  ownPrice: number | null;
  ownHidden: boolean | null;
};

/** The whole cart priced, as the shop answers `POST /api/cart/add`. */
async function readCart(pool: pg.Pool, customer: Customer) {
  const [lines, methods] = await Promise.all([
    pool.query<CartLineRow>({ name: 'cart-lines', text: CART_LINES_SQL }, [customer.id, customer.groupId]),
    pool.query<{ name: string; grossPrice: number; freeAbove: number | null }>({
      name: 'shipping-estimate',
      text: SHIPPING_ESTIMATE_SQL,
    }),
  ]);
  const priced = lines.rows.map((row) => {
    const hidden = row.ownHidden ?? row.groupHidden;
    const title = row.variantTitle ? `${row.title}, ${row.variantTitle}` : row.title;
    if (!row.enabled || hidden) {
      return {
        product: row.id,
        variant: row.variantId,
        quantity: row.quantity,
        title,
        unitPrice: 0,
        lineTotal: 0,
        state: 'unavailable',
      };
    }
    const price = unitPrice(variantPricing(row, row.variantPrice), customer.discount, row.quantity);
    const state =
      row.stock <= 0 ? 'out_of_stock' : row.stock < row.quantity ? 'insufficient_stock' : 'available';
    const mediaId = row.variantMediaId ?? row.mediaId;
    return {
      product: row.id,
      variant: row.variantId,
      quantity: row.quantity,
      title,
      slug: `${row.slug}-${row.id}`,
      image: mediaId === null ? null : `/media/${mediaId}/thumb`,
      kutiId: row.kutiId,
      unit: row.unit,
      unitPrice: price,
      lineTotal: price * row.quantity,
      vatRate: row.vatRate,
      stock: row.stock,
      state,
    };
  });
  const orderable = priced.filter((line) => line.state === 'available');
  const subtotal = orderable.reduce((sum, line) => sum + line.lineTotal, 0);
  const promotions = await baselineDiscounts(
    pool,
    orderable.map((line) => ({ productId: line.product, lineTotal: line.lineTotal })),
    null,
  );
  const paid = orderable.map((line, index) => line.lineTotal - (promotions.lineDiscounts[index] ?? 0));
  const itemsTotal = paid.reduce((sum, total) => sum + total, 0);
  const feeOf = (method: (typeof methods.rows)[number]) =>
    method.freeAbove !== null && itemsTotal >= method.freeAbove ? 0 : method.grossPrice;
  const cheapest = methods.rows.reduce<(typeof methods.rows)[number] | undefined>(
    (best, method) => (best === undefined || feeOf(method) < feeOf(best) ? method : best),
    undefined,
  );
  return {
    lines: priced,
    itemCount: priced.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    itemsTotal,
    discounts: promotions.discounts,
    vatContent: orderable.reduce((sum, line, index) => sum + vatOf(paid[index]!, line.vatRate ?? 27), 0),
    shipping: cheapest ? { name: cheapest.name, fee: feeOf(cheapest) } : null,
    orderable: priced.length > 0 && orderable.length === priced.length,
  };
}

type Address = { name: string; postcode: string; city: string; street: string; floorDoor?: string | null };
type OrderBody = {
  cart: { product: number; variant?: number; quantity: number }[];
  customer: { email: string; firstName: string; lastName: string; phone: string };
  shippingAddress?: Address | null;
  billingAddress: Address & { companyName?: string | null; taxNumber?: string | null };
  shippingMethod: number;
  paymentMethod: number;
  note?: string | null;
  couponCode?: string | null;
};
type Method = {
  id: number;
  name: string;
  grossPrice: number;
  grossFee: number;
  freeAbove: number | null;
  needsAddress: boolean;
  deliveryTime: string | null;
  allowedPaymentMethodIds: number[];
  provider: string;
};

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const budapestYear = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Budapest', year: 'numeric' });

/**
 * `POST /api/cart/order` for a guest: the same statements as the shop (the year's counter row before
 * the transaction; in it, the stock of every line in one statement, the order, then its lines, first
 * status and rendered confirmation in one more), through `pg`.
 */
async function placeOrder(pool: pg.Pool, writePool: pg.Pool, body: OrderBody) {
  // One line per product or variant, as the shop merges them.
  const merged = new Map<string, { product: number; variant: number | null; quantity: number }>();
  for (const line of body.cart ?? []) {
    const key = `${line.product}:${line.variant ?? ''}`;
    const quantity = (merged.get(key)?.quantity ?? 0) + line.quantity;
    merged.set(key, { product: line.product, variant: line.variant ?? null, quantity });
  }
  if (merged.size === 0) throw new Refused(400, 'A kosár üres.');
  const ids = [...new Set([...merged.values()].map((line) => line.product))];
  const wantedVariants = [...merged.values()].flatMap((line) =>
    line.variant === null ? [] : [line.variant],
  );
  const [setup, products, variants] = await Promise.all([
    pool.query<{
      shipping: Method | null;
      payment: Method | null;
      terms: Date | null;
      template: { subject: string; bodyHtml: string };
    }>({ name: 'order-setup', text: ORDER_SETUP_SQL }, [body.shippingMethod, body.paymentMethod]),
    pool.query<{
      id: number;
      kutiId: string | null;
      grossPrice: number;
      vatClass: string;
      vatRate: number;
      unit: string;
      title: string;
      tiers: Tier[];
    }>({ name: 'order-products', text: ORDER_PRODUCTS_SQL }, [ids]),
    wantedVariants.length === 0
      ? { rows: [] }
      : pool.query<{
          id: number;
          productId: number;
          kutiId: string | null;
          grossPrice: number | null;
          title: string;
        }>({ name: 'order-variants', text: ORDER_VARIANTS_SQL }, [wantedVariants]),
  ]);
  const { shipping, payment, terms, template } = setup.rows[0]!;
  if (!shipping) throw new Refused(400, 'Ez a szállítási mód nem választható.');
  if (!payment) throw new Refused(400, 'Ez a fizetési mód nem választható.');
  if (shipping.allowedPaymentMethodIds.length > 0 && !shipping.allowedPaymentMethodIds.includes(payment.id))
    throw new Refused(400, 'Ez a fizetési mód nem választható ehhez a szállítási módhoz.');
  const address = shipping.needsAddress ? (body.shippingAddress ?? null) : null;
  if (shipping.needsAddress && !address) throw new Refused(400, 'A szállítási cím kötelező.');
  const byId = new Map(products.rows.map((row) => [row.id, row]));
  const variantsById = new Map(variants.rows.map((row) => [row.id, row]));
  const lines = [...merged.values()].map(({ product: id, variant: variantId, quantity }) => {
    const product = byId.get(id);
    const variant = variantId === null ? null : variantsById.get(variantId);
    if (!product || variant === undefined || (variant && variant.productId !== id))
      throw new Refused(409, `A kosár egyik terméke már nem kapható (#${id}).`);
    const price = unitPrice(variantPricing(product, variant?.grossPrice ?? null), 0, quantity);
    return {
      product,
      variant,
      title: variant ? `${product.title}, ${variant.title}` : product.title,
      kutiId: variant?.kutiId ?? product.kutiId,
      quantity,
      unitPrice: price,
      lineTotal: price * quantity,
      discount: 0,
      vatRate: 27,
    };
  });
  const promotions = await baselineDiscounts(
    pool,
    lines.map((line) => ({ productId: line.product.id, lineTotal: line.lineTotal })),
    body.couponCode ?? null,
  );
  if (promotions.couponRefused) throw new Refused(409, promotions.couponRefused);
  lines.forEach((line, index) => {
    line.discount = promotions.lineDiscounts[index] ?? 0;
    line.lineTotal -= line.discount;
  });
  const discountTotal = promotions.discounts.reduce((sum, discount) => sum + discount.amount, 0);
  const itemsTotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const shippingFee =
    shipping.freeAbove !== null && itemsTotal >= shipping.freeAbove ? 0 : shipping.grossPrice;
  const exactTotal = itemsTotal + shippingFee + payment.grossFee;
  const remainder = exactTotal % 5;
  const grandTotal =
    payment.provider === 'cash_on_delivery'
      ? remainder < 2.5
        ? exactTotal - remainder
        : exactTotal + (5 - remainder)
      : exactTotal;
  const status = payment.provider === 'barion' ? 'awaiting_payment' : 'received';
  const accessKey = randomBytes(24).toString('base64url');
  const termsVersion = `altalanos-szerzodesi-feltetelek${terms ? `@${new Date(terms).toISOString()}` : ''}`;
  const billing = body.billingAddress;

  const year = Number(budapestYear.format(new Date()));
  const identity = await writePool.query<{ last: number; id: number }>(
    { name: 'order-identity', text: ORDER_IDENTITY_SQL },
    [year],
  );
  const number = `${year}-${String(identity.rows[0]!.last).padStart(6, '0')}`;
  const order = { id: identity.rows[0]!.id, createdAt: new Date() };
  for (const line of lines) line.vatRate = line.product.vatRate;
  // Per line and per fee, each rounded to the forint, as the shop's order and its invoice take it.
  const vatTotal =
    lines.reduce((sum, line) => sum + vatOf(line.lineTotal, line.vatRate), 0) +
    [shippingFee, payment.grossFee, grandTotal - exactTotal].reduce((sum, fee) => sum + vatOf(fee, 27), 0);
  const lineRows = lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.title)}</td><td>${line.quantity}</td><td>${forint(line.unitPrice)}</td>` +
        `<td>${line.vatRate}%</td><td>${forint(line.lineTotal)}</td></tr>`,
    )
    .join('');
  const blocks: Record<string, string> = {
    orderLines: `<table><tbody>${lineRows}</tbody></table>`,
    orderTotals: `<p>Termékek: ${forint(itemsTotal)}<br>Szállítási díj: ${forint(shippingFee)}<br><strong>Fizetendő végösszeg: ${forint(grandTotal)}</strong></p>`,
    orderAddresses: `<p>${escapeHtml(`${billing.name}, ${billing.postcode} ${billing.city}, ${billing.street}`)}</p>`,
    paymentInstructions: `<p>${escapeHtml(payment.name)}</p>`,
  };
  const values: Record<string, string> = {
    firstName: body.customer.firstName,
    lastName: body.customer.lastName,
    orderNumber: number,
    orderDate: order.createdAt.toISOString(),
    orderTotal: forint(grandTotal),
    vatContent: forint(vatTotal),
    shippingMethod: shipping.name,
    paymentMethod: payment.name,
    deliveryTime: shipping.deliveryTime ?? '',
    orderLink: `http://127.0.0.1/order/${order.id}?key=${accessKey}`,
    shopUrl: 'http://127.0.0.1',
  };
  const fill = (text: string, html: boolean) =>
    text.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (placeholder, name: string) =>
      html && blocks[name] !== undefined
        ? blocks[name]
        : values[name] !== undefined
          ? html
            ? escapeHtml(values[name])
            : values[name]
          : placeholder,
    );
  const { subject, bodyHtml } = template;
  const html = fill(bodyHtml, true);
  const byProduct = new Map<number, number>();
  for (const line of lines)
    byProduct.set(line.product.id, (byProduct.get(line.product.id) ?? 0) + line.quantity);
  const byVariant = lines.flatMap((line) => (line.variant ? [{ ...line, variant: line.variant }] : []));
  try {
    await writePool.query({ name: 'write-order', text: WRITE_ORDER_SQL }, [
      order.id,
      number,
      createHash('sha256').update(accessKey).digest('hex'),
      termsVersion,
      status,
      body.customer.email,
      body.customer.phone,
      body.customer.firstName,
      body.customer.lastName,
      address?.name ?? null,
      address?.postcode ?? null,
      address?.city ?? null,
      address?.street ?? null,
      address?.floorDoor ?? null,
      billing.name,
      billing.companyName ?? null,
      billing.taxNumber ?? null,
      billing.postcode,
      billing.city,
      billing.street,
      billing.floorDoor ?? null,
      shipping.id,
      shipping.name,
      shippingFee,
      shipping.deliveryTime,
      payment.id,
      payment.name,
      payment.provider,
      payment.grossFee,
      itemsTotal,
      grandTotal - exactTotal,
      vatTotal,
      grandTotal,
      body.note ?? null,
      order.createdAt,
      [...byProduct.keys()],
      [...byProduct.values()],
      lines.map((line) => line.product.id),
      lines.map((line) => line.title),
      lines.map((line) => line.kutiId),
      lines.map((line) => line.unitPrice),
      lines.map((line) => line.vatRate),
      lines.map((line) => line.quantity),
      lines.map((line) => line.lineTotal),
      body.customer.email,
      fill(subject, false),
      html,
      html
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
      lines.map((line) => line.product.vatClass),
      lines.map((line) => line.product.unit),
      byVariant.map((line) => line.variant.id),
      byVariant.map((line) => line.product.id),
      byVariant.map((line) => line.quantity),
      lines.map((line) => line.variant?.id ?? null),
      `e:${body.customer.email.toLowerCase()}`,
      promotions.discounts.map((discount) => discount.promotionId),
      promotions.discounts.map((discount) => discount.codeId),
      promotions.discounts.map((discount) => discount.code),
      promotions.discounts.map((discount) => discount.label),
      promotions.discounts.map((discount) => discount.amount),
      lines.map((line) => line.discount),
      discountTotal,
      promotions.discounts.flatMap((discount) => (discount.codeId === null ? [] : [discount.codeId])),
    ]);
  } catch (error) {
    if (error instanceof Error && error.message.includes('shop:stock-shortage')) {
      throw new Refused(409, 'A kosár egyik terméke elfogyott.');
    }
    if (error instanceof Error && error.message.includes('shop:promotion-taken')) {
      throw new Refused(409, 'A kuponkód közben elfogyott. A rendelést kupon nélkül is leadhatod.');
    }
    throw error;
  }
  return {
    order: {
      id: order.id,
      number,
      status,
      createdAt: order.createdAt.toISOString(),
      customer: body.customer,
      shippingAddress: address,
      billingAddress: billing,
      shippingMethod: {
        id: shipping.id,
        name: shipping.name,
        fee: shippingFee,
        deliveryTime: shipping.deliveryTime,
      },
      paymentMethod: {
        id: payment.id,
        name: payment.name,
        provider: payment.provider,
        fee: payment.grossFee,
      },
      lines: lines.map((line) => ({
        product: line.product.id,
        variant: line.variant?.id ?? null,
        title: line.title,
        kutiId: line.kutiId,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        lineTotal: line.lineTotal,
        vatRate: line.vatRate,
        vatClass: line.product.vatClass,
      })),
      itemsTotal,
      rounding: grandTotal - exactTotal,
      total: grandTotal,
      vatContent: vatTotal,
      note: body.note ?? null,
      termsVersion,
      paymentState: 'none',
      history: [{ status, at: order.createdAt.toISOString(), note: 'A rendelés beérkezett.' }],
    },
    payment: null,
    accessKey,
  };
}

async function main() {
  const connectionString = process.env.BENCH_SHOP_DATABASE_URL;
  if (!connectionString || !process.send) throw new Error('A benchmark indítja (bench/run.ts).');
  const pool = new pg.Pool({ connectionString, max: 10, statement_timeout: 15_000 });
  // The order's two statements are planned once per connection, as the shop plans its marked ones
  // (packages/db/src/prepared-statements.ts); its searches keep plans made for their values.
  const writePool = new pg.Pool({
    connectionString,
    max: 10,
    statement_timeout: 15_000,
    options: '-c plan_cache_mode=force_generic_plan',
  });

  const server = createServer((request, response) => {
    // Past this backlog the run would only measure a queue; the shop's pool queue is bounded by
    // the load generator's connections in the same way.
    if (pool.waitingCount >= MAX_WAITING) return send(response, 503, { message: 'Túlterhelt.' });
    const handle = async () => {
      const url = request.url ?? '/';
      if (request.method === 'GET' && url === '/api/category') {
        const { rows } = await pool.query({ name: 'categories', text: CATEGORIES_SQL });
        return send(response, 200, { items: buildTree(rows) });
      }
      if (request.method !== 'POST') return send(response, 404, { message: 'Nincs ilyen végpont.' });
      const body = (await readBody(request)) as Record<string, unknown>;
      if (url === '/api/product/filters') {
        const input = body as FiltersBody;
        const [first, second] = Object.entries(input.properties);
        const pageSize = input.pageSize ?? 24;
        const { rows } = await pool.query({ name: 'filters', text: FILTERS_SQL }, [
          input.category,
          first?.[1] ?? [],
          second?.[1] ?? [],
          input.priceMin ?? 0,
          input.priceMax ?? 100_000_000,
          pageSize,
          ((input.page ?? 1) - 1) * pageSize,
          Number(first?.[0] ?? 0),
          Number(second?.[0] ?? 0),
        ]);
        const row = rows[0] as { total: number; price: unknown; items: unknown; facets: unknown };
        return send(response, 200, {
          items: row.items,
          total: row.total,
          facets: row.facets,
          price: row.price,
        });
      }
      if (url === '/api/product/quicksearch') {
        const query = String(body.query ?? '');
        const raw = tokens(query);
        const folded = tokens(fold(query));
        if (folded.length === 0) return send(response, 200, { products: [], categories: [] });
        const foldedText = folded.join(' ');
        const client = await pool.connect();
        let ids: number[];
        try {
          await client.query('BEGIN');
          await client.query(`SELECT set_config('pg_trgm.word_similarity_threshold', '0.45', true)`);
          const hits = await client.query<{ id: number }>({ name: 'search', text: SEARCH_SQL }, [
            prefixQuery(raw),
            prefixQuery(folded),
            foldedText,
            `${foldedText}%`,
            32,
          ]);
          await client.query('COMMIT');
          ids = hits.rows.map((row) => row.id);
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          // Released before the next queries: holding it while waiting for two more would deadlock a full pool.
          client.release();
        }
        const byCode = await pool.query<{ id: number }>({ name: 'variant-code', text: VARIANT_CODE_SQL }, [
          query.trim().toUpperCase(),
        ]);
        ids = [...new Set([...byCode.rows.map((row) => row.id), ...ids])];
        const [cards, categories] = await Promise.all([
          pool.query<{ id: number }>({ name: 'cards', text: CARDS_SQL }, [ids]),
          pool.query({ name: 'search-categories', text: SEARCH_CATEGORIES_SQL }, [foldedText]),
        ]);
        const byId = new Map(cards.rows.map((card) => [card.id, card]));
        const products = ids.flatMap((id) => byId.get(id) ?? []).slice(0, 8);
        return send(response, 200, { products, categories: categories.rows });
      }
      if (url === '/api/product/getBySlug') {
        const match = /(?:^|-)(\d{1,9})$/.exec(String(body.slug ?? ''));
        const { rows } = match
          ? await pool.query({ name: 'product', text: PRODUCT_SQL }, [Number(match[1])])
          : { rows: [] };
        return rows[0]
          ? send(response, 200, rows[0])
          : send(response, 404, { message: 'A keresett termék nem található.' });
      }
      if (url === '/api/cart/add') {
        const customer = await customerOf(pool, request);
        if (!customer) return send(response, 401, { message: 'Lejárt a munkamenet.' });
        if (typeof body.product === 'number') {
          await pool.query({ name: 'cart-add', text: CART_ADD_SQL }, [
            customer.id,
            body.product,
            typeof body.variant === 'number' ? body.variant : null,
            typeof body.quantity === 'number' ? body.quantity : 1,
          ]);
        }
        return send(response, 200, await readCart(pool, customer));
      }
      if (url === '/api/cart/order')
        return send(response, 200, await placeOrder(pool, writePool, body as OrderBody));
      return send(response, 404, { message: 'Nincs ilyen végpont.' });
    };
    handle().catch((error: unknown) => {
      if (error instanceof Refused) return send(response, error.status, { message: error.message });
      process.stderr.write(`alapvonal hiba: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!response.headersSent) send(response, 500, { message: 'Váratlan hiba.' });
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('disconnect', () => {
    server.close();
    void pool.end().finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
